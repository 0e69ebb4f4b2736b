// What other areas may use of the audit log's reading: the cap on its counted pages.
export { AUDIT_COUNT_CAP } from './repository';
