import {
  DEFAULT_DATE_RANGES,
  INVOICES_MAX_DAYS,
  PATIENT_CREATION_MAX_DAYS,
  PROVIDER_PAYMENTS_MAX_DAYS,
  clampDateRange,
  defaultDateRange,
  defaultRange,
  endOfDay,
  startOfDay,
} from './date-range';

const day = (year: number, month: number, date: number, hours = 0, minutes = 0) =>
  new Date(year, month - 1, date, hours, minutes);
const lastMoment = (year: number, month: number, date: number) =>
  new Date(year, month - 1, date, 23, 59, 59, 999);

describe('startOfDay and endOfDay', () => {
  it('set the first and last moment of the local day', () => {
    expect(startOfDay(day(2024, 3, 10, 15, 30))).toEqual(day(2024, 3, 10));
    expect(endOfDay(day(2024, 3, 10, 15, 30))).toEqual(lastMoment(2024, 3, 10));
  });
});

describe('clampDateRange', () => {
  it('uses the SPEC §5 limits', () => {
    expect(PATIENT_CREATION_MAX_DAYS).toBe(180);
    expect(PROVIDER_PAYMENTS_MAX_DAYS).toBe(180);
    expect(INVOICES_MAX_DAYS).toBe(365);
  });

  it('sets start to start of day and end to end of day', () => {
    expect(clampDateRange({ start: day(2024, 1, 1, 9), end: day(2024, 1, 10, 9) }, 180)).toEqual({
      start: day(2024, 1, 1),
      end: lastMoment(2024, 1, 10),
    });
  });

  it('cuts a 200-day patient-creation range to 180 days by moving the end', () => {
    // 1/1/2024 + 199 days = 7/18/2024: 200 days covered.
    const clamped = clampDateRange(
      { start: day(2024, 1, 1), end: day(2024, 7, 18) },
      PATIENT_CREATION_MAX_DAYS,
    );
    expect(clamped).toEqual({ start: day(2024, 1, 1), end: lastMoment(2024, 6, 28) });
  });

  it('moves the start instead when asked', () => {
    const clamped = clampDateRange(
      { start: day(2024, 1, 1), end: day(2024, 7, 18) },
      PATIENT_CREATION_MAX_DAYS,
      'start',
    );
    expect(clamped).toEqual({ start: day(2024, 1, 21), end: lastMoment(2024, 7, 18) });
  });

  it('keeps a range of exactly the limit', () => {
    expect(
      clampDateRange({ start: day(2024, 1, 1), end: day(2024, 6, 28) }, PROVIDER_PAYMENTS_MAX_DAYS),
    ).toEqual({
      start: day(2024, 1, 1),
      end: lastMoment(2024, 6, 28),
    });
  });

  it('turns an end before the start into the one day of the start', () => {
    expect(
      clampDateRange({ start: day(2024, 5, 10, 14), end: day(2024, 5, 2, 8) }, PATIENT_CREATION_MAX_DAYS),
    ).toEqual({
      start: day(2024, 5, 10),
      end: lastMoment(2024, 5, 10),
    });
    expect(
      clampDateRange({ start: day(2024, 5, 10, 14), end: day(2024, 5, 2) }, INVOICES_MAX_DAYS, 'start'),
    ).toEqual({
      start: day(2024, 5, 10),
      end: lastMoment(2024, 5, 10),
    });
  });

  it('keeps a same-day range whose end time is before its start time', () => {
    expect(clampDateRange({ start: day(2024, 5, 10, 14), end: day(2024, 5, 10, 8) }, 1)).toEqual({
      start: day(2024, 5, 10),
      end: lastMoment(2024, 5, 10),
    });
  });

  it('keeps a 365-day invoice range', () => {
    expect(clampDateRange({ start: day(2023, 1, 1), end: day(2023, 12, 31) }, INVOICES_MAX_DAYS)).toEqual({
      start: day(2023, 1, 1),
      end: lastMoment(2023, 12, 31),
    });
  });

  it('cuts a 400-day invoice range to 365 days', () => {
    // 1/1/2023 + 399 days = 2/4/2024.
    expect(clampDateRange({ start: day(2023, 1, 1), end: day(2024, 2, 4) }, INVOICES_MAX_DAYS)).toEqual({
      start: day(2023, 1, 1),
      end: lastMoment(2023, 12, 31),
    });
  });
});

describe('default date ranges', () => {
  const now = day(2024, 3, 15, 10, 30);

  it('runs from the start of day now+from to the end of day now+to', () => {
    expect(defaultRange(-29, 30, now)).toEqual({ start: day(2024, 2, 15), end: lastMoment(2024, 4, 14) });
  });

  it('lists the SPEC §9 ranges', () => {
    expect(DEFAULT_DATE_RANGES).toEqual({
      auditLogs: [-30, 0],
      providerVisits: [-29, 30],
      myVisits: [-120, 45],
      tasks: [-30, 30],
      invoices: [-180, 0],
      providerPayments: [-30, 30],
      fitScoreVisits: [0, 7],
      supplyRequest: [-90, 0],
      episodeCreation: [-365, 0],
      visitCompletion: [-60, 0],
    });
  });

  it('builds a named range', () => {
    expect(defaultDateRange('auditLogs', now)).toEqual({
      start: day(2024, 2, 14),
      end: lastMoment(2024, 3, 15),
    });
    expect(defaultDateRange('fitScoreVisits', now)).toEqual({
      start: day(2024, 3, 15),
      end: lastMoment(2024, 3, 22),
    });
  });
});
