import { and, eq, sql } from 'drizzle-orm';
import {
  ALL_ROLE_IDS,
  DEFAULT_ROLE_PRIVILEGES,
  ROLE,
  ROLE_DESCRIPTIONS,
  ROLE_NAMES,
  PROVIDER_TYPES,
  VISIT_TYPES,
} from '@carelane/shared-domain';
import { appConstants, providerTypes, referralSources, roles, users, visitTypes } from './schema';
import type { Db } from './client';
import { hashPassword, type Argon2Params } from '../lib/crypto';
import { ensureConstants } from '../modules/admin/constants';
import { seedSchedulingDemo } from './seed-scheduling';
import { seedCredentialCatalogue } from './seed-credentials';
import { seedAgreementTemplates, seedDemoAgreements } from './seed-agreements';
import { seedDemoOrientations } from './seed-orientations';
import { seedDemoNotes, seedNoteReference } from './seed-notes';
import { seedDemoCandidates } from './seed-candidates';

export const DEMO_PASSWORD = 'Carelane-demo-1';
/** The demo's number SMS are sent from and received on (constant smsFromNumbers). */
export const DEMO_SMS_FROM_NUMBERS = ['5125550100'];

/** One demo login per role the spec names; organization users belong to the organization named by index. */
export const DEMO_USERS: ReadonlyArray<{
  emailId: string;
  firstName: string;
  lastName: string;
  roleId: number;
  organization?: number;
  phoneNumber: string;
}> = [
  {
    emailId: 'admin@carelane.local',
    firstName: 'Avery',
    lastName: 'Admin',
    roleId: ROLE.ADMINISTRATOR,
    phoneNumber: '5125550101',
  },
  {
    emailId: 'backoffice@carelane.local',
    firstName: 'Blake',
    lastName: 'Ledger',
    roleId: ROLE.BACK_OFFICE,
    phoneNumber: '5125550102',
  },
  {
    emailId: 'clinician@carelane.local',
    firstName: 'Casey',
    lastName: 'Rivera',
    roleId: ROLE.CLINICIAN,
    phoneNumber: '5125550104',
  },
  {
    emailId: 'coordinator@carelane.local',
    firstName: 'Cora',
    lastName: 'Whitfield',
    roleId: ROLE.CARE_COORDINATOR,
    phoneNumber: '5125550105',
  },
  {
    emailId: 'customercare@carelane.local',
    firstName: 'Cameron',
    lastName: 'Ortiz',
    roleId: ROLE.CUSTOMER_CARE_COORDINATOR,
    phoneNumber: '5125550106',
  },
  {
    emailId: 'director@carelane.local',
    firstName: 'Dana',
    lastName: 'Okafor',
    roleId: ROLE.OPERATIONS_DIRECTOR,
    phoneNumber: '5125550107',
  },
  {
    emailId: 'orgadmin@carelane.local',
    firstName: 'Morgan',
    lastName: 'Hale',
    roleId: ROLE.ORGANIZATION_ADMINISTRATOR,
    organization: 0,
    phoneNumber: '5125550108',
  },
  {
    emailId: 'orguser@carelane.local',
    firstName: 'Jordan',
    lastName: 'Pike',
    roleId: ROLE.ORGANIZATION_USER,
    organization: 0,
    phoneNumber: '5125550109',
  },
  {
    emailId: 'orgmanager@carelane.local',
    firstName: 'Riley',
    lastName: 'Chen',
    roleId: ROLE.ORGANIZATION_MANAGER,
    organization: 0,
    phoneNumber: '5125550112',
  },
  {
    emailId: 'clinicianmanager@carelane.local',
    firstName: 'Sam',
    lastName: 'Patel',
    roleId: ROLE.CLINICIAN_MANAGER,
    phoneNumber: '5125550113',
  },
  {
    emailId: 'executive@carelane.local',
    firstName: 'Taylor',
    lastName: 'Brooks',
    roleId: ROLE.EXECUTIVE,
    phoneNumber: '5125550114',
  },
  {
    emailId: 'lakeside.admin@carelane.local',
    firstName: 'Quinn',
    lastName: 'Foster',
    roleId: ROLE.ORGANIZATION_ADMINISTRATOR,
    organization: 1,
    phoneNumber: '2145550108',
  },
  {
    emailId: 'lakeside.user@carelane.local',
    firstName: 'Harper',
    lastName: 'Lane',
    roleId: ROLE.ORGANIZATION_USER,
    organization: 1,
    phoneNumber: '2145550109',
  },
];

export const DEMO_ORGANIZATIONS = [
  {
    name: 'Sunrise Home Health',
    zipcode: '78701',
    latitude: 30.2711,
    longitude: -97.7437,
    phone: '5125550100',
    email: 'intake@sunrise.example',
    idleTimeout: null,
  },
  {
    name: 'Lakeside Medical Center',
    zipcode: '75201',
    latitude: 32.7876,
    longitude: -96.7994,
    phone: '2145550100',
    email: 'referrals@lakeside.example',
    idleTimeout: 30,
  },
  {
    name: 'Hill Country Hospice',
    zipcode: '78205',
    latitude: 29.4252,
    longitude: -98.4946,
    phone: '2105550100',
    email: 'care@hillcountry.example',
    idleTimeout: null,
  },
  {
    name: 'Old Mill Rehabilitation',
    zipcode: '76102',
    latitude: 32.7555,
    longitude: -97.3308,
    phone: '8175550100',
    email: 'office@oldmill.example',
    idleTimeout: null,
    status: 'INACTIVE',
  },
] as const;

/** Roles and constants every database needs; safe to run at every start (keeps what was changed). */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(
      ALL_ROLE_IDS.map((roleId) => ({
        roleId,
        rolename: ROLE_NAMES[roleId]!.toUpperCase(),
        description: ROLE_DESCRIPTIONS[roleId] ?? '',
        privileges: DEFAULT_ROLE_PRIVILEGES[roleId] ?? {},
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(providerTypes)
    .values([...PROVIDER_TYPES])
    .onConflictDoNothing();
  await db
    .insert(visitTypes)
    .values([...VISIT_TYPES])
    .onConflictDoNothing();
  await ensureConstants(db);
  await seedCredentialCatalogue(db);
  await seedAgreementTemplates(db);
  await seedNoteReference(db);
}

/** The demo: organizations and one user per role. Only on an empty database. */
export async function seedDemoData(db: Db, argon2: Argon2Params): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if (n > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD, argon2);
  await db.transaction(async (tx) => {
    const orgs = await tx
      .insert(referralSources)
      .values(DEMO_ORGANIZATIONS.map((o) => ({ ...o })))
      .returning({ id: referralSources.id });
    const demoUsers = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          emailId: u.emailId,
          firstName: u.firstName,
          lastName: u.lastName,
          phoneNumber: u.phoneNumber,
          roleId: u.roleId,
          referralSourceId: u.organization === undefined ? null : orgs[u.organization]!.id,
          passwordHash,
          emailVerified: true,
          phoneVerified: true,
          onboardStep: u.roleId === ROLE.CLINICIAN ? 'Done' : null,
        })),
      )
      .returning({ id: users.id, emailId: users.emailId });
    await seedSchedulingDemo(tx, {
      organizationIds: orgs.map((o) => o.id),
      userIds: Object.fromEntries(demoUsers.map((u) => [u.emailId, u.id])),
    });
    await seedDemoOrientations(tx);
    await seedDemoAgreements(tx);
    await seedDemoNotes(tx);
    await seedDemoCandidates(tx);
    // The demo's SMS number, so inbound SMS (POST /api/messaging/inbound/sms) work out of the box.
    await tx
      .update(appConstants)
      .set({ value: JSON.stringify(DEMO_SMS_FROM_NUMBERS) })
      .where(and(eq(appConstants.name, 'smsFromNumbers'), eq(appConstants.value, '[]')));
  });
  return true;
}
