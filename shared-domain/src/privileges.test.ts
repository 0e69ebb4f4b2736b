import {
  DEFAULT_ROLE_PRIVILEGES,
  PAGE_KEYS,
  canOpenPage,
  canReviewCredentials,
  canSwitchUser,
  defaultShowMine,
  hideRatesOnBoardStep,
  isLoginBlocked,
  mergePrivileges,
  parsePrivilegeText,
  privilegeOption,
  showOrganizationRates,
} from './privileges';
import { LOGIN_BLOCKED_MESSAGE } from './errors';
import { ALL_ROLE_IDS } from './roles';

const privilegeText = (map: Record<string, string>) => JSON.stringify(map);

describe('PAGE_KEYS', () => {
  it('holds every SPEC §6 page key plus constants and outbox, once each', () => {
    const specKeys =
      `header, dashboard, serviceRequest, serviceRequestDetail, unstaffedVisits, providerVisits,
      messages, collaboration, providers, providerDetail, tasks, groups, groupDetail, physicianGroups,
      physicianGroupsDetail, providerPayments, myVisits, myInvoices, invoices, activityLogs, broadcast, users,
      userDetail, referralSources, referralSourceDetail, profile, locator, logout, myProfile, myProfilePhysician,
      shortUrl, physicians, patients, reports, unpaidVisits, unbilledVisits, myReferralSource, funnelReports,
      healthReports, candidateReport, patientDetail, timeline, inbox, contacts, nonCoverages, ccDemand`
        .split(',')
        .map((key) => key.trim());
    expect([...PAGE_KEYS].sort()).toEqual([...specKeys, 'constants', 'outbox'].sort());
    expect(new Set(PAGE_KEYS).size).toBe(PAGE_KEYS.length);
  });
});

describe('parsePrivilegeText', () => {
  it('is empty by default', () => {
    expect(parsePrivilegeText(null)).toEqual({});
    expect(parsePrivilegeText(undefined)).toEqual({});
    expect(parsePrivilegeText('')).toEqual({});
  });

  it('parses the JSON text values of each page', () => {
    expect(parsePrivilegeText(privilegeText({ header: '{"blockLogin":1}', dashboard: '{}' }))).toEqual({
      header: { blockLogin: 1 },
      dashboard: {},
    });
  });

  it('never throws on bad JSON', () => {
    expect(parsePrivilegeText('{not json')).toEqual({});
    expect(parsePrivilegeText('[1,2]')).toEqual({});
    expect(parsePrivilegeText('"text"')).toEqual({});
    expect(
      parsePrivilegeText(privilegeText({ header: '{broken', tasks: '{"a":2}', reports: '[1]', inbox: '' })),
    ).toEqual({
      header: {},
      tasks: { a: 2 },
      reports: {},
      inbox: {},
    });
  });

  it('accepts options that are already objects and drops pages whose options are null', () => {
    expect(parsePrivilegeText('{"header":{"switchUser":1},"tasks":"null","inbox":null,"users":5}')).toEqual({
      header: { switchUser: 1 },
      users: {},
    });
  });
});

describe('mergePrivileges', () => {
  const rolePrivileges = { header: '{}', tasks: '{}', invoices: '{}' };

  it('lets a user override win per page and adds pages', () => {
    expect(mergePrivileges(rolePrivileges, { header: '{"blockLogin":1}', reports: '{}' })).toEqual({
      header: '{"blockLogin":1}',
      tasks: '{}',
      invoices: '{}',
      reports: '{}',
    });
  });

  it('removes a page whose user value is the JSON text null', () => {
    expect(mergePrivileges(rolePrivileges, { invoices: 'null', tasks: ' null ' })).toEqual({ header: '{}' });
  });

  it('leaves its inputs untouched', () => {
    mergePrivileges(rolePrivileges, { invoices: 'null' });
    expect(rolePrivileges).toEqual({ header: '{}', tasks: '{}', invoices: '{}' });
  });
});

describe('page access and options', () => {
  const privileges = parsePrivilegeText(
    privilegeText({ header: '{"switchUser":1}', serviceRequest: '{"defaultShowMine":0}', tasks: '{}' }),
  );

  it('opens only pages held', () => {
    expect(canOpenPage(privileges, 'tasks')).toBe(true);
    expect(canOpenPage(privileges, 'invoices')).toBe(false);
    expect(canOpenPage(privileges, 'toString')).toBe(false);
  });

  it('reads an option of a held page', () => {
    expect(privilegeOption(privileges, 'header', 'switchUser')).toBe(1);
    expect(privilegeOption(privileges, 'header', 'blockLogin')).toBeUndefined();
    expect(privilegeOption(privileges, 'invoices', 'anything')).toBeUndefined();
  });

  it.each([
    ['{"blockLogin":1}', true],
    ['{"blockLogin":true}', true],
    ['{"blockLogin":"1"}', true],
    ['{"blockLogin":0}', false],
    ['{"blockLogin":false}', false],
    ['{"blockLogin":"0"}', false],
    ['{}', false],
  ])('header %s blocks login: %p', (header, blocked) => {
    expect(isLoginBlocked(parsePrivilegeText(privilegeText({ header })))).toBe(blocked);
  });

  it('gives the exact login-blocked message', () => {
    expect(LOGIN_BLOCKED_MESSAGE).toBe("Sorry, you don't have access to this.");
  });

  it('reads hideRatesOnBoardStep from referralSources', () => {
    expect(
      hideRatesOnBoardStep(
        parsePrivilegeText(privilegeText({ referralSources: '{"hideRatesOnBoardStep":1}' })),
      ),
    ).toBe(true);
    expect(hideRatesOnBoardStep(parsePrivilegeText(privilegeText({ referralSources: '{}' })))).toBe(false);
    expect(
      hideRatesOnBoardStep(parsePrivilegeText(privilegeText({ header: '{"hideRatesOnBoardStep":1}' }))),
    ).toBe(false);
  });

  it.each([
    ['{"defaultShowMine":0}', 5, false],
    ['{"defaultShowMine":false}', 5, false],
    ['{"defaultShowMine":1}', 1, true],
    ['{"defaultShowMine":"1"}', 7, true],
    ['{}', 5, true],
    ['{}', 1, false],
  ])('serviceRequest %s shows role %i only mine by default: %p', (serviceRequest, roleId, showMine) => {
    expect(defaultShowMine(roleId, parsePrivilegeText(privilegeText({ serviceRequest })))).toBe(showMine);
  });

  it('without the option, shows only mine to care coordinators alone (their work is their own list)', () => {
    const on = ALL_ROLE_IDS.filter((roleId) => defaultShowMine(roleId, {}));
    expect(on).toEqual([5]);
  });

  it('reads showRates from serviceRequestDetail and switchUser from header', () => {
    expect(
      showOrganizationRates(parsePrivilegeText(privilegeText({ serviceRequestDetail: '{"showRates":1}' }))),
    ).toBe(true);
    expect(showOrganizationRates(parsePrivilegeText(privilegeText({ serviceRequestDetail: '{}' })))).toBe(
      false,
    );
    expect(canSwitchUser(privileges)).toBe(true);
    expect(canSwitchUser(parsePrivilegeText(privilegeText({ header: '{}' })))).toBe(false);
  });
});

describe('DEFAULT_ROLE_PRIVILEGES', () => {
  const pagesOf = (roleId: number) => Object.keys(DEFAULT_ROLE_PRIVILEGES[roleId] ?? {});
  const parsedOf = (roleId: number) =>
    parsePrivilegeText(JSON.stringify(DEFAULT_ROLE_PRIVILEGES[roleId] ?? {}));

  it('has a map for every role, with valid JSON object values on known pages', () => {
    for (const roleId of ALL_ROLE_IDS) {
      const map = DEFAULT_ROLE_PRIVILEGES[roleId] ?? {};
      expect(Object.keys(map).length).toBeGreaterThan(0);
      for (const [page, options] of Object.entries(map)) {
        expect(PAGE_KEYS).toContain(page);
        expect(JSON.parse(options)).toEqual(expect.any(Object));
      }
    }
  });

  it('gives the administrator every page and the switch-user header', () => {
    expect(pagesOf(1).sort()).toEqual([...PAGE_KEYS].sort());
    expect(canSwitchUser(parsedOf(1))).toBe(true);
  });

  it.each([1, 2, 6, 7, 8, 12, 13, 14])('role %i manages users and holds users and userDetail', (roleId) => {
    expect(pagesOf(roleId)).toEqual(expect.arrayContaining(['users', 'userDetail']));
  });

  it.each([4, 5, 9])('role %i manages no one and does not hold users', (roleId) => {
    expect(pagesOf(roleId)).not.toContain('users');
    expect(pagesOf(roleId)).not.toContain('userDetail');
  });

  it('lets only roles 1, 7 and 14 switch user and read activity logs', () => {
    expect(ALL_ROLE_IDS.filter((roleId) => canSwitchUser(parsedOf(roleId)))).toEqual([1, 7, 14]);
    expect(ALL_ROLE_IDS.filter((roleId) => pagesOf(roleId).includes('activityLogs'))).toEqual([1, 7, 14]);
  });

  it('gives billing pages to roles 1, 2, 7 and 14 only', () => {
    for (const page of ['invoices', 'providerPayments', 'unpaidVisits', 'unbilledVisits']) {
      expect(ALL_ROLE_IDS.filter((roleId) => pagesOf(roleId).includes(page))).toEqual([1, 2, 7, 14]);
    }
  });

  it('gives the clinician exactly its pages', () => {
    expect(pagesOf(4).sort()).toEqual(
      [
        'dashboard',
        'myVisits',
        'messages',
        'inbox',
        'myProfile',
        'profile',
        'logout',
        'header',
        'timeline',
      ].sort(),
    );
  });

  it.each([8, 9, 12])('organization role %i turns off "only mine" and sees rates', (roleId) => {
    expect(defaultShowMine(roleId, parsedOf(roleId))).toBe(false);
    expect(showOrganizationRates(parsedOf(roleId))).toBe(true);
    expect(pagesOf(roleId)).toEqual(expect.arrayContaining(['myInvoices', 'myReferralSource', 'patients']));
    expect(pagesOf(roleId)).not.toContain('providers');
  });

  it.each([2, 5, 6, 7, 13, 14])('staffing role %i holds the operational pages', (roleId) => {
    expect(pagesOf(roleId)).toEqual(
      expect.arrayContaining([
        'serviceRequest',
        'providers',
        'unstaffedVisits',
        'referralSources',
        'locator',
        'ccDemand',
      ]),
    );
    expect(defaultShowMine(roleId, parsedOf(roleId))).toBe(roleId === 5);
    expect(pagesOf(roleId)).not.toContain('constants');
  });

  it('lets clinician managers, credentialing support, operations and administrators review credentials; coordinators open clinicians only', () => {
    const reviews = (roleId: number) =>
      canReviewCredentials(parsePrivilegeText(JSON.stringify(DEFAULT_ROLE_PRIVILEGES[roleId])));
    expect([1, 2, 7, 13].map(reviews)).toEqual([true, true, true, true]);
    expect([4, 5, 6, 9, 14].map(reviews)).toEqual([false, false, false, false, false]);
    expect(
      canOpenPage(parsePrivilegeText(JSON.stringify(DEFAULT_ROLE_PRIVILEGES[5])), 'providerDetail'),
    ).toBe(true);
  });
});
