// The scheduling demo: facilities and shifts, rate cards, physicians, contacts, groups, patients, clinicians,
// service requests and their visits in every status, for the four demo organizations. Deterministic (one
// seeded pseudo-random sequence; dates relative to today), one bulk insert per table, inside the caller's
// transaction, on an empty database only (seedDemoData decides).
import {
  PROVIDER_TYPES,
  VISIT_STATUSES,
  VISIT_TYPES,
  computeRates,
  distanceMiles,
  type OrganizationRateCard,
  type PaymentType,
  type VisitStatus,
  type VisitTypeRow,
} from '@carelane/shared-domain';
import type { Tx } from './client';
import { seedDemoCredentials } from './seed-credentials';
import {
  contacts,
  episodeFiles,
  episodes,
  facilities,
  facilityShifts,
  groupMembers,
  groups,
  patients,
  physicians,
  providerRates,
  providerVacations,
  providers,
  referralSourceRates,
  visitProviderTypes,
  visits,
} from './schema';

/** [ZIP, city, latitude, longitude] as the US ZIP gazetteer (`zipcodes`) has them; checked by a test. */
export type ZipPoint = readonly [zipcode: string, city: string, latitude: number, longitude: number];

/** Real Texas ZIP codes around each demo organization's city (same order as DEMO_ORGANIZATIONS). */
export const DEMO_ZIPCODES: readonly (readonly ZipPoint[])[] = [
  [
    ['78701', 'Austin', 30.2713, -97.7426],
    ['78702', 'Austin', 30.2638, -97.7166],
    ['78703', 'Austin', 30.2907, -97.7648],
    ['78704', 'Austin', 30.2428, -97.7658],
    ['78705', 'Austin', 30.2896, -97.7396],
    ['78723', 'Austin', 30.3085, -97.6849],
    ['78724', 'Austin', 30.296, -97.6396],
    ['78741', 'Austin', 30.2315, -97.7223],
    ['78745', 'Austin', 30.2063, -97.7956],
    ['78748', 'Austin', 30.1743, -97.8225],
    ['78750', 'Austin', 30.4224, -97.7967],
    ['78753', 'Austin', 30.3649, -97.6827],
    ['78758', 'Austin', 30.3764, -97.7078],
    ['78664', 'Round Rock', 30.5145, -97.668],
    ['78660', 'Pflugerville', 30.4421, -97.6299],
  ],
  [
    ['75201', 'Dallas', 32.7904, -96.8044],
    ['75204', 'Dallas', 32.8038, -96.7851],
    ['75206', 'Dallas', 32.831, -96.7692],
    ['75214', 'Dallas', 32.8248, -96.7498],
    ['75219', 'Dallas', 32.8132, -96.8142],
    ['75220', 'Dallas', 32.8681, -96.8622],
    ['75228', 'Dallas', 32.825, -96.6784],
    ['75231', 'Dallas', 32.8756, -96.7495],
    ['75240', 'Dallas', 32.9374, -96.7872],
    ['75243', 'Dallas', 32.9103, -96.7285],
    ['75038', 'Irving', 32.8653, -96.9905],
    ['75044', 'Garland', 32.9522, -96.6654],
    ['75080', 'Richardson', 32.966, -96.7452],
    ['75115', 'Desoto', 32.6041, -96.8653],
  ],
  [
    ['78205', 'San Antonio', 29.4237, -98.4925],
    ['78201', 'San Antonio', 29.4711, -98.5356],
    ['78207', 'San Antonio', 29.4229, -98.526],
    ['78209', 'San Antonio', 29.4821, -98.4554],
    ['78212', 'San Antonio', 29.4388, -98.4935],
    ['78216', 'San Antonio', 29.5334, -98.4975],
    ['78223', 'San Antonio', 29.3579, -98.4356],
    ['78228', 'San Antonio', 29.4589, -98.5699],
    ['78230', 'San Antonio', 29.5407, -98.5521],
    ['78240', 'San Antonio', 29.5189, -98.6006],
    ['78249', 'San Antonio', 29.5612, -98.6117],
    ['78251', 'San Antonio', 29.4597, -98.6555],
    ['78130', 'New Braunfels', 29.7229, -98.0742],
    ['78154', 'Schertz', 29.579, -98.2778],
  ],
  [
    ['76102', 'Fort Worth', 32.7589, -97.328],
    ['76104', 'Fort Worth', 32.7256, -97.3184],
    ['76107', 'Fort Worth', 32.7392, -97.3852],
    ['76109', 'Fort Worth', 32.7002, -97.3789],
    ['76110', 'Fort Worth', 32.7065, -97.3375],
    ['76116', 'Fort Worth', 32.723, -97.4483],
    ['76133', 'Fort Worth', 32.6526, -97.3758],
    ['76137', 'Fort Worth', 32.8664, -97.2891],
    ['76244', 'Keller', 32.931, -97.2843],
    ['76010', 'Arlington', 32.7204, -97.0826],
    ['76011', 'Arlington', 32.7582, -97.1003],
    ['76013', 'Arlington', 32.7199, -97.1442],
    ['76021', 'Bedford', 32.8536, -97.1358],
  ],
];

export type SchedulingSeedContext = {
  /** Ids of DEMO_ORGANIZATIONS, in their order. */
  organizationIds: readonly number[];
  /** Demo user id by email. */
  userIds: Readonly<Record<string, number>>;
};

/** mulberry32: a small, fast, seeded generator; the same seed gives the same demo every time. */
function randomSequence(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    some: <T>(list: readonly T[], count: number): T[] => {
      const copy = [...list];
      const out: T[] = [];
      while (out.length < count && copy.length)
        out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
      return out;
    },
    offset: (degrees: number) => (next() * 2 - 1) * degrees,
  };
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
const dollars = (n: number) => Math.round(n * 100) / 100;
/** Today's date (UTC) plus `days`, as YYYY-MM-DD. */
const dateIn = (days: number, now: number) => new Date(now + days * DAY_MS).toISOString().slice(0, 10);
/** A wall-clock time in Texas (Central, UTC-6 in winter; close enough for demo data) on a date. */
const texasTime = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00-06:00`);

const CITY_STREETS = [
  'Congress Ave',
  'Lamar Blvd',
  'Oak Lawn Ave',
  'Main St',
  'Elm St',
  'Magnolia Ave',
  'Broadway',
  'Commerce St',
  'Guadalupe St',
  'Cedar Springs Rd',
  'Hemphill St',
  'Fredericksburg Rd',
  'Live Oak Dr',
  'Bluebonnet Ln',
  'Pecan St',
  'Riverside Dr',
];
const FIRST_NAMES = [
  'Maria',
  'James',
  'Linda',
  'Robert',
  'Patricia',
  'Jose',
  'Barbara',
  'Michael',
  'Elena',
  'William',
  'Dorothy',
  'Carlos',
  'Helen',
  'Thomas',
  'Margaret',
  'Luis',
  'Ruth',
  'Charles',
  'Gloria',
  'Frank',
  'Betty',
  'Ramon',
  'Shirley',
  'George',
  'Alma',
  'Harold',
  'Yolanda',
  'Walter',
  'Irene',
  'Arturo',
];
const LAST_NAMES = [
  'Garcia',
  'Johnson',
  'Martinez',
  'Williams',
  'Hernandez',
  'Brown',
  'Lopez',
  'Davis',
  'Gonzalez',
  'Miller',
  'Rodriguez',
  'Wilson',
  'Perez',
  'Anderson',
  'Sanchez',
  'Thomas',
  'Ramirez',
  'Moore',
  'Flores',
  'Jackson',
  'Rivera',
  'White',
  'Torres',
  'Harris',
  'Nguyen',
  'Clark',
  'Reyes',
  'Lewis',
  'Castillo',
  'Walker',
];
const CLINICIAN_FIRST = [
  'Ashley',
  'Brandon',
  'Chelsea',
  'Daniel',
  'Erica',
  'Felipe',
  'Grace',
  'Hector',
  'Imani',
  'Jasmine',
  'Kevin',
  'Lauren',
  'Marcus',
  'Nicole',
  'Omar',
  'Priya',
  'Quentin',
  'Rosa',
  'Tyler',
  'Vanessa',
];
const CLINICIAN_LAST = [
  'Adams',
  'Bennett',
  'Chavez',
  'Dixon',
  'Estrada',
  'Fuller',
  'Guerrero',
  'Hayes',
  'Ibarra',
  'Jordan',
  'Kim',
  'Lozano',
  'Mendoza',
  'Nash',
  'Ortega',
  'Price',
  'Quintero',
  'Salazar',
  'Tran',
  'Vega',
];
const SKILLS: Record<number, readonly string[]> = {
  1: ['Wound care', 'IV therapy', 'Diabetes teaching', 'OASIS', 'Ostomy care', 'Pediatrics'],
  2: ['Wound care', 'Medication management', 'Diabetes teaching', 'Catheter care'],
  3: ['Orthopedics', 'Stroke rehab', 'Fall prevention', 'Vestibular'],
  4: ['Orthopedics', 'Gait training', 'Fall prevention'],
  5: ['ADL training', 'Hand therapy', 'Cognitive rehab'],
  6: ['ADL training', 'Home safety'],
  7: ['Dysphagia', 'Aphasia', 'Cognitive-communication'],
  8: ['Hospice', 'Community resources', 'Advance directives'],
  9: ['Personal care', 'Hospice', 'Dementia care'],
  10: ['Personal care', 'Vital signs', 'Dementia care'],
};
/** What a visit of each provider type is worth to the organization, per visit and per shift hour. */
const BASE_RATE: Record<number, { visit: number; hour: number }> = {
  1: { visit: 110, hour: 62 },
  2: { visit: 80, hour: 45 },
  3: { visit: 120, hour: 70 },
  4: { visit: 85, hour: 50 },
  5: { visit: 120, hour: 70 },
  6: { visit: 85, hour: 50 },
  7: { visit: 125, hour: 72 },
  8: { visit: 130, hour: 60 },
  9: { visit: 45, hour: 25 },
  10: { visit: 45, hour: 24 },
};
const baseOf = (visitType: VisitTypeRow, providerTypeId: number) =>
  visitType.unit === '$/Hour'
    ? BASE_RATE[providerTypeId]!.hour
    : BASE_RATE[providerTypeId]!.visit * (visitType.evaluation ? 1.3 : 1);

/** The demo's rate card line for one organization, provider type and visit type. */
function rateCard(orgIndex: number, visitType: VisitTypeRow, providerTypeId: number, line: number) {
  const base = baseOf(visitType, providerTypeId);
  const paymentType: PaymentType = (['FlatRate', 'ServiceFee', 'Both'] as const)[(orgIndex + line) % 3]!;
  const margin = dollars(base * 0.12);
  const hourly = visitType.unit === '$/Hour';
  return {
    paymentType,
    unit: visitType.unit,
    amount: paymentType === 'ServiceFee' ? null : dollars(paymentType === 'Both' ? base * 0.85 : base),
    specialRate: paymentType === 'ServiceFee' ? null : dollars(base * 1.2),
    serviceFee: paymentType === 'FlatRate' ? null : dollars(base * (paymentType === 'Both' ? 0.15 : 0.3)),
    specialServiceFee: paymentType === 'FlatRate' ? null : dollars(base * 0.35),
    profitMargin: margin,
    specialProfitMargin: dollars(base * 0.15),
    shiftBreakTimeInMins: hourly ? 30 : null,
    billingIncrement: hourly ? 15 : null,
    durationLimit: hourly ? 12 : null,
    hourlyRateAfterLimit: hourly ? dollars(base * 1.5) : null,
    serviceTaxPercentage: orgIndex === 3 ? 2 : null,
  } satisfies OrganizationRateCard & Record<string, unknown>;
}

/** A clinician is paid about 70% of what the visit is worth (a little more or less per person). */
const clinicianRate = (visitType: VisitTypeRow, providerTypeId: number, spread: number) =>
  dollars(baseOf(visitType, providerTypeId) * (0.66 + spread * 0.08));

type Location = { zipcode: string; city: string; latitude: number; longitude: number; addressLine1: string };

/** A point a little off the ZIP code's centre, with a street address. */
function locate(rng: ReturnType<typeof randomSequence>, zip: ZipPoint, spreadDegrees = 0.012): Location {
  return {
    zipcode: zip[0],
    city: zip[1],
    latitude: round4(zip[2] + rng.offset(spreadDegrees)),
    longitude: round4(zip[3] + rng.offset(spreadDegrees)),
    addressLine1: `${rng.int(100, 9899)} ${rng.pick(CITY_STREETS)}`,
  };
}

type VisitPlan = {
  status: VisitStatus;
  /** Days from today. */
  day: number;
  visitTypeId: number;
  providerTypeId: number;
  /** A facility shift name (Day, Evening, Night) for shift episodes; visits get a morning time. */
  shift?: 'Day' | 'Evening' | 'Night';
  lateCancellation?: boolean;
};

type EpisodePlan = {
  org: number;
  title: string;
  description: string;
  type: 'Visit' | 'Shift';
  status: 'Draft' | 'Active' | 'Hold' | 'Completed';
  /** Index of the organization's patient (visit episodes) or facility (shift episodes). */
  at: number;
  preferences?: Record<string, unknown>;
  visits: VisitPlan[];
};

const v = (
  status: VisitStatus,
  day: number,
  visitTypeId: number,
  providerTypeId: number,
  extra: Partial<VisitPlan> = {},
): VisitPlan => ({ status, day, visitTypeId, providerTypeId, ...extra });
const s = (
  status: VisitStatus,
  day: number,
  shift: VisitPlan['shift'],
  providerTypeId: number,
  visitTypeId: number,
) => v(status, day, visitTypeId, providerTypeId, { shift });

/**
 * The service requests. The first one is the coordinator's showcase: an RN wound-care request in central
 * Austin with published (Active) visits over the next days and several credentialed RNs within a few miles.
 */
const EPISODES: readonly EpisodePlan[] = [
  {
    org: 0,
    title: 'Post-surgical wound care after knee replacement',
    description: 'Skilled nursing twice a week: incision care, pain and medication review, fall risk.',
    type: 'Visit',
    status: 'Active',
    at: 0,
    preferences: { skills: ['Wound care'] },
    visits: [
      v('FinalConfirmed', -27, 100, 1),
      v('FinalReview', -20, 304, 1),
      v('ApprovalDue', -16, 304, 1),
      v('NotesApproved', -13, 304, 1),
      v('NotesInReview', -6, 304, 1),
      v('NotesDue', -2, 304, 1),
      v('Active', 1, 304, 1),
      v('Active', 2, 304, 1),
      v('Active', 4, 304, 1),
      v('Staffed', 6, 304, 1),
      v('Active', 8, 309, 1),
    ],
  },
  {
    org: 0,
    title: 'Home physical therapy after stroke',
    description: 'Gait and balance training, home exercise program, caregiver teaching.',
    type: 'Visit',
    status: 'Active',
    at: 1,
    visits: [
      v('NotesRejected', -9, 312, 3),
      v('NotesOverdue', -6, 316, 3),
      v('Staffed', 1, 316, 3),
      v('Active', 3, 316, 4),
      v('Active', 5, 316, 4),
    ],
  },
  {
    org: 0,
    title: 'Diabetes management and teaching',
    description: 'New insulin start: teaching, glucose log review, foot checks.',
    type: 'Visit',
    status: 'Draft',
    at: 2,
    visits: [v('Draft', 7, 100, 1), v('Draft', 10, 305, 2), v('Draft', 14, 305, 2)],
  },
  {
    org: 0,
    title: 'CNA coverage, Sunrise Skilled Nursing Center',
    description: 'Day and evening CNA shifts on the skilled unit.',
    type: 'Shift',
    status: 'Active',
    at: 0,
    visits: [
      s('FinalConfirmed', -12, 'Day', 10, 402),
      s('Expired', -3, 'Evening', 10, 402),
      s('AfterStaffed', 0, 'Day', 10, 402),
      s('Staffed', 1, 'Day', 10, 402),
      s('Active', 2, 'Evening', 10, 402),
      s('Active', 3, 'Day', 9, 402),
    ],
  },
  {
    org: 0,
    title: 'Speech therapy for dysphagia',
    description: 'Swallow evaluation and treatment after head and neck radiation.',
    type: 'Visit',
    status: 'Active',
    at: 3,
    visits: [
      v('Missed', -5, 312, 7),
      v('LateCanceled', -3, 316, 7, { lateCancellation: true }),
      v('VisitOverdue', -1, 316, 7),
      v('Active', 2, 316, 7),
    ],
  },
  {
    org: 0,
    title: 'Occupational therapy: return to independent bathing',
    description: 'ADL retraining and bathroom safety after hip fracture.',
    type: 'Visit',
    status: 'Active',
    at: 4,
    visits: [v('Deleted', 2, 312, 5), v('Active', 3, 312, 5), v('Active', 6, 316, 6)],
  },
  {
    org: 0,
    title: 'Late-cancelled visit approved for billing',
    description: 'Skilled nursing PRN; the family cancelled on the morning of the visit.',
    type: 'Visit',
    status: 'Active',
    at: 5,
    visits: [v('NotesApproved', -8, 309, 1, { lateCancellation: true }), v('Active', 5, 309, 2)],
  },
  {
    org: 1,
    title: 'RN night shifts, Lakeside Main Campus',
    description: 'Med-surg float RN, nights.',
    type: 'Shift',
    status: 'Active',
    at: 0,
    visits: [
      s('FinalConfirmed', -14, 'Night', 1, 400),
      s('ApprovalDue', -7, 'Night', 1, 400),
      s('Missed', -4, 'Night', 1, 400),
      s('Staffed', 2, 'Night', 1, 400),
      s('Active', 3, 'Night', 1, 400),
      s('Active', 4, 'Night', 1, 400),
    ],
  },
  {
    org: 1,
    title: 'LVN day shifts, North Rehab Unit',
    description: 'LVN for medication passes on the rehab unit.',
    type: 'Shift',
    status: 'Active',
    at: 1,
    visits: [
      s('FinalReview', -10, 'Day', 2, 401),
      s('AfterStaffed', 0, 'Day', 2, 401),
      s('Staffed', 1, 'Day', 2, 401),
      s('Expired', -2, 'Day', 2, 401),
      s('Active', 5, 'Day', 2, 401),
    ],
  },
  {
    org: 1,
    title: 'Congestive heart failure follow-up',
    description: 'Weights, edema checks, medication teaching after discharge.',
    type: 'Visit',
    status: 'Active',
    at: 0,
    visits: [
      v('NotesApproved', -12, 100, 1),
      v('NotesDue', -1, 304, 1),
      v('Staffed', 2, 304, 1),
      v('Active', 6, 304, 2),
    ],
  },
  {
    org: 1,
    title: 'Outpatient orthopedic therapy at home',
    description: 'Total hip precautions, strengthening, transfers.',
    type: 'Visit',
    status: 'Active',
    at: 1,
    visits: [v('NotesInReview', -4, 312, 3), v('Staffed', 3, 316, 4), v('Active', 7, 316, 4)],
  },
  {
    org: 1,
    title: 'Medical social work assessment',
    description: 'Community resources and long-term care planning.',
    type: 'Visit',
    status: 'Hold',
    at: 2,
    visits: [v('Draft', 9, 320, 8)],
  },
  {
    org: 1,
    title: 'Wound vac management',
    description: 'Negative-pressure wound therapy changes three times a week.',
    type: 'Visit',
    status: 'Active',
    at: 3,
    preferences: { skills: ['Wound care'] },
    visits: [v('NotesOverdue', -5, 304, 1), v('VisitOverdue', -1, 304, 1), v('Active', 1, 304, 1)],
  },
  {
    org: 2,
    title: 'Hospice nursing, comfort care',
    description: 'Symptom management and family support at home.',
    type: 'Visit',
    status: 'Active',
    at: 0,
    visits: [
      v('FinalConfirmed', -21, 100, 1),
      v('NotesApproved', -9, 304, 1),
      v('NotesDue', -2, 304, 1),
      v('Staffed', 1, 304, 1),
      v('Active', 4, 304, 1),
    ],
  },
  {
    org: 2,
    title: 'Hospice aide visits',
    description: 'Bathing and personal care three times a week.',
    type: 'Visit',
    status: 'Active',
    at: 1,
    visits: [
      v('FinalReview', -6, 330, 9),
      v('NotesRejected', -4, 330, 9),
      v('AfterStaffed', 0, 330, 9),
      v('Active', 2, 330, 10),
    ],
  },
  {
    org: 2,
    title: 'Hospice social work and bereavement planning',
    description: 'Advance directives and family meeting.',
    type: 'Visit',
    status: 'Active',
    at: 2,
    visits: [v('NotesInReview', -3, 320, 8), v('Active', 6, 320, 8)],
  },
  {
    org: 2,
    title: 'Inpatient hospice house RN shifts',
    description: 'Day RN coverage at the hospice house.',
    type: 'Shift',
    status: 'Active',
    at: 0,
    visits: [
      s('ApprovalDue', -5, 'Day', 1, 400),
      s('Staffed', 2, 'Day', 1, 400),
      s('Active', 3, 'Day', 1, 400),
    ],
  },
  {
    org: 2,
    title: 'Pain crisis visits',
    description: 'PRN nursing for breakthrough pain.',
    type: 'Visit',
    status: 'Active',
    at: 3,
    visits: [
      v('LateCanceled', -2, 309, 1, { lateCancellation: true }),
      v('Expired', -1, 309, 1),
      v('Active', 1, 309, 2),
    ],
  },
  {
    org: 2,
    title: 'Comfort care for dementia',
    description: 'Aide visits for personal care and respite.',
    type: 'Visit',
    status: 'Draft',
    at: 4,
    visits: [v('Draft', 5, 330, 9)],
  },
  {
    org: 3,
    title: 'Knee rehabilitation, completed course',
    description: 'Eight weeks of therapy after ACL reconstruction.',
    type: 'Visit',
    status: 'Completed',
    at: 0,
    visits: [
      v('FinalConfirmed', -29, 312, 3),
      v('FinalConfirmed', -22, 316, 4),
      v('FinalConfirmed', -15, 317, 3),
    ],
  },
  {
    org: 3,
    title: 'Therapy shifts, Old Mill Rehab Suites',
    description: 'PT and OT day shifts on the inpatient rehab floor.',
    type: 'Shift',
    status: 'Active',
    at: 0,
    visits: [
      s('FinalReview', -8, 'Day', 3, 403),
      s('NotesDue', -1, 'Day', 5, 403),
      s('Staffed', 2, 'Day', 3, 403),
      s('Active', 4, 'Day', 5, 403),
    ],
  },
  {
    org: 3,
    title: 'Parkinson disease therapy program',
    description: 'LSVT BIG and LOUD, PT and speech.',
    type: 'Visit',
    status: 'Active',
    at: 1,
    visits: [
      v('NotesApproved', -7, 312, 3),
      v('Missed', -3, 316, 7),
      v('Staffed', 3, 316, 4),
      v('Active', 5, 316, 7),
    ],
  },
  {
    org: 3,
    title: 'Home safety evaluation',
    description: 'OT home safety and durable medical equipment recommendations.',
    type: 'Visit',
    status: 'Active',
    at: 2,
    visits: [v('VisitOverdue', -2, 312, 5), v('Active', 4, 316, 6)],
  },
  {
    org: 3,
    title: 'Cardiac rehabilitation at home',
    description: 'Nursing and therapy after bypass surgery.',
    type: 'Visit',
    status: 'Active',
    at: 3,
    visits: [v('NotesOverdue', -6, 100, 1), v('Deleted', 1, 304, 1), v('Active', 2, 316, 3)],
  },
  {
    org: 3,
    title: 'Aide support while family travels',
    description: 'Daily aide visits for two weeks.',
    type: 'Visit',
    status: 'Hold',
    at: 4,
    visits: [v('Draft', 6, 330, 10), v('Draft', 7, 330, 10)],
  },
];

/** Statuses that carry an assigned clinician. */
const ASSIGNED: ReadonlySet<VisitStatus> = new Set<VisitStatus>([
  'Staffed',
  'AfterStaffed',
  'VisitOverdue',
  'Missed',
  'NotesDue',
  'NotesOverdue',
  'NotesInReview',
  'NotesRejected',
  'NotesApproved',
  'ApprovalDue',
  'FinalReview',
  'LateCanceled',
  'FinalConfirmed',
]);
/** Statuses whose visit took place (time in and out recorded). */
const WORKED: ReadonlySet<VisitStatus> = new Set<VisitStatus>([
  'NotesDue',
  'NotesOverdue',
  'NotesInReview',
  'NotesRejected',
  'NotesApproved',
  'ApprovalDue',
  'FinalReview',
  'FinalConfirmed',
]);

const SHIFT_TIMES = { Day: ['07:00', 480], Evening: ['15:00', 480], Night: ['23:00', 480] } as const;

const FACILITIES: readonly {
  org: number;
  name: string;
  zip: number;
  shifts: readonly (keyof typeof SHIFT_TIMES)[];
}[] = [
  { org: 0, name: 'Sunrise Skilled Nursing Center', zip: 4, shifts: ['Day', 'Evening'] },
  { org: 1, name: 'Lakeside Medical Center, Main Campus', zip: 0, shifts: ['Day', 'Evening', 'Night'] },
  { org: 1, name: 'Lakeside North Rehab Unit', zip: 7, shifts: ['Day', 'Evening'] },
  { org: 2, name: 'Hill Country Hospice House', zip: 3, shifts: ['Day', 'Night'] },
  { org: 3, name: 'Old Mill Rehab Suites', zip: 2, shifts: ['Day'] },
];

const PHYSICIANS = [
  ['Alan', 'Whitaker', 'Internal Medicine', 0],
  ['Priscilla', 'Okonkwo', 'Orthopedic Surgery', 0],
  ['Raymond', 'Delgado', 'Cardiology', 1],
  ['Susan', 'Park', 'Family Medicine', 1],
  ['Victor', 'Castaneda', 'Hospice and Palliative Medicine', 2],
  ['Helen', 'Brandt', 'Physical Medicine and Rehabilitation', 3],
] as const;

const CONTACTS = [
  [0, 'Teresa', 'Alvarez', 'Intake Coordinator', null, true],
  [0, 'Mark', 'Sullivan', 'Director of Nursing', null, false],
  [0, 'Luz', 'Ramos', null, 'Daughter', false],
  [1, 'Grant', 'Whitley', 'Case Manager', null, true],
  [1, 'Naomi', 'Fischer', 'Staffing Office', null, false],
  [1, 'Peter', 'Huang', null, 'Son', false],
  [2, 'Carmen', 'Villarreal', 'Hospice Case Manager', null, true],
  [2, 'Dwight', 'Ellison', 'Chaplain', null, false],
  [3, 'Rebecca', 'Stone', 'Rehab Case Manager', null, true],
  [3, 'Andre', 'Mitchell', null, 'Spouse', false],
] as const;

const GROUP_PLANS = [
  ['Austin Wound Care Team', 'Nurses with wound care and wound vac experience around Austin.', 0],
  ['DFW Weekend Float Pool', 'Clinicians who take weekend and night shifts in Dallas and Fort Worth.', 1],
  ['San Antonio Hospice Team', 'Hospice nurses, aides and social workers in San Antonio.', 2],
] as const;

/**
 * Clinicians of each city by provider type, and the few not fully credentialed (1 uncredentialed, 5
 * inactive) by position. Austin's first five are RNs close to the showcase patient, the first of them the
 * demo clinician; every type of work planned above has a credentialed clinician in its city.
 */
const CITY_CLINICIANS: readonly { types: readonly number[]; credentialStates: Record<number, number> }[] = [
  { types: [1, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10], credentialStates: { 5: 1, 14: 5 } },
  { types: [1, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 9], credentialStates: { 13: 1, 14: 5 } },
  { types: [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 8, 1], credentialStates: { 13: 1, 12: 5 } },
  { types: [3, 3, 4, 5, 5, 7, 1, 2, 6, 8, 9, 10, 3, 4, 1], credentialStates: { 13: 1, 11: 5 } },
];

const phone = (areaCode: string, n: number) => `${areaCode}555${String(1000 + n).slice(-4)}`;
const AREA_CODES = ['512', '214', '210', '817'];
/** Per demo organization, by index as AREA_CODES: the name in its email domain, and its county. */
const ORG_DOMAINS = ['sunrise', 'lakeside', 'hillcountry', 'oldmill'];
const COUNTIES = ['Travis', 'Dallas', 'Bexar', 'Tarrant'];

export async function seedSchedulingDemo(tx: Tx, context: SchedulingSeedContext): Promise<void> {
  const rng = randomSequence(20_260_401);
  const now = Date.now();
  const orgIds = context.organizationIds;
  const coordinatorId = context.userIds['coordinator@carelane.local'] ?? null;
  const customerCareId = context.userIds['customercare@carelane.local'] ?? null;
  const clinicianUserId = context.userIds['clinician@carelane.local'] ?? null;
  const orgUserByOrg = [
    context.userIds['orguser@carelane.local'],
    context.userIds['lakeside.user@carelane.local'],
  ];
  const visitTypeById = new Map(VISIT_TYPES.map((t) => [t.id, t]));

  // Facilities and their shifts.
  const facilityRows = await tx
    .insert(facilities)
    .values(
      FACILITIES.map((f, i) => {
        const at = locate(rng, DEMO_ZIPCODES[f.org]![f.zip]!, 0.004);
        return {
          referralSourceId: orgIds[f.org]!,
          name: f.name,
          email: `staffing${i + 1}@${ORG_DOMAINS[f.org]}.example`,
          phoneNumber: phone(AREA_CODES[f.org]!, 200 + i),
          ...at,
          state: 'TX',
          county: COUNTIES[f.org]!,
        };
      }),
    )
    .returning({
      id: facilities.id,
      latitude: facilities.latitude,
      longitude: facilities.longitude,
      zipcode: facilities.zipcode,
    });
  await tx.insert(facilityShifts).values(
    FACILITIES.flatMap((f, i) =>
      f.shifts.map((name) => {
        const [start, minutes] = SHIFT_TIMES[name];
        const end = `${String((Number(start.slice(0, 2)) + minutes / 60) % 24).padStart(2, '0')}:00`;
        return { facilityId: facilityRows[i]!.id, name, startTime: start, endTime: end, breakMinutes: 30 };
      }),
    ),
  );
  const facilitiesOf = (org: number) =>
    FACILITIES.map((f, i) => ({ ...f, row: facilityRows[i]! })).filter((f) => f.org === org);

  // Rate cards: every organization, every visit type and each provider type that may perform it.
  const cards = new Map<string, ReturnType<typeof rateCard>>();
  const cardRows = orgIds.flatMap((orgId, orgIndex) => {
    let line = 0;
    return VISIT_TYPES.flatMap((visitType) =>
      visitType.providerTypeIds.map((providerTypeId) => {
        const card = rateCard(orgIndex, visitType, providerTypeId, line++);
        cards.set(`${orgIndex}:${providerTypeId}:${visitType.id}`, card);
        return { referralSourceId: orgId, providerTypeId, visitTypeId: visitType.id, ...card };
      }),
    );
  });
  await tx.insert(referralSourceRates).values(cardRows);

  // Physicians, contacts, groups.
  const physicianRows = await tx
    .insert(physicians)
    .values(
      PHYSICIANS.map(([firstName, lastName, specialty, org], i) => {
        const at = locate(rng, DEMO_ZIPCODES[org]![i % 3]!, 0.004);
        return {
          firstName,
          lastName,
          specialty,
          npi: String(1_437_250_910 + i * 1_117),
          phoneNumber: phone(AREA_CODES[org]!, 300 + i),
          fax: phone(AREA_CODES[org]!, 400 + i),
          email: `${firstName[0]!.toLowerCase()}${lastName.toLowerCase()}@clinic.example`,
          ...at,
          addressLine1: `${at.addressLine1}, Suite ${100 + i * 10}`,
          state: 'TX',
        };
      }),
    )
    .returning({ id: physicians.id });
  const physiciansOf = (org: number) =>
    PHYSICIANS.map(([, , , o], i) => ({ o, id: physicianRows[i]!.id })).filter((p) => p.o === org);
  const contactRows = await tx
    .insert(contacts)
    .values(
      CONTACTS.map(([org, firstName, lastName, title, relationship, isCaseManager], i) => ({
        referralSourceId: orgIds[org]!,
        firstName,
        lastName,
        title,
        relationship,
        isCaseManager,
        email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@${ORG_DOMAINS[org]}.example`,
        phoneNumber: phone(AREA_CODES[org]!, 500 + i),
        primaryPhone: phone(AREA_CODES[org]!, 500 + i),
      })),
    )
    .returning({ id: contacts.id });
  const contactsOf = (org: number) =>
    CONTACTS.map(([o, , , , , caseManager], i) => ({ o, caseManager, id: contactRows[i]!.id })).filter(
      (c) => c.o === org,
    );
  const groupRows = await tx
    .insert(groups)
    .values(GROUP_PLANS.map(([name, description]) => ({ name, description })))
    .returning({ id: groups.id });

  // Patients: ten per organization over its city's ZIP codes.
  type PatientSeed = { org: number; id: number; location: Location };
  const patientValues = orgIds.flatMap((orgId, org) =>
    Array.from({ length: 10 }, (_, i) => {
      const zips = DEMO_ZIPCODES[org]!;
      const location = locate(rng, zips[(i * 5 + org) % zips.length]!);
      const n = org * 10 + i;
      return {
        org,
        row: {
          referralSourceId: orgId,
          firstName: FIRST_NAMES[n % FIRST_NAMES.length]!,
          middleInitial: String.fromCharCode(65 + ((n * 7) % 26)),
          lastName: LAST_NAMES[(n * 11) % LAST_NAMES.length]!,
          gender: n % 2 ? 'M' : 'F',
          birthday: `${1931 + ((n * 3) % 50)}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + ((n * 5) % 28)).padStart(2, '0')}`,
          phoneNumber1: phone(AREA_CODES[org]!, 600 + n),
          language: n % 5 === 2 ? 'Spanish' : 'English',
          ...location,
          state: 'TX',
          county: COUNTIES[org]!,
          createdBy: orgUserByOrg[org] ?? coordinatorId,
        },
        location,
      };
    }),
  );
  const patientRows = await tx
    .insert(patients)
    .values(patientValues.map((p) => p.row))
    .returning({ id: patients.id });
  const patientSeeds: PatientSeed[] = patientValues.map((p, i) => ({
    org: p.org,
    id: patientRows[i]!.id,
    location: p.location,
  }));
  const patientsOf = (org: number) => patientSeeds.filter((p) => p.org === org);

  // Clinicians: fifteen per city, every provider type, most credentialed and active. The first Austin
  // clinician is the demo clinician's own record; the first five Austin RNs live near the showcase patient.
  type ClinicianSeed = {
    id: number;
    org: number;
    providerTypeId: number;
    credentialState: number;
    latitude: number;
    longitude: number;
    spread: number;
  };
  const clinicianPlans = orgIds.flatMap((_, org) =>
    CITY_CLINICIANS[org]!.types.map((providerTypeId, i) => {
      const zips = DEMO_ZIPCODES[org]!;
      const n = org * 15 + i;
      const nearShowcase = org === 0 && i < 5;
      const home = locate(
        rng,
        nearShowcase ? zips[i % 5]! : zips[(i * 3 + 1) % zips.length]!,
        nearShowcase ? 0.008 : 0.015,
      );
      const credentialState = CITY_CLINICIANS[org]!.credentialStates[i] ?? 3;
      const isDemoClinician = org === 0 && i === 0;
      const givenName = isDemoClinician ? 'Casey' : CLINICIAN_FIRST[n % CLINICIAN_FIRST.length]!;
      const familyName = isDemoClinician ? 'Rivera' : CLINICIAN_LAST[(n * 7 + 3) % CLINICIAN_LAST.length]!;
      const preferredZipcodes = rng.some(zips, rng.int(2, 4)).map((z) => z[0]);
      const ratingKnown = i % 6 !== 5;
      const visitsDone = rng.int(5, 240);
      return {
        org,
        providerTypeId,
        credentialState,
        spread: rng.next(),
        row: {
          userId: isDemoClinician ? clinicianUserId : null,
          givenName,
          familyName,
          email: isDemoClinician
            ? 'clinician@carelane.local'
            : `${givenName.toLowerCase()}.${familyName.toLowerCase()}${n}@clinicians.example`,
          phoneNumber: isDemoClinician ? '5125550104' : phone(AREA_CODES[org]!, 700 + n),
          providerTypeId,
          providerStatusId: credentialState === 5 ? 5 : credentialState === 1 ? 1 : 3,
          credentialState,
          onboardStep: credentialState === 1 ? 'Credentials' : 'Done',
          ...home,
          state: 'TX',
          preferredLatitude: home.latitude,
          preferredLongitude: home.longitude,
          coverageRadiusMiles: rng.pick([10, 15, 20, 25]),
          preferredZipcodes: [...new Set([home.zipcode, ...preferredZipcodes])],
          skills: rng.some(SKILLS[providerTypeId]!, rng.int(1, 3)),
          weekdayPreferences: i % 4 === 0 ? [] : rng.some([1, 2, 3, 4, 5, 6, 0], rng.int(3, 6)).sort(),
          assignmentPreference: rng.pick(['Visit', 'Shift', 'Both', 'Both']),
          shiftPreferences: i % 3 === 0 ? [] : rng.some(['Day', 'Evening', 'Night'], rng.int(1, 2)),
          rating: ratingKnown ? Math.round((2 + rng.next() * 3) * 10) / 10 : null,
          ratingDetails: (ratingKnown
            ? {
                totalVisitCount: visitsDone,
                totalNotesCount: visitsDone - rng.int(0, 4),
                totalUnstaffedCount: rng.int(0, 6),
                totalUnstaffedLateCount: rng.int(0, 3),
                totalNotesReopenCount: rng.int(0, 5),
                avgPatientRating: Math.round((3 + rng.next() * 2) * 10) / 10,
                totalVisitOverDueCount: rng.int(0, 4),
                totalNotesOverDueCount: rng.int(0, 6),
                totalAutoMissedCount: rng.int(0, 2),
                totalNotesRejectedCount: rng.int(0, 3),
              }
            : {}) as Record<string, number>,
          // The draw of the former providers.last_login (migration 0026), kept so the rest of the demo stays as it was.
          ...(rng.int(0, 30 * 24) < 0 ? {} : {}),
          enableSms: i % 9 !== 4,
          deviceStatus: rng.pick(['Active', 'Active', 'Inactive']),
          notificationStatus: rng.pick(['Enabled', 'Enabled', 'Disabled']),
          careCoordinatorId: i % 2 ? coordinatorId : customerCareId,
        },
      };
    }),
  );
  const clinicianRows = await tx
    .insert(providers)
    .values(clinicianPlans.map((c) => c.row))
    .returning({ id: providers.id });
  const clinicians: ClinicianSeed[] = clinicianPlans.map((c, i) => ({
    id: clinicianRows[i]!.id,
    org: c.org,
    providerTypeId: c.providerTypeId,
    credentialState: c.credentialState,
    latitude: c.row.preferredLatitude,
    longitude: c.row.preferredLongitude,
    spread: c.spread,
  }));
  await seedDemoCredentials(tx, clinicians, now);
  const rateOf = (c: ClinicianSeed, visitType: VisitTypeRow) =>
    clinicianRate(visitType, c.providerTypeId, c.spread);
  await tx.insert(providerRates).values(
    clinicians.flatMap((c) =>
      VISIT_TYPES.filter((t) => t.providerTypeIds.includes(c.providerTypeId)).map((t) => ({
        providerId: c.id,
        visitTypeId: t.id,
        amount: rateOf(c, t),
        specialRate: dollars(rateOf(c, t) * 1.15),
        incrementalRate: t.unit === '$/Hour' ? dollars(rateOf(c, t) * 1.5) : null,
      })),
    ),
  );
  // A few vacations: one under way, others ahead; never on a day the clinician is booked (checked below).
  const vacationPlans = [
    [7, -2, 3],
    [20, 10, 17],
    [33, 12, 14],
    [48, -20, -13],
    [55, 21, 28],
  ] as const;
  const vacations = vacationPlans.map(([index, from, to]) => ({
    clinician: clinicians[index]!,
    startDate: dateIn(from, now),
    endDate: dateIn(to, now),
  }));
  await tx.insert(providerVacations).values(
    vacations.map((vacation) => ({
      providerId: vacation.clinician.id,
      startDate: vacation.startDate,
      endDate: vacation.endDate,
    })),
  );
  await tx.insert(groupMembers).values(
    GROUP_PLANS.flatMap(([, , org], g) =>
      clinicians
        .filter((c) => (g === 1 ? c.org === 1 || c.org === 3 : c.org === org))
        .filter((c) => (g === 0 ? c.providerTypeId <= 2 : true))
        .slice(0, 8)
        .map((c) => ({ groupId: groupRows[g]!.id, providerId: c.id })),
    ),
  );

  // Service requests and their visits.
  const booked = new Map<number, { start: number; end: number }[]>();
  const onVacation = (c: ClinicianSeed, date: string) =>
    vacations.some(
      (vacation) => vacation.clinician.id === c.id && vacation.startDate <= date && date <= vacation.endDate,
    );
  /** The nearest credentialed clinician of the type who is free then (the demo clinician first when he fits). */
  function assign(
    org: number,
    providerTypeId: number,
    at: { latitude: number; longitude: number },
    date: string,
    start: Date,
    end: Date,
  ) {
    const candidates = clinicians
      .filter(
        (c) =>
          c.providerTypeId === providerTypeId &&
          c.credentialState === 3 &&
          (c.org === org || (org === 3 && c.org === 1)),
      )
      .filter((c) => !onVacation(c, date))
      .filter(
        (c) => !(booked.get(c.id) ?? []).some((b) => b.start < end.getTime() && start.getTime() < b.end),
      )
      .sort(
        (a, b) =>
          distanceMiles(at.latitude, at.longitude, a.latitude, a.longitude) -
          distanceMiles(at.latitude, at.longitude, b.latitude, b.longitude),
      );
    const chosen = candidates[0];
    if (!chosen) throw new Error(`Demo seed: no free clinician of type ${providerTypeId} on ${date}`);
    booked.set(chosen.id, [...(booked.get(chosen.id) ?? []), { start: start.getTime(), end: end.getTime() }]);
    return chosen;
  }

  /** Where a plan takes place: its patient (visits) or its facility (shifts), picked by `at`. */
  const placeOf = (plan: EpisodePlan) => ({
    patient: plan.type === 'Visit' ? patientsOf(plan.org)[plan.at]! : undefined,
    facility: plan.type === 'Shift' ? facilitiesOf(plan.org)[plan.at]!.row : undefined,
  });

  const episodeRows = await tx
    .insert(episodes)
    .values(
      EPISODES.map((plan) => {
        const { patient, facility } = placeOf(plan);
        const orgContacts = contactsOf(plan.org);
        const days = plan.visits.map((visit) => visit.day);
        return {
          referralSourceId: orgIds[plan.org]!,
          patientId: patient?.id ?? null,
          facilityId: facility?.id ?? null,
          physicianId: patient
            ? (physiciansOf(plan.org)[plan.at % 2] ?? physiciansOf(plan.org)[0])!.id
            : null,
          episodeType: plan.type,
          title: plan.title,
          description: plan.description,
          status: plan.status,
          startDate: dateIn(Math.min(...days) - 2, now),
          endDate: dateIn(Math.max(...days) + 14, now),
          payor:
            plan.type === 'Shift'
              ? 'Facility'
              : rng.pick(['Medicare', 'Medicare Advantage', 'Medicaid', 'Private']),
          authorizedVisits: plan.type === 'Visit' ? plan.visits.length + 4 : null,
          visitTypeIds: [...new Set(plan.visits.map((visit) => visit.visitTypeId))],
          providerTypeIds: [...new Set(plan.visits.map((visit) => visit.providerTypeId))],
          groupIds: plan.org === 0 && plan.type === 'Visit' && plan.at === 0 ? [groupRows[0]!.id] : [],
          contactIds: orgContacts
            .filter((c) => !c.caseManager)
            .map((c) => c.id)
            .slice(0, 1),
          caseManagerId: orgContacts.find((c) => c.caseManager)?.id ?? null,
          careCoordinatorId: coordinatorId,
          customerCareCoordinatorId: customerCareId,
          preferences: plan.preferences ?? {},
          frequencies:
            plan.type === 'Visit' ? [{ visitTypeId: plan.visits[0]!.visitTypeId, perWeek: 2, weeks: 4 }] : [],
          visitRate: { isHourly: plan.type === 'Shift', bonus: 0, referralSourceBonus: 0 },
          publishedAt: plan.status === 'Draft' ? null : new Date(now + (Math.min(...days) - 3) * DAY_MS),
          createdBy: orgUserByOrg[plan.org] ?? coordinatorId,
        };
      }),
    )
    .returning({ id: episodes.id });

  const visitValues: (typeof visits.$inferInsert)[] = [];
  const visitTerms: {
    providerTypeId: number;
    card: ReturnType<typeof rateCard>;
    isHourly: boolean;
    providerAmount: number;
  }[] = [];
  EPISODES.forEach((plan, e) => {
    const { patient, facility } = placeOf(plan);
    const at = patient
      ? patient.location
      : { latitude: facility!.latitude!, longitude: facility!.longitude!, zipcode: facility!.zipcode! };
    plan.visits.forEach((visit, k) => {
      const visitType = visitTypeById.get(visit.visitTypeId)!;
      const date = dateIn(visit.day, now);
      const [startTime, minutes] = visit.shift
        ? SHIFT_TIMES[visit.shift]
        : [`${String(8 + ((e + k) % 8)).padStart(2, '0')}:00`, 60];
      const start = texasTime(date, startTime);
      const end = new Date(start.getTime() + minutes * 60_000);
      const isHourly = visitType.unit === '$/Hour';
      const card = cards.get(`${plan.org}:${visit.providerTypeId}:${visit.visitTypeId}`)!;
      const clinician = ASSIGNED.has(visit.status)
        ? assign(plan.org, visit.providerTypeId, at, date, start, end)
        : undefined;
      const bonus = visit.status === 'Active' && k % 3 === 0 ? 10 : 0;
      const rates = clinician
        ? computeRates({
            visit: { duration: minutes, isHourly, bonus, status: visit.status },
            card,
            clinician: { amount: rateOf(clinician, visitType) },
          })
        : undefined;
      const worked = WORKED.has(visit.status) || visit.status === 'AfterStaffed';
      // Asked for 6 to 30 hours before it was staffed (three days before the visit), never after the seed ran.
      const requestedAt = new Date(
        Math.min(now, start.getTime() - 3 * DAY_MS) - (((e + k) % 5) + 1) * 6 * HOUR_MS,
      );
      visitValues.push({
        episodeId: episodeRows[e]!.id,
        referralSourceId: orgIds[plan.org]!,
        patientId: patient?.id ?? null,
        facilityId: facility ? facility.id : null,
        episodeType: plan.type,
        visitTypeId: visit.visitTypeId,
        providerTypeId: visit.providerTypeId,
        dateOfService: date,
        startAt: start,
        endAt: end,
        duration: minutes,
        status: visit.status,
        isHourly,
        bonus: bonus || null,
        lateCancellation: visit.lateCancellation ?? false,
        shiftConfirmedByFacility: plan.type === 'Shift' && !!clinician && visit.status !== 'Staffed',
        providerId: clinician?.id ?? null,
        assignedAt: clinician ? new Date(start.getTime() - 3 * DAY_MS) : null,
        assignedBy: clinician ? coordinatorId : null,
        providerAmount: rates?.clinicianAmount ?? null,
        rsAmount: rates?.organizationAmount ?? null,
        timeIn: worked ? start : null,
        timeOut: worked && visit.status !== 'AfterStaffed' ? end : null,
        expireReason: visit.status === 'Expired' ? 'No clinician available' : null,
        zipcode: at.zipcode,
        latitude: at.latitude,
        longitude: at.longitude,
        createdBy: coordinatorId,
        createdAt: requestedAt,
      });
      const clinicianAmount = clinician
        ? rateOf(clinician, visitType)
        : clinicianRate(visitType, visit.providerTypeId, 0.5);
      visitTerms.push({
        providerTypeId: visit.providerTypeId,
        card,
        isHourly,
        providerAmount: clinicianAmount,
      });
    });
  });
  const visitRows = await tx.insert(visits).values(visitValues).returning({ id: visits.id });
  await tx.insert(visitProviderTypes).values(
    visitRows.map((row, i) => {
      const { providerTypeId, card, isHourly, providerAmount } = visitTerms[i]!;
      return {
        visitId: row.id,
        providerTypeId,
        fixedRate: card.amount,
        providerAmount,
        unit: card.unit,
        profitMargin: card.profitMargin,
        serviceFee: card.serviceFee,
        bonus: visitValues[i]!.bonus ?? null,
        referralSourceBonus: null,
        isHourly,
      };
    }),
  );

  // One attached file, so the service request page shows its Files card with something in it.
  const withFile = EPISODES.findIndex((plan) => plan.org === 0 && plan.type === 'Visit');
  const uploader = orgUserByOrg[0] ?? coordinatorId;
  if (withFile >= 0 && uploader) {
    const content = Buffer.from(
      'Referral notes\n\nPatient discharged home after knee replacement. Wound care twice a week; ' +
        'call the case manager before the first visit.\n',
    );
    await tx.insert(episodeFiles).values({
      episodeId: episodeRows[withFile]!.id,
      fileName: 'Referral notes.txt',
      contentType: 'text/plain',
      sizeBytes: content.length,
      content,
      uploadedBy: uploader,
    });
  }

  const missing = VISIT_STATUSES.filter(
    (status) => !EPISODES.some((plan) => plan.visits.some((visit) => visit.status === status)),
  );
  if (missing.length) throw new Error(`Demo seed: no visit in ${missing.join(', ')}`);
  if (!PROVIDER_TYPES.every((type) => clinicians.some((c) => c.providerTypeId === type.id)))
    throw new Error('Demo seed: a provider type has no clinician');
}
