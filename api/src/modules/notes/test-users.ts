// What both notes API test files start from: the demo users they act as, signed in.
import { DEMO_USERS, type TestServer } from '../../test/harness';
import { providerIdOf } from '../../test/identity-helpers';

/** The clinician, coordinator, administrator and organization user of the demo, and the clinician's record. */
export async function signInNotesUsers(s: TestServer) {
  const [clinician, coordinator, admin, orgUser] = await s.loginAs(
    'clinician',
    'coordinator',
    'admin',
    'orgUser',
  );
  return { clinician, coordinator, admin, orgUser, ownId: await providerIdOf(s, DEMO_USERS.clinician) };
}
