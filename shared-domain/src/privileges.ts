import {
  ALL_ROLE_IDS,
  ORGANIZATION_ROLE_IDS,
  ROLE,
  ROLES_SHOWING_ONLY_MINE,
  STAFFING_ROLE_IDS,
  managedRoleIds,
} from './roles';

/** Page keys of SPEC §6, plus `constants` and `outbox` for our admin pages. */
export const PAGE_KEYS = [
  'header',
  'dashboard',
  'serviceRequest',
  'serviceRequestDetail',
  'unstaffedVisits',
  'providerVisits',
  'messages',
  'collaboration',
  'providers',
  'providerDetail',
  'tasks',
  'groups',
  'groupDetail',
  'physicianGroups',
  'physicianGroupsDetail',
  'providerPayments',
  'myVisits',
  'myInvoices',
  'invoices',
  'activityLogs',
  'broadcast',
  'users',
  'userDetail',
  'referralSources',
  'referralSourceDetail',
  'profile',
  'locator',
  'logout',
  'myProfile',
  'myProfilePhysician',
  'shortUrl',
  'physicians',
  'patients',
  'reports',
  'unpaidVisits',
  'unbilledVisits',
  'myReferralSource',
  'funnelReports',
  'healthReports',
  'candidateReport',
  'patientDetail',
  'timeline',
  'inbox',
  'contacts',
  'nonCoverages',
  'ccDemand',
  'constants',
  'outbox',
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/** Page key -> that page's options, as parsed from the JSON text values of a privilege map. */
export type ParsedPrivileges = Record<string, Record<string, unknown>>;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Parses the current user's `privileges` field: JSON text of page key -> JSON text of options.
 * Never throws. Empty, missing or unreadable text gives {} (SPEC §6: "empty by default"); an entry
 * whose options are unreadable or not an object is kept with no options; an entry whose options are
 * JSON null is dropped, as `mergePrivileges` treats that value as "page removed".
 */
export function parsePrivilegeText(text: string | null | undefined): ParsedPrivileges {
  if (!text) return {};
  const outer = parseJson(text);
  if (!outer.ok || !isPlainObject(outer.value)) return {};
  return parsePrivilegeMap(outer.value);
}

/** Parses a privilege map (page key -> JSON text of options) with the same rules as `parsePrivilegeText`. */
export function parsePrivilegeMap(map: Record<string, unknown>): ParsedPrivileges {
  const entries: [string, Record<string, unknown>][] = [];
  for (const [page, optionsText] of Object.entries(map)) {
    if (optionsText === null) continue;
    if (isPlainObject(optionsText)) {
      entries.push([page, optionsText]);
      continue;
    }
    const options = typeof optionsText === 'string' ? parseJson(optionsText) : { ok: false as const };
    if (options.ok && options.value === null) continue;
    entries.push([page, options.ok && isPlainObject(options.value) ? options.value : {}]);
  }
  return Object.fromEntries(entries);
}

/** Per-page user overrides win over the role's; a user value of the JSON text `null` removes the page. */
export function mergePrivileges(
  rolePrivileges: Record<string, string>,
  userPrivileges: Record<string, string>,
): Record<string, string> {
  const merged = new Map(Object.entries(rolePrivileges));
  for (const [page, optionsText] of Object.entries(userPrivileges)) {
    if (optionsText.trim() === 'null') merged.delete(page);
    else merged.set(page, optionsText);
  }
  return Object.fromEntries(merged);
}

export function canOpenPage(privileges: ParsedPrivileges, page: string): boolean {
  return Object.hasOwn(privileges, page);
}

export function privilegeOption(privileges: ParsedPrivileges, page: string, option: string): unknown {
  if (!canOpenPage(privileges, page)) return undefined;
  const options = privileges[page];
  return options && Object.hasOwn(options, option) ? options[option] : undefined;
}

/** Option flags arrive as 1/0 or true/false, sometimes as text. */
function isSetFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) && value !== 0;
  if (typeof value === 'string') return ['1', 'true'].includes(value.trim().toLowerCase());
  return false;
}

function isClearedFlag(value: unknown): boolean {
  if (value === false || value === 0) return true;
  return typeof value === 'string' && ['0', 'false'].includes(value.trim().toLowerCase());
}

/** SPEC §5: login is refused with LOGIN_BLOCKED_MESSAGE (errors.ts) when header.blockLogin is set. */
export function isLoginBlocked(privileges: ParsedPrivileges): boolean {
  return isSetFlag(privilegeOption(privileges, 'header', 'blockLogin'));
}

export function hideRatesOnBoardStep(privileges: ParsedPrivileges): boolean {
  return isSetFlag(privilegeOption(privileges, 'referralSources', 'hideRatesOnBoardStep'));
}

/**
 * Whether the "only mine" episode filter starts on: as serviceRequest.defaultShowMine says (SPEC §6: 0 turns it
 * off; 1 turns it on), else on only for the roles whose work is their own list (ROLES_SHOWING_ONLY_MINE).
 */
export function defaultShowMine(roleId: number, privileges: ParsedPrivileges): boolean {
  const option = privilegeOption(privileges, 'serviceRequest', 'defaultShowMine');
  if (isClearedFlag(option)) return false;
  if (isSetFlag(option)) return true;
  return ROLES_SHOWING_ONLY_MINE.includes(roleId);
}

/** SPEC §6: organization rates are shown on match cards when serviceRequestDetail.showRates is set. */
export function showOrganizationRates(privileges: ParsedPrivileges): boolean {
  return isSetFlag(privilegeOption(privileges, 'serviceRequestDetail', 'showRates'));
}

/** providerDetail.reviewCredentials: may approve, reject and recategorize clinicians' credentials. */
export function canReviewCredentials(privileges: ParsedPrivileges): boolean {
  return isSetFlag(privilegeOption(privileges, 'providerDetail', 'reviewCredentials'));
}

export function canSwitchUser(privileges: ParsedPrivileges): boolean {
  return isSetFlag(privilegeOption(privileges, 'header', 'switchUser'));
}

const STAFFING = STAFFING_ROLE_IDS;
const ORGANIZATION = ORGANIZATION_ROLE_IDS;
const { ADMINISTRATOR, BACK_OFFICE, CLINICIAN, CLINICIAN_MANAGER, OPERATIONS_DIRECTOR, EXECUTIVE } = ROLE;
/** Who approves and rejects clinicians' credentials (our design: clinician managers and credentialing support). */
const CREDENTIAL_REVIEWERS: readonly number[] = [
  ADMINISTRATOR,
  BACK_OFFICE,
  OPERATIONS_DIRECTOR,
  CLINICIAN_MANAGER,
];
const BILLING: readonly number[] = [ADMINISTRATOR, BACK_OFFICE, OPERATIONS_DIRECTOR, EXECUTIVE];
const SWITCH_USER_AND_AUDIT: readonly number[] = [ADMINISTRATOR, OPERATIONS_DIRECTOR, EXECUTIVE];
/** Roles that manage at least one other role (ROLE_MANAGEMENT) and so need the user pages. */
const USER_MANAGERS = ALL_ROLE_IDS.filter((roleId) => managedRoleIds(roleId).length > 0);
const EVERYONE = ALL_ROLE_IDS;

/**
 * Our design (SPEC §6 leaves privilege values "not shown"): which roles hold each page, and with
 * which options. A page may appear twice when roles hold it with different options. The
 * administrator holds every page.
 */
const PAGE_GRANTS: ReadonlyArray<{ page: PageKey; roles: readonly number[]; options?: string }> = [
  { page: 'header', roles: SWITCH_USER_AND_AUDIT, options: '{"switchUser":1}' },
  { page: 'header', roles: EVERYONE.filter((roleId) => !SWITCH_USER_AND_AUDIT.includes(roleId)) },
  { page: 'dashboard', roles: EVERYONE },
  { page: 'serviceRequest', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'serviceRequest', roles: ORGANIZATION, options: '{"defaultShowMine":0}' },
  { page: 'serviceRequestDetail', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'serviceRequestDetail', roles: ORGANIZATION, options: '{"showRates":1}' },
  { page: 'unstaffedVisits', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'providerVisits', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'messages', roles: EVERYONE },
  { page: 'collaboration', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'providers', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'providerDetail', roles: CREDENTIAL_REVIEWERS, options: '{"reviewCredentials":1}' },
  { page: 'providerDetail', roles: STAFFING.filter((roleId) => !CREDENTIAL_REVIEWERS.includes(roleId)) },
  { page: 'tasks', roles: [ADMINISTRATOR, ...STAFFING, ...ORGANIZATION] },
  { page: 'groups', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'groupDetail', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'physicianGroups', roles: [ADMINISTRATOR] },
  { page: 'physicianGroupsDetail', roles: [ADMINISTRATOR] },
  { page: 'providerPayments', roles: BILLING },
  { page: 'myVisits', roles: [ADMINISTRATOR, CLINICIAN] },
  { page: 'myInvoices', roles: [ADMINISTRATOR, ...ORGANIZATION] },
  { page: 'invoices', roles: BILLING },
  { page: 'activityLogs', roles: SWITCH_USER_AND_AUDIT },
  { page: 'broadcast', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'users', roles: USER_MANAGERS },
  { page: 'userDetail', roles: USER_MANAGERS },
  { page: 'referralSources', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'referralSourceDetail', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'profile', roles: EVERYONE },
  { page: 'locator', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'logout', roles: EVERYONE },
  { page: 'myProfile', roles: EVERYONE },
  { page: 'myProfilePhysician', roles: [ADMINISTRATOR] },
  { page: 'shortUrl', roles: [ADMINISTRATOR] },
  { page: 'physicians', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'patients', roles: [ADMINISTRATOR, ...STAFFING, ...ORGANIZATION] },
  { page: 'reports', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'unpaidVisits', roles: BILLING },
  { page: 'unbilledVisits', roles: BILLING },
  { page: 'myReferralSource', roles: [ADMINISTRATOR, ...ORGANIZATION] },
  { page: 'funnelReports', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'healthReports', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'candidateReport', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'patientDetail', roles: [ADMINISTRATOR, ...STAFFING, ...ORGANIZATION] },
  { page: 'timeline', roles: [ADMINISTRATOR, ...STAFFING, CLINICIAN] },
  { page: 'inbox', roles: EVERYONE },
  { page: 'contacts', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'nonCoverages', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'ccDemand', roles: [ADMINISTRATOR, ...STAFFING] },
  { page: 'constants', roles: [ADMINISTRATOR] },
  { page: 'outbox', roles: [ADMINISTRATOR] },
];

/** Role id -> the privilege map (page key -> options JSON text) its users start with. */
export const DEFAULT_ROLE_PRIVILEGES: Record<number, Record<string, string>> = Object.fromEntries(
  ALL_ROLE_IDS.map((roleId) => [
    roleId,
    Object.fromEntries(
      PAGE_GRANTS.filter((grant) => grant.roles.includes(roleId)).map((grant) => [
        grant.page,
        grant.options ?? '{}',
      ]),
    ),
  ]),
);
