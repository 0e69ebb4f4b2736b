import type { ProviderType, VisitType } from '@carelane/shared-domain';
import {
  onlyProviderType,
  preselectedTypes,
  providerTypeChoices,
  visitRateText,
  visitTexts,
  visitTypeChoices,
} from './visit-form-model';

const type = (id: number, serviceType: string, providerTypeIds: number[]): VisitType => ({
  id,
  type: `T${id}`,
  description: '',
  unit: '$/Visit',
  evaluation: false,
  discharge: false,
  serviceType,
  telehealth: false,
  providerTypeIds,
});
const visitTypes = [type(304, 'Visit', [1]), type(305, 'Visit', [1, 2]), type(400, 'Shift', [1])];
const providerTypes: ProviderType[] = [
  { id: 1, type: 'RN' },
  { id: 2, type: 'LVN' },
];

describe('visit form model', () => {
  it("offers the request's own visit types, else every type of its kind", () => {
    const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
    expect(ids(visitTypeChoices({ episodeType: 'Visit', visitTypeIds: [305] }, visitTypes))).toEqual([305]);
    expect(ids(visitTypeChoices({ episodeType: 'Visit', visitTypeIds: [] }, visitTypes))).toEqual([304, 305]);
    expect(ids(providerTypeChoices({ providerTypeIds: [2] }, visitTypes[1], providerTypes))).toEqual([2]);
    expect(ids(providerTypeChoices({ providerTypeIds: [] }, visitTypes[1], providerTypes))).toEqual([1, 2]);
    // A request type the visit type does not allow: the visit type's own.
    expect(ids(providerTypeChoices({ providerTypeIds: [2] }, visitTypes[0], providerTypes))).toEqual([1]);
  });

  it('pre-fills the only visit type and its only provider type', () => {
    const request = { episodeType: 'Visit', visitTypeIds: [305], providerTypeIds: [2] };
    expect(preselectedTypes(request, visitTypes, providerTypes)).toEqual({
      visitTypeId: 305,
      providerTypeId: 2,
    });
    expect(preselectedTypes({ ...request, visitTypeIds: [] }, visitTypes, providerTypes)).toEqual({
      visitTypeId: undefined,
      providerTypeId: undefined,
    });
    expect(onlyProviderType({ providerTypeIds: [] }, visitTypes[0], providerTypes)).toBe(1);
    expect(onlyProviderType({ providerTypeIds: [] }, visitTypes[1], providerTypes)).toBeUndefined();
  });

  it('shows money with cents', () => {
    const rate = { rateOverride: false, overrideAmount: null, fixedRate: 96.8, isHourly: true, bonus: 5 };
    expect(visitRateText(rate)).toBe('$96.80/h + $5.00 bonus');
    expect(visitRateText({ ...rate, rateOverride: true, overrideAmount: 1200.5 })).toBe(
      '$1,200.50 (override)',
    );
    expect(visitRateText({ ...rate, fixedRate: null })).toBe('—');
  });

  it('says what was added, saved or deleted', () => {
    expect(visitTexts.added('Visit', ['2026-11-28'])).toBe('Visit added for 11/28/2026.');
    expect(visitTexts.added('Shift', ['2026-12-12', '2026-11-28', '2026-12-01'])).toBe(
      '3 shifts added, 11/28/2026 to 12/12/2026.',
    );
    expect(visitTexts.added('Visit', ['2026-11-28', '2026-11-28'])).toBe('2 visits added, on 11/28/2026.');
    expect(visitTexts.saved('Visit', '2026-11-28')).toBe('Visit of 11/28/2026 saved.');
    expect(visitTexts.deleted('Shift', '2026-11-28')).toBe('Shift of 11/28/2026 deleted.');
  });
});
