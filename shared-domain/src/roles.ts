/** Role ids (SPEC §6). Ids 3, 10 and 11 are not used. */
export const ROLE = {
  ADMINISTRATOR: 1,
  BACK_OFFICE: 2,
  CLINICIAN: 4,
  CARE_COORDINATOR: 5,
  CUSTOMER_CARE_COORDINATOR: 6,
  OPERATIONS_DIRECTOR: 7,
  ORGANIZATION_ADMINISTRATOR: 8,
  ORGANIZATION_USER: 9,
  ORGANIZATION_MANAGER: 12,
  CLINICIAN_MANAGER: 13,
  EXECUTIVE: 14,
} as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

/** Role names are upper-cased (SPEC §6); the names themselves are our design. */
export const ROLE_NAMES: Record<number, string> = {
  [ROLE.ADMINISTRATOR]: 'ADMINISTRATOR',
  [ROLE.BACK_OFFICE]: 'BACK OFFICE AND BILLING',
  [ROLE.CLINICIAN]: 'CLINICIAN',
  [ROLE.CARE_COORDINATOR]: 'CARE COORDINATOR',
  [ROLE.CUSTOMER_CARE_COORDINATOR]: 'CUSTOMER CARE COORDINATOR',
  [ROLE.OPERATIONS_DIRECTOR]: 'OPERATIONS DIRECTOR',
  [ROLE.ORGANIZATION_ADMINISTRATOR]: 'ORGANIZATION ADMINISTRATOR',
  [ROLE.ORGANIZATION_USER]: 'ORGANIZATION USER',
  [ROLE.ORGANIZATION_MANAGER]: 'ORGANIZATION MANAGER',
  [ROLE.CLINICIAN_MANAGER]: 'CLINICIAN MANAGER',
  [ROLE.EXECUTIVE]: 'EXECUTIVE',
};

export const ROLE_DESCRIPTIONS: Record<number, string> = {
  [ROLE.ADMINISTRATOR]: 'Runs the whole portal: all users, roles, privileges, constants and audit logs.',
  [ROLE.BACK_OFFICE]: 'Handles invoices, provider payments, adjustments, fines and credentialing support.',
  [ROLE.CLINICIAN]: 'A provider who is matched to visits and shifts, documents them and is paid for them.',
  [ROLE.CARE_COORDINATOR]: 'Staffs service requests: matches, assigns and follows up clinicians on visits.',
  [ROLE.CUSTOMER_CARE_COORDINATOR]:
    'Looks after organizations and their requests, and supervises care coordinators.',
  [ROLE.OPERATIONS_DIRECTOR]: 'Oversees staffing, billing and the coordination team.',
  [ROLE.ORGANIZATION_ADMINISTRATOR]: "Manages an organization's account, its users and its service requests.",
  [ROLE.ORGANIZATION_USER]:
    'Creates patients and service requests for an organization and follows their visits.',
  [ROLE.ORGANIZATION_MANAGER]: "Manages an organization's service requests and its organization users.",
  [ROLE.CLINICIAN_MANAGER]:
    'Recruits, onboards and credentials clinicians, and supervises care coordinators.',
  [ROLE.EXECUTIVE]: 'Leads the business, with the reports and the staff below the administrator.',
};

export const ALL_ROLE_IDS: readonly number[] = [1, 2, 4, 5, 6, 7, 8, 9, 12, 13, 14];

/** SPEC §6 role management: actor role id -> the role ids whose users it may create, edit and act on. */
export const ROLE_MANAGEMENT: Record<number, readonly number[]> = {
  [ROLE.ADMINISTRATOR]: [1, 2, 5, 6, 7, 8, 9, 12, 13, 14],
  [ROLE.EXECUTIVE]: [2, 5, 6, 7, 13],
  [ROLE.OPERATIONS_DIRECTOR]: [2, 5, 6, 13],
  [ROLE.BACK_OFFICE]: [5, 6, 13],
  [ROLE.CLINICIAN_MANAGER]: [5],
  [ROLE.CUSTOMER_CARE_COORDINATOR]: [5],
  [ROLE.ORGANIZATION_ADMINISTRATOR]: [9, 12],
  [ROLE.ORGANIZATION_MANAGER]: [9],
  [ROLE.CLINICIAN]: [],
  [ROLE.CARE_COORDINATOR]: [],
  [ROLE.ORGANIZATION_USER]: [],
};

export function managedRoleIds(actorRoleId: number): readonly number[] {
  return ROLE_MANAGEMENT[actorRoleId] ?? [];
}

export function canManageRole(actorRoleId: number, targetRoleId: number): boolean {
  return managedRoleIds(actorRoleId).includes(targetRoleId);
}

export const STAFFING_ROLE_IDS: readonly number[] = [2, 5, 6, 7, 13, 14];
export function isStaffingRole(roleId: number): boolean {
  return STAFFING_ROLE_IDS.includes(roleId);
}

export const ORGANIZATION_ROLE_IDS: readonly number[] = [
  ROLE.ORGANIZATION_ADMINISTRATOR,
  ROLE.ORGANIZATION_USER,
  ROLE.ORGANIZATION_MANAGER,
];
export function isOrganizationRole(roleId: number): boolean {
  return ORGANIZATION_ROLE_IDS.includes(roleId);
}

/** SPEC §6: these roles see all episodes by default (episode filter All instead of Active). */
export const ROLES_SEEING_ALL_EPISODES: readonly number[] = [
  ROLE.CARE_COORDINATOR,
  ROLE.CUSTOMER_CARE_COORDINATOR,
];

/**
 * Roles whose work is their own list of service requests (the ones they coordinate or created): "Only mine"
 * starts on for them; everyone else starts with every service request they may see (decision 044).
 */
export const ROLES_SHOWING_ONLY_MINE: readonly number[] = [ROLE.CARE_COORDINATOR];

export const CLINICIAN_ROLE_ID = ROLE.CLINICIAN;
