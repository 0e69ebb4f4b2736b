// What other areas may use of the organizations: whether one exists.
export { referralSourceExists } from './repository';
