// The demo logins (README) and what each role's navigation must and must not hold (docs/decisions/004).
export type DemoLogin = { emailId: string; roleId: number; shows: string[]; hides: string[] };

export const DEMO_LOGINS: DemoLogin[] = [
  {
    emailId: 'admin@carelane.local',
    roleId: 1,
    shows: ['Users', 'Audit logs', 'Invoices', 'Dashboard'],
    hides: [],
  },
  {
    emailId: 'backoffice@carelane.local',
    roleId: 2,
    shows: ['Invoices', 'Provider payments', 'Users'],
    hides: ['Audit logs', 'Outbox'],
  },
  {
    emailId: 'clinician@carelane.local',
    roleId: 4,
    shows: ['Dashboard', 'Inbox'],
    hides: ['Users', 'Invoices', 'Clinicians', 'Audit logs'],
  },
  {
    emailId: 'coordinator@carelane.local',
    roleId: 5,
    shows: ['Service requests', 'Clinicians'],
    hides: ['Users', 'Invoices', 'Audit logs'],
  },
  {
    emailId: 'customercare@carelane.local',
    roleId: 6,
    shows: ['Service requests', 'Users'],
    hides: ['Invoices', 'Audit logs'],
  },
  {
    emailId: 'director@carelane.local',
    roleId: 7,
    shows: ['Users', 'Audit logs', 'Invoices'],
    hides: ['Outbox'],
  },
  {
    emailId: 'orgadmin@carelane.local',
    roleId: 8,
    shows: ['Patients', 'Users', 'Invoices'],
    hides: ['Clinicians', 'Audit logs'],
  },
  {
    emailId: 'orguser@carelane.local',
    roleId: 9,
    shows: ['Patients', 'Invoices'],
    hides: ['Users', 'Clinicians', 'Audit logs'],
  },
  {
    emailId: 'orgmanager@carelane.local',
    roleId: 12,
    shows: ['Patients', 'Users'],
    hides: ['Clinicians', 'Audit logs'],
  },
  {
    emailId: 'clinicianmanager@carelane.local',
    roleId: 13,
    shows: ['Clinicians', 'Users'],
    hides: ['Invoices', 'Audit logs'],
  },
  {
    emailId: 'executive@carelane.local',
    roleId: 14,
    shows: ['Users', 'Audit logs', 'Invoices', 'Reports'],
    hides: ['Outbox'],
  },
];
