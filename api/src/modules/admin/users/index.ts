// What other areas may use of the users: finding a user's row (sign-in and sessions).
export { findUserRowByEmail, findUserRowById, type UserRow } from './repository';
