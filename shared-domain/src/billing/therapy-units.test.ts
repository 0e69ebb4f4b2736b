import { THERAPY_BILLING_CODES, isTherapyProviderType, therapyUnits } from './therapy-units';

describe('therapy units (CMS 8-minute rule, at most 8; decision 030)', () => {
  it.each([
    [null, 0],
    [0, 0],
    [7, 0],
    [8, 1],
    [15, 1],
    [22, 1],
    [23, 2],
    [37, 2],
    [38, 3],
    [120, 8],
    [127, 8],
    [200, 8],
  ])('%p minutes -> %p units', (minutes, units) => {
    expect(therapyUnits(minutes)).toBe(units);
  });

  it('codes each therapy discipline, and only those', () => {
    expect(THERAPY_BILLING_CODES.PT.code).toBe('97110');
    expect(THERAPY_BILLING_CODES.PTA.code).toBe('97110');
    expect(THERAPY_BILLING_CODES.OT.code).toBe('97530');
    expect(THERAPY_BILLING_CODES.OTA.code).toBe('97530');
    expect(THERAPY_BILLING_CODES['ST/SLP'].code).toBe('92507');
    expect(isTherapyProviderType('RN')).toBe(false);
    expect(isTherapyProviderType('toString')).toBe(false);
  });
});
