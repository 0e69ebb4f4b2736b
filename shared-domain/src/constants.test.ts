import {
  ADDRESS_AUTOCOMPLETE_DEBOUNCE_MS,
  CONSTANT_DEFAULTS,
  DASHBOARD_REFRESH_MS,
  IDLE_TIMEOUT_MS,
  LOGO_COOKIE_LIFETIME_S,
  PAGE_SIZES,
  UNANSWERED_SMS_LIMIT,
  effectiveIdleTimeoutMinutes,
  readConstants,
} from './constants';

const defaultOf = (name: string) => CONSTANT_DEFAULTS.find((constant) => constant.name === name);

describe('CONSTANT_DEFAULTS', () => {
  it('lists every SPEC §9 constant once', () => {
    expect(CONSTANT_DEFAULTS.map((constant) => constant.name).sort()).toEqual(
      [
        'blobEncryptionKey',
        'Safety',
        'locationExpiryInMins',
        'showLogs',
        'autoSaveInterval',
        'idleTimeout',
        'missedVisitReasonTypes',
        'missedVisitReasonTypesShift',
        'expireVisitReasonTypes',
        'episodeArchiveReasons',
        'authLossReasons',
        'raceData',
        'smsFromNumbers',
        'inactivateProviderReasonTypes',
        'defaultVisitEpisodeStafferId',
        'defaultShiftEpisodeStafferId',
        'defaultQcUserId',
        'twoStringDuplicatePercentage',
        'fileSizeLimit',
        'mapTileUrl',
        'assistantModelProvider',
      ].sort(),
    );
  });

  it.each([
    ['locationExpiryInMins', '15'],
    ['autoSaveInterval', '30'],
    ['idleTimeout', '50'],
    ['fileSizeLimit', '5'],
    ['twoStringDuplicatePercentage', '0.9'],
    ['showLogs', '[]'],
    ['smsFromNumbers', '[]'],
    ['blobEncryptionKey', ''],
    ['defaultVisitEpisodeStafferId', ''],
    ['defaultShiftEpisodeStafferId', ''],
    ['defaultQcUserId', ''],
  ])('%s defaults to %p', (name, value) => {
    expect(defaultOf(name)?.value).toBe(value);
  });

  it.each([
    'missedVisitReasonTypes',
    'missedVisitReasonTypesShift',
    'expireVisitReasonTypes',
    'episodeArchiveReasons',
    'authLossReasons',
    'raceData',
    'inactivateProviderReasonTypes',
  ])('%s is a JSON list of {id, label} with distinct ids', (name) => {
    const reasons = JSON.parse(defaultOf(name)?.value ?? 'null') as { id: number; label: string }[];
    expect(reasons.length).toBeGreaterThan(1);
    for (const reason of reasons)
      expect(reason).toEqual({ id: expect.any(Number), label: expect.stringMatching(/\S/) });
    expect(new Set(reasons.map((reason) => reason.id)).size).toBe(reasons.length);
  });

  it('gives every constant a type and a description', () => {
    for (const constant of CONSTANT_DEFAULTS) {
      expect(constant.type).toMatch(/^[a-z]+$/);
      expect(constant.description).toMatch(/\S/);
    }
  });
});

describe('readConstants', () => {
  it('falls back to every default when the list is empty', () => {
    expect(readConstants([])).toEqual({
      idleTimeoutMinutes: 50,
      autoSaveIntervalSeconds: 30,
      locationExpiryInMins: 15,
      fileSizeLimitMb: 5,
      twoStringDuplicatePercentage: 0.9,
      showLogs: [],
      blobEncryptionKey: '',
      assistantModelProvider: false,
    });
  });

  it('reads the server values', () => {
    expect(
      readConstants([
        { name: 'idleTimeout', value: '20' },
        { name: 'autoSaveInterval', value: '45' },
        { name: 'locationExpiryInMins', value: '5' },
        { name: 'fileSizeLimit', value: '12.5' },
        { name: 'twoStringDuplicatePercentage', value: '0.75' },
        { name: 'showLogs', value: '[3, "17", "x", 4.5]' },
        { name: 'blobEncryptionKey', value: 'k3y' },
        { name: 'assistantModelProvider', value: 'On' },
      ]),
    ).toEqual({
      idleTimeoutMinutes: 20,
      autoSaveIntervalSeconds: 45,
      locationExpiryInMins: 5,
      fileSizeLimitMb: 12.5,
      twoStringDuplicatePercentage: 0.75,
      showLogs: [3, 17],
      blobEncryptionKey: 'k3y',
      assistantModelProvider: true,
    });
  });

  it('falls back on malformed values', () => {
    expect(
      readConstants([
        { name: 'idleTimeout', value: 'soon' },
        { name: 'autoSaveInterval', value: '0' },
        { name: 'locationExpiryInMins', value: '-3' },
        { name: 'fileSizeLimit', value: '' },
        { name: 'twoStringDuplicatePercentage', value: '90' },
        { name: 'showLogs', value: '{not json' },
        { name: 'assistantModelProvider', value: 'yes' },
      ]),
    ).toEqual({
      idleTimeoutMinutes: 50,
      autoSaveIntervalSeconds: 30,
      locationExpiryInMins: 15,
      fileSizeLimitMb: 5,
      twoStringDuplicatePercentage: 0.9,
      showLogs: [],
      blobEncryptionKey: '',
      assistantModelProvider: false,
    });
    expect(readConstants([{ name: 'showLogs', value: '{"a":1}' }]).showLogs).toEqual([]);
  });
});

describe('effectiveIdleTimeoutMinutes', () => {
  it('lets a positive organization value override the constant', () => {
    expect(effectiveIdleTimeoutMinutes(50, 15)).toBe(15);
    expect(effectiveIdleTimeoutMinutes(50, 120)).toBe(120);
  });

  it.each([null, undefined, 0, -5, Number.NaN])(
    'keeps the constant when the organization value is %p',
    (minutes) => {
      expect(effectiveIdleTimeoutMinutes(50, minutes)).toBe(50);
    },
  );
});

describe('timing and paging', () => {
  it('uses the SPEC §9 values', () => {
    expect(IDLE_TIMEOUT_MS).toBe(3_000_000);
    expect(IDLE_TIMEOUT_MS).toBe(Number(defaultOf('idleTimeout')?.value) * 60_000);
    expect(DASHBOARD_REFRESH_MS).toBe(600_000);
    expect(ADDRESS_AUTOCOMPLETE_DEBOUNCE_MS).toBe(200);
    expect(LOGO_COOKIE_LIFETIME_S).toBe(86_400);
    expect(UNANSWERED_SMS_LIMIT).toBe(5);
    expect(PAGE_SIZES).toEqual({
      default: 10,
      comments: 10,
      visitComments: 5,
      fitScoreVisits: 25,
      audit: 100,
      episode: 1000,
      episodeDetailVisits: 1000,
      messageCount: 20,
    });
  });
});
