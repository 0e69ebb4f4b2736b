// The people billing's API tests act as: the back office, the director and the executive (who hold billing's
// pages) and every demo role, each signed in, with the back office's user id (what it records is theirs).
import type { TestServer } from '../../test/harness';

export const BACK_OFFICE = 'backoffice@carelane.local';

export async function signInBillingRoles(s: TestServer) {
  const billing = await s.login(BACK_OFFICE);
  const director = await s.login('director@carelane.local');
  const executive = await s.login('executive@carelane.local');
  const [admin, coordinator, clinician, clinicianManager, orgUser] = await s.loginAs(
    'admin',
    'coordinator',
    'clinician',
    'clinicianManager',
    'orgUser',
  );
  const [office] = await s.sql<{ id: number }>(`select id from users where email_id = $1`, [BACK_OFFICE]);
  return {
    billing,
    director,
    executive,
    admin,
    coordinator,
    clinician,
    clinicianManager,
    orgUser,
    backOfficeId: office!.id,
  };
}
