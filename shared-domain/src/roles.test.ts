import {
  ALL_ROLE_IDS,
  CLINICIAN_ROLE_ID,
  ORGANIZATION_ROLE_IDS,
  ROLE,
  ROLES_SEEING_ALL_EPISODES,
  ROLE_DESCRIPTIONS,
  ROLE_MANAGEMENT,
  ROLE_NAMES,
  STAFFING_ROLE_IDS,
  canManageRole,
  isOrganizationRole,
  isStaffingRole,
  managedRoleIds,
} from './roles';

const SPEC_MANAGEMENT: [number, number[]][] = [
  [1, [1, 2, 5, 6, 7, 8, 9, 12, 13, 14]],
  [14, [2, 5, 6, 7, 13]],
  [7, [2, 5, 6, 13]],
  [2, [5, 6, 13]],
  [13, [5]],
  [6, [5]],
  [8, [9, 12]],
  [12, [9]],
  [4, []],
  [5, []],
  [9, []],
];

describe('role ids and names', () => {
  it('has the ids the spec uses', () => {
    expect(ALL_ROLE_IDS).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 12, 13, 14]);
    expect(Object.values(ROLE).sort((a, b) => a - b)).toEqual(ALL_ROLE_IDS);
    expect(CLINICIAN_ROLE_ID).toBe(4);
  });

  it.each([
    [1, 'ADMINISTRATOR'],
    [2, 'BACK OFFICE AND BILLING'],
    [4, 'CLINICIAN'],
    [5, 'CARE COORDINATOR'],
    [6, 'CUSTOMER CARE COORDINATOR'],
    [7, 'OPERATIONS DIRECTOR'],
    [8, 'ORGANIZATION ADMINISTRATOR'],
    [9, 'ORGANIZATION USER'],
    [12, 'ORGANIZATION MANAGER'],
    [13, 'CLINICIAN MANAGER'],
    [14, 'EXECUTIVE'],
  ])('role %i is named %s', (roleId, name) => {
    expect(ROLE_NAMES[roleId]).toBe(name);
  });

  it('names are upper-cased and every role has a description', () => {
    for (const roleId of ALL_ROLE_IDS) {
      expect(ROLE_NAMES[roleId]).toBe(ROLE_NAMES[roleId]?.toUpperCase());
      expect(ROLE_DESCRIPTIONS[roleId]).toMatch(/\S.*\.$/);
    }
  });
});

describe('role management matrix (SPEC §6)', () => {
  it.each(SPEC_MANAGEMENT)('role %i manages %j', (actor, targets) => {
    expect([...managedRoleIds(actor)].sort((a, b) => a - b)).toEqual(targets);
    expect(ROLE_MANAGEMENT[actor] ?? []).toEqual(expect.arrayContaining(targets));
  });

  it.each(SPEC_MANAGEMENT)('role %i manages exactly those roles and no other', (actor, targets) => {
    for (const target of ALL_ROLE_IDS) {
      expect(canManageRole(actor, target)).toBe(targets.includes(target));
    }
  });

  it.each([
    [13, 6],
    [8, 5],
    [1, 4],
    [12, 8],
    [12, 12],
    [6, 6],
    [2, 7],
    [7, 14],
    [14, 1],
    [4, 4],
  ])('role %i cannot manage role %i', (actor, target) => {
    expect(canManageRole(actor, target)).toBe(false);
  });

  it('an unknown role manages nothing', () => {
    expect(managedRoleIds(3)).toEqual([]);
    expect(managedRoleIds(99)).toEqual([]);
    expect(canManageRole(99, 5)).toBe(false);
  });
});

describe('role groups', () => {
  it('staffing roles are 2, 5, 6, 7, 13, 14', () => {
    expect(STAFFING_ROLE_IDS).toEqual([2, 5, 6, 7, 13, 14]);
    expect(ALL_ROLE_IDS.filter(isStaffingRole)).toEqual([2, 5, 6, 7, 13, 14]);
  });

  it('organization roles are 8, 9, 12', () => {
    expect(ORGANIZATION_ROLE_IDS).toEqual([8, 9, 12]);
    expect(ALL_ROLE_IDS.filter(isOrganizationRole)).toEqual([8, 9, 12]);
  });

  it('roles 5 and 6 see all episodes', () => {
    expect(ROLES_SEEING_ALL_EPISODES).toEqual([5, 6]);
  });
});
