// What other areas may use of the visits' records: the name a missing visit is reported by.
export { VISIT_THING } from './repository';
