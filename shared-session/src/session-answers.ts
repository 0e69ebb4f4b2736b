// The answers the session itself reads (sign-in, the current user, the constants, the event stream), checked
// with answer-check.ts: the login page loads these few checks instead of shared-domain's schemas, which bring
// zod and every schema of the product (docs/decisions/007). Each mirrors its shared-domain schema: the types
// must be equal (below) and session-answers.test.ts checks the same answers with both.
import type {
  AuthenticateResponse,
  Constant,
  CurrentUser,
  EntityChangedEvent,
  SignedInUser,
} from '@carelane/shared-domain';
import {
  array,
  boolean,
  either,
  int,
  nullable,
  number,
  object,
  oneOf,
  string,
  unknown,
  type Checked,
} from './answer-check';

const signedInUserFields = {
  id: int,
  pin: nullable(string),
  emailId: string,
  firstName: string,
  lastName: string,
  referralSourceId: nullable(int),
  rolename: string,
  roleId: int,
  privileges: string,
  onboardStep: nullable(string),
  onboardStepRS: nullable(string),
  firstAssigment: boolean,
  appDownloaded: boolean,
  backOfficeSupportId: nullable(int),
  changePassword: boolean,
  idleTimeout: int,
  impersonatorId: nullable(int),
};

/** The signed-in user as /api/security/me answers it: no token. */
export const signedInUserAnswer = object(signedInUserFields);
/** The user of a sign-in's answer: with the token. */
export const currentUserAnswer = object({ ...signedInUserFields, token: string });

export const authenticateAnswer = object({ user: array(currentUserAnswer), token: string });

export const constantListAnswer = array(
  object({ type: string, name: string, value: string, description: string }),
);

export const entityChangedAnswer = object({
  entity: string,
  id: nullable(either(string, number)),
  action: oneOf('created', 'updated', 'deleted'),
  at: string,
});

/** Any answer at all (logout's). */
export const anyAnswer = unknown;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// A field added to a shared-domain schema and not here (or the other way round) fails the typecheck here.
export const SAME_TYPES: [
  Same<Checked<typeof signedInUserAnswer>, SignedInUser>,
  Same<Checked<typeof currentUserAnswer>, CurrentUser>,
  Same<Checked<typeof authenticateAnswer>, AuthenticateResponse>,
  Same<Checked<typeof constantListAnswer>, Constant[]>,
  Same<Checked<typeof entityChangedAnswer>, EntityChangedEvent>,
] = [true, true, true, true, true];
