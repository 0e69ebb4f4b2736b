// What other areas may use of the constants: reading them (typed, or one by name), the reason labels, and the
// seed's defaults. Everything else stays behind this feature's service.
export { ensureConstants, findConstant, loadTypedConstants, reasonLabels } from './repository';
