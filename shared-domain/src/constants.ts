export type ConstantDefault = { type: string; name: string; value: string; description: string };

const reasonList = (labels: readonly string[]) =>
  JSON.stringify(labels.map((label, index) => ({ id: index + 1, label })));

/**
 * SPEC §9 server-supplied constants with their defaults (values are text, lists are JSON text). The
 * spec gives defaults for locationExpiryInMins, autoSaveInterval, idleTimeout, twoStringDuplicatePercentage
 * and fileSizeLimit; the other values and every reason list are our design.
 */
export const CONSTANT_DEFAULTS: ReadonlyArray<ConstantDefault> = [
  {
    type: 'security',
    name: 'blobEncryptionKey',
    value: '',
    description:
      'Key that encrypts stored files; empty here, the server fills in a random one at first start.',
  },
  {
    type: 'session',
    name: 'idleTimeout',
    value: '50',
    description:
      "Minutes of inactivity before a user is signed out; an organization's own idleTimeout overrides it.",
  },
  {
    type: 'session',
    name: 'autoSaveInterval',
    value: '30',
    description: 'Seconds between silent autosaves of a visit note being written.',
  },
  {
    type: 'session',
    name: 'showLogs',
    value: '[]',
    description: 'JSON list of user ids whose browser logs are turned on.',
  },
  {
    type: 'provider',
    name: 'locationExpiryInMins',
    value: '15',
    description: "Minutes a clinician's reported location stays current.",
  },
  {
    type: 'provider',
    name: 'Safety',
    value: '',
    description: 'Safety guidance shown to clinicians; empty shows none.',
  },
  {
    type: 'provider',
    name: 'inactivateProviderReasonTypes',
    value: reasonList([
      'Resigned',
      'Terminated',
      'Credentials expired',
      'Not responding',
      'Moved out of area',
      'Other',
    ]),
    description: 'JSON list of {id, label}: reasons offered when a clinician is made inactive.',
  },
  {
    type: 'visit',
    name: 'missedVisitReasonTypes',
    value: reasonList([
      'Patient not home',
      'Patient refused visit',
      'Patient hospitalized',
      'Clinician unavailable',
      'Weather or travel conditions',
      'Other',
    ]),
    description: 'JSON list of {id, label}: reasons offered when a visit is marked missed.',
  },
  {
    type: 'visit',
    name: 'missedVisitReasonTypesShift',
    value: reasonList([
      'Facility cancelled shift',
      'Clinician called out',
      'Clinician did not show',
      'Low census',
      'Other',
    ]),
    description: 'JSON list of {id, label}: reasons offered when a shift is marked missed.',
  },
  {
    type: 'visit',
    name: 'expireVisitReasonTypes',
    value: reasonList(['No clinician available', 'Cancelled by organization', 'Start date passed', 'Other']),
    description: 'JSON list of {id, label}: reasons offered when a visit is expired.',
  },
  {
    type: 'visit',
    name: 'defaultQcUserId',
    value: '',
    description: 'User id that quality-reviews visit notes by default; empty for none.',
  },
  {
    type: 'episode',
    name: 'episodeArchiveReasons',
    value: reasonList([
      'Patient discharged',
      'Patient deceased',
      'Patient transferred',
      'Services no longer needed',
      'Other',
    ]),
    description: 'JSON list of {id, label}: reasons offered when an episode is archived.',
  },
  {
    type: 'episode',
    name: 'authLossReasons',
    value: reasonList([
      'Authorization expired',
      'Authorization denied',
      'Insurance changed',
      'Authorized visits used up',
      'Other',
    ]),
    description: 'JSON list of {id, label}: reasons an episode lost its authorization.',
  },
  {
    type: 'episode',
    name: 'defaultVisitEpisodeStafferId',
    value: '',
    description: 'User id that staffs new visit episodes by default; empty for none.',
  },
  {
    type: 'episode',
    name: 'defaultShiftEpisodeStafferId',
    value: '',
    description: 'User id that staffs new shift episodes by default; empty for none.',
  },
  {
    type: 'episode',
    name: 'twoStringDuplicatePercentage',
    value: '0.9',
    description: 'Text similarity (0 to 1) from which two names are treated as duplicates.',
  },
  {
    type: 'patient',
    name: 'raceData',
    value: reasonList([
      'American Indian or Alaska Native',
      'Asian',
      'Black or African American',
      'Hispanic or Latino',
      'Native Hawaiian or Other Pacific Islander',
      'White',
      'Other',
      'Declined to answer',
    ]),
    description: 'JSON list of {id, label}: race and ethnicity choices for a patient.',
  },
  {
    type: 'messaging',
    name: 'smsFromNumbers',
    value: '[]',
    description: 'JSON list of phone numbers SMS are sent from.',
  },
  {
    type: 'messaging',
    name: 'assistantModelProvider',
    value: 'off',
    description:
      "on: the intake assistant sends request emails, patient data included, to the model provider (AI_PROVIDER_URL) and shows its reading; off: only the embedded engine reads them and nothing leaves Carelane.",
  },
  {
    type: 'maps',
    name: 'mapTileUrl',
    value: '',
    description:
      'Raster tile address for the coverage map, e.g. https://tiles.example/{z}/{x}/{y}.png; empty draws only the built-in states and counties.',
  },
  {
    type: 'files',
    name: 'fileSizeLimit',
    value: '5',
    description: 'Largest file that can be uploaded, in megabytes.',
  },
];

export type ReadConstants = {
  idleTimeoutMinutes: number;
  autoSaveIntervalSeconds: number;
  locationExpiryInMins: number;
  fileSizeLimitMb: number;
  twoStringDuplicatePercentage: number;
  showLogs: number[];
  blobEncryptionKey: string;
  /** The intake assistant may send emails to the model provider (an administrator's choice; off by default). */
  assistantModelProvider: boolean;
};

function defaultValue(name: string): string {
  return CONSTANT_DEFAULTS.find((constant) => constant.name === name)?.value ?? '';
}

function parsePositiveNumber(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : null;
}

function parseUserIds(text: string | undefined): number[] | null {
  if (text === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  return value
    .map((item) => (typeof item === 'string' && /^\d+$/.test(item.trim()) ? Number(item) : item))
    .filter((item): item is number => typeof item === 'number' && Number.isInteger(item));
}

/** Typed values of the constants list; a missing or malformed value falls back to its default. */
export function readConstants(list: ReadonlyArray<{ name: string; value: string }>): ReadConstants {
  const valueOf = (name: string) => list.find((constant) => constant.name === name)?.value;
  const positive = (name: string) => parsePositiveNumber(valueOf(name)) ?? Number(defaultValue(name));
  const similarity = parsePositiveNumber(valueOf('twoStringDuplicatePercentage'));
  return {
    idleTimeoutMinutes: positive('idleTimeout'),
    autoSaveIntervalSeconds: positive('autoSaveInterval'),
    locationExpiryInMins: positive('locationExpiryInMins'),
    fileSizeLimitMb: positive('fileSizeLimit'),
    twoStringDuplicatePercentage:
      similarity !== null && similarity <= 1
        ? similarity
        : Number(defaultValue('twoStringDuplicatePercentage')),
    showLogs: parseUserIds(valueOf('showLogs')) ?? [],
    blobEncryptionKey: valueOf('blobEncryptionKey') ?? defaultValue('blobEncryptionKey'),
    assistantModelProvider: valueOf('assistantModelProvider')?.trim().toLowerCase() === 'on',
  };
}

/** SPEC §9: an organization's own idleTimeout (minutes) overrides the constant when it is positive. */
export function effectiveIdleTimeoutMinutes(
  constantMinutes: number,
  organizationMinutes: number | null | undefined,
): number {
  return typeof organizationMinutes === 'number' &&
    Number.isFinite(organizationMinutes) &&
    organizationMinutes > 0
    ? organizationMinutes
    : constantMinutes;
}

/** SPEC §9 timing. IDLE_TIMEOUT_MS is the 50-minute default used before the constants arrive. */
export const IDLE_TIMEOUT_MS = 3_000_000;
export const DASHBOARD_REFRESH_MS = 600_000;
export const ADDRESS_AUTOCOMPLETE_DEBOUNCE_MS = 200;
export const LOGO_COOKIE_LIFETIME_S = 86_400;

/** SPEC §9 page sizes. */
export const PAGE_SIZES = {
  default: 10,
  comments: 10,
  visitComments: 5,
  fitScoreVisits: 25,
  audit: 100,
  episode: 1000,
  episodeDetailVisits: 1000,
  messageCount: 20,
} as const;

/** SPEC §5: messages cannot reach a clinician who has not answered this many recent SMS. */
export const UNANSWERED_SMS_LIMIT = 5;
