/**
 * Reference data every database holds (seeded at start, kept when edited): the provider types of SPEC §1 and
 * the visit types. Visit type ids 100, 105, 304, 305, 306, 309, 312, 314, 316 and 317 form the one group of
 * SPEC §9 (100 and 312 early; 306 and 317 later; 105 and 314 early in the first period); the names and the
 * other types are our design.
 */
export type ProviderTypeRow = { id: number; type: string };
export const PROVIDER_TYPES: readonly ProviderTypeRow[] = [
  { id: 1, type: 'RN' },
  { id: 2, type: 'LVN/LPN' },
  { id: 3, type: 'PT' },
  { id: 4, type: 'PTA' },
  { id: 5, type: 'OT' },
  { id: 6, type: 'OTA' },
  { id: 7, type: 'ST/SLP' },
  { id: 8, type: 'MSW' },
  { id: 9, type: 'HHA' },
  { id: 10, type: 'CNA' },
];

export type VisitTypeRow = {
  id: number;
  type: string;
  description: string;
  unit: '$/Visit' | '$/Hour';
  evaluation: boolean;
  discharge: boolean;
  serviceType: 'Visit' | 'Shift';
  providerTypeIds: number[];
  /** Held by video in /tc (issue 28): the call's start and end are the visit's time in and time out. */
  telehealth: boolean;
};

const NURSING = [1, 2];
const THERAPY = [3, 4, 5, 6, 7];
const visit = (
  id: number,
  type: string,
  description: string,
  providerTypeIds: number[],
  flags: { evaluation?: boolean; discharge?: boolean; telehealth?: boolean } = {},
): VisitTypeRow => ({
  id,
  type,
  description,
  unit: '$/Visit',
  evaluation: flags.evaluation ?? false,
  discharge: flags.discharge ?? false,
  serviceType: 'Visit',
  telehealth: flags.telehealth ?? false,
  providerTypeIds,
});
const shift = (id: number, type: string, description: string, providerTypeIds: number[]): VisitTypeRow => ({
  id,
  type,
  description,
  unit: '$/Hour',
  evaluation: false,
  discharge: false,
  serviceType: 'Shift',
  telehealth: false,
  providerTypeIds,
});

export const VISIT_TYPES: readonly VisitTypeRow[] = [
  visit(100, 'SOC', 'Start of care (OASIS)', [1, 3, 7], { evaluation: true }),
  visit(105, 'ROC', 'Resumption of care (OASIS)', [1, 3, 7], { evaluation: true }),
  visit(304, 'RN Routine', 'Skilled nursing routine visit', NURSING),
  visit(305, 'LVN Routine', 'LVN/LPN routine visit', [2]),
  visit(306, 'Recert', 'Recertification (OASIS)', [1, 3, 7]),
  visit(309, 'PRN', 'As-needed nursing visit', NURSING),
  visit(312, 'Eval', 'Therapy evaluation', THERAPY, { evaluation: true }),
  visit(314, 'Re-eval', 'Therapy re-evaluation', THERAPY, { evaluation: true }),
  visit(316, 'Therapy Routine', 'Therapy routine visit', THERAPY),
  visit(317, 'Discharge', 'Discharge visit (OASIS)', [1, 3, 5, 7], { discharge: true }),
  visit(320, 'MSW Visit', 'Medical social work visit', [8]),
  visit(330, 'Aide Visit', 'Home health aide visit', [9, 10]),
  visit(340, 'Telehealth', 'Telehealth visit by video', [...NURSING, ...THERAPY, 8], { telehealth: true }),
  shift(400, 'RN Shift', 'Registered nurse shift', [1]),
  shift(401, 'LVN Shift', 'LVN/LPN shift', [2]),
  shift(402, 'CNA Shift', 'Certified nursing assistant shift', [9, 10]),
  shift(403, 'Therapy Shift', 'Therapist shift', THERAPY),
];

export function providerTypeName(id: number): string {
  return PROVIDER_TYPES.find((row) => row.id === id)?.type ?? `Type ${id}`;
}
