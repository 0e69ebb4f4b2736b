import {
  authenticateResponseSchema,
  constantSchema,
  currentUserSchema,
  entityChangedEventSchema,
  signedInUserSchema,
} from '@carelane/shared-domain';
import {
  authenticateAnswer,
  constantListAnswer,
  currentUserAnswer,
  entityChangedAnswer,
  signedInUserAnswer,
} from './session-answers';
import { currentUser, signedInUser } from './test-support';

type SafeParse = { safeParse(data: unknown): { success: boolean; data?: unknown } };

/** Both checks give the same verdict, and the same data when they accept. */
function agree(full: SafeParse, light: SafeParse, answer: unknown) {
  const a = full.safeParse(answer);
  const b = light.safeParse(answer);
  expect({ success: b.success, data: b.data }).toEqual({ success: a.success, data: a.data });
  return b.success;
}

const user = currentUser();

describe('the session’s light answer checks agree with shared-domain’s schemas', () => {
  it.each([
    ['a user', user, true],
    ['a switched user', { ...user, impersonatorId: 1, referralSourceId: 3, pin: '1234' }, true],
    ['extra fields (dropped)', { ...user, somethingNew: 1 }, true],
    ['a missing field', { ...user, token: undefined }, false],
    ['a fractional id', { ...user, id: 1.5 }, false],
    ['a string for a number', { ...user, idleTimeout: '50' }, false],
    ['null for a flag', { ...user, changePassword: null }, false],
    ['not an object', 'user', false],
    ['a list', [user], false],
    ['null', null, false],
    ['an id too large to be exact', { ...user, id: 2 ** 53 }, false],
  ])('the current user: %s', (_name, answer, accepted) => {
    expect(agree(currentUserSchema, currentUserAnswer, answer)).toBe(accepted);
  });

  it.each([
    ['a user', signedInUser(), true],
    ['a token (dropped)', user, true],
    ['a missing field', { ...signedInUser(), roleId: undefined }, false],
  ])('the signed-in user of /me: %s', (_name, answer, accepted) => {
    expect(agree(signedInUserSchema, signedInUserAnswer, answer)).toBe(accepted);
  });

  it.each([
    ['a sign-in', { user: [user], token: 't' }, true],
    ['no user', { user: [], token: 't' }, true],
    ['a bad user', { user: [{ ...user, roleId: 'x' }], token: 't' }, false],
    ['no token', { user: [user] }, false],
  ])('the sign-in answer: %s', (_name, answer, accepted) => {
    expect(agree(authenticateResponseSchema, authenticateAnswer, answer)).toBe(accepted);
  });

  it.each([
    ['constants', [{ type: 'session', name: 'idleTimeout', value: '40', description: '' }], true],
    ['none', [], true],
    ['a number value', [{ type: 'session', name: 'idleTimeout', value: 40, description: '' }], false],
  ])('the constants: %s', (_name, answer, accepted) => {
    expect(agree(constantSchema.array(), constantListAnswer, answer)).toBe(accepted);
  });

  it.each([
    ['a change', { entity: 'user', id: 7, action: 'updated', at: '2026-11-22T10:00:00.000Z' }, true],
    ['a text id', { entity: 'user', id: 'a7', action: 'created', at: '2026-11-22T10:00:00Z' }, true],
    ['no id', { entity: 'user', id: null, action: 'deleted', at: '2026-11-22T10:00:00Z' }, true],
    ['an unknown action', { entity: 'user', id: 7, action: 'moved', at: '2026-11-22T10:00:00Z' }, false],
  ])('an event: %s', (_name, answer, accepted) => {
    expect(agree(entityChangedEventSchema, entityChangedAnswer, answer)).toBe(accepted);
  });
});
