// The worked examples of decision 058 (the API's int test builds the same candidates and views).
import {
  candidateDepth,
  candidateGroups,
  candidateStageFigures,
  candidatesBehind,
  daysOf,
  medianHoursToRegister,
  pageViewChannel,
  pageViewChannelLabel,
  pageViewCounts,
  pageViewGroups,
  pageViewsBehind,
  registrationRate,
  type CandidateRow,
  type PageViewRow,
} from './candidates';

const AS_OF = '2026-12-06T18:00:00.000Z';
const at = (day: string, hours = 0) =>
  new Date(Date.parse(`${day}T18:00:00Z`) + hours * 3_600_000).toISOString();

let nextId = 1;
function candidate(
  name: string,
  type: 'RN' | 'PT',
  day: string,
  facts: { registeredAfter?: number; step?: string; staffed?: boolean; expiresAfter?: number } = {},
): CandidateRow {
  const id = nextId++;
  return {
    invitationId: id,
    providerId: 100 + id,
    name,
    providerTypeId: type === 'RN' ? 1 : 3,
    providerTypeName: type,
    onboardStep: facts.step ?? 'Contract',
    invitedAt: at(day),
    invitedDay: day,
    expiresAt: at(day, facts.expiresAfter ?? 24 * 30),
    registeredAt: facts.registeredAfter === undefined ? null : at(day, facts.registeredAfter),
    invitedByName: 'Morgan Admin',
    staffed: facts.staffed ?? false,
  };
}

// This period: 2026-11-30 to 2026-12-06; the prior: 2026-11-23 to 2026-11-29.
const current = [
  candidate('Ann', 'RN', '2026-11-30', { registeredAfter: 2, step: 'Done', staffed: true }),
  candidate('Ben', 'RN', '2026-12-01', { registeredAfter: 10, step: 'Profile' }),
  candidate('Cat', 'RN', '2026-12-02'),
  candidate('Dan', 'PT', '2026-12-03', { registeredAfter: 4, step: 'Background' }),
  candidate('Eve', 'PT', '2026-12-04', { expiresAfter: 1 }),
  candidate('Fay', 'PT', '2026-12-05', { registeredAfter: 6 }),
];
const prior = [
  candidate('Gus', 'RN', '2026-11-27', { expiresAfter: 1 }),
  candidate('Hal', 'RN', '2026-11-28', { registeredAfter: 30, step: 'Done' }),
];

describe('the candidate pipeline (decision 058)', () => {
  it('nests the stages: each candidate is as deep as every earlier rule holds', () => {
    expect(current.map((c) => [c.name, candidateDepth(c)])).toEqual([
      ['Ann', 8],
      ['Ben', 3],
      ['Cat', 0],
      ['Dan', 5],
      ['Eve', 0],
      ['Fay', 1],
    ]);
    // A staffed visit without onboarding Done is not past Onboarded.
    expect(candidateDepth(candidate('Ivy', 'RN', '2026-12-01', { registeredAfter: 1, staffed: true }))).toBe(
      1,
    );
  });

  it('counts each stage, its conversion, and the expired unregistered, for both periods', () => {
    const figures = candidateStageFigures(current, prior, AS_OF);
    expect(figures.map((f) => [f.id, f.count, f.priorCount])).toEqual([
      ['invited', 6, 2],
      ['registered', 4, 1],
      ['rates', 3, 1],
      ['profile', 3, 1],
      ['credentials', 2, 1],
      ['background', 2, 1],
      ['moreCredentials', 1, 1],
      ['onboarded', 1, 1],
      ['firstVisit', 1, 0],
      ['expired', 1, 1],
    ]);
    expect(figures.map((f) => f.conversion)).toEqual([
      null,
      66.66666666666666,
      75,
      100,
      66.66666666666666,
      100,
      50,
      100,
      100,
      (1 / 6) * 100,
    ]);
    expect(figures.find((f) => f.id === 'expired')!.priorConversion).toBe(50);
    expect(figures[2]!.label).toBe('Reached Rates');
    expect(figures[7]!.label).toBe('Onboarded');
  });

  it('gives the median hours from invited to registered', () => {
    expect(medianHoursToRegister(current)).toBe(5); // 2, 4, 6, 10
    expect(medianHoursToRegister(prior)).toBe(30);
    expect(medianHoursToRegister([current[2]!])).toBeNull();
  });

  it('gives a row per provider type, worst (lowest onboarded rate) first', () => {
    expect(candidateGroups(current, prior, AS_OF)).toEqual([
      {
        providerTypeId: 3,
        providerTypeName: 'PT',
        invited: 3,
        registered: 2,
        onboarded: 0,
        firstVisit: 0,
        expired: 1,
        onboardedRate: 0,
        medianHoursToRegister: 5,
        priorInvited: 0,
        priorOnboardedRate: null,
      },
      {
        providerTypeId: 1,
        providerTypeName: 'RN',
        invited: 3,
        registered: 2,
        onboarded: 1,
        firstVisit: 1,
        expired: 0,
        onboardedRate: 1 / 3,
        medianHoursToRegister: 6,
        priorInvited: 2,
        priorOnboardedRate: 0.5,
      },
    ]);
  });

  it('lists behind every figure exactly the candidates it counts, in the order invited', () => {
    const figures = candidateStageFigures(current, prior, AS_OF);
    for (const f of figures) expect(candidatesBehind(current, f.id, AS_OF)).toHaveLength(f.count);
    expect(candidatesBehind(current, 'rates', AS_OF).map((c) => c.name)).toEqual(['Ann', 'Ben', 'Dan']);
    expect(candidatesBehind(current, 'registered', AS_OF, 3).map((c) => c.name)).toEqual(['Dan', 'Fay']);
    expect(candidatesBehind(current, 'expired', AS_OF).map((c) => c.name)).toEqual(['Eve']);
    // Before Cat's link expires she is pending; after, expired.
    expect(candidatesBehind(current, 'expired', '2027-02-01T00:00:00Z').map((c) => c.name)).toEqual([
      'Cat',
      'Eve',
    ]);
  });
});

describe('candidate page views (decision 058)', () => {
  const view = (id: number, day: string, visitor: string, extra: Partial<PageViewRow> = {}): PageViewRow => ({
    id,
    page: '/register',
    day,
    visitorHash: visitor,
    referrerHost: null,
    source: null,
    withInvitation: false,
    createdAt: `${day}T${String(10 + id).padStart(2, '0')}:00:00.000Z`,
    ...extra,
  });
  // Day 1: visitor a twice (from Indeed), b once (direct); day 2: a again (a new hash: a new day), c by email.
  const views = [
    view(1, '2026-12-01', 'a1', { source: 'indeed' }),
    view(2, '2026-12-01', 'a1', { source: 'indeed' }),
    view(3, '2026-12-01', 'b1'),
    view(4, '2026-12-02', 'a2', { referrerHost: 'www.google.com' }),
    view(5, '2026-12-02', 'c2', { source: 'email', withInvitation: true }),
  ];

  it('counts views and unique visitors per day, a visitor once a day', () => {
    expect(pageViewCounts(views)).toEqual({ views: 5, visitors: 4 });
    expect(pageViewCounts(views, { day: '2026-12-01' })).toEqual({ views: 3, visitors: 2 });
    expect(pageViewCounts(views, { channel: 'utm:indeed' })).toEqual({ views: 2, visitors: 1 });
    expect(daysOf({ from: '2026-11-30', to: '2026-12-02' })).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
  });

  it('names the channel: utm_source first, else the referrer host, else direct', () => {
    expect(views.map(pageViewChannel)).toEqual([
      'utm:indeed',
      'utm:indeed',
      'direct',
      'ref:www.google.com',
      'utm:email',
    ]);
    expect(pageViewChannelLabel('utm:indeed')).toBe('indeed (utm_source)');
    expect(pageViewChannelLabel('ref:www.google.com')).toBe('www.google.com (referrer)');
    expect(pageViewChannelLabel('direct')).toBe('Direct (no referrer)');
    expect(pageViewGroups(views, pageViewChannel)).toEqual([
      { key: 'utm:indeed', views: 2, visitors: 1, withInvitation: 0 },
      { key: 'direct', views: 1, visitors: 1, withInvitation: 0 },
      { key: 'ref:www.google.com', views: 1, visitors: 1, withInvitation: 0 },
      { key: 'utm:email', views: 1, visitors: 1, withInvitation: 1 },
    ]);
  });

  it('lists behind views every view, behind visitors each visitor-day once, latest first', () => {
    expect(pageViewsBehind(views, 'views', { day: '2026-12-01' }).map((v) => v.id)).toEqual([3, 2, 1]);
    expect(pageViewsBehind(views, 'visitors').map((v) => v.id)).toEqual([5, 4, 3, 1]);
  });

  it('gives registrations per unique visitor', () => {
    expect(registrationRate(1, 4)).toBe(25);
    expect(registrationRate(1, 0)).toBeNull();
  });
});
