import { askedReportPeriod, defaultReportPeriod, periodDays, priorPeriod, REPORT_MAX_DAYS } from './period';

describe('report periods', () => {
  it('defaults to the last 7 days, today included, compared with the 7 before', () => {
    const period = defaultReportPeriod('2026-12-02');
    expect(period).toEqual({ from: '2026-11-26', to: '2026-12-02' });
    expect(periodDays(period)).toBe(7);
    expect(priorPeriod(period)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
  });

  it('takes the prior period of the same length across a month and a leap day', () => {
    expect(priorPeriod({ from: '2028-03-01', to: '2028-03-31' })).toEqual({
      from: '2028-01-30',
      to: '2028-02-29',
    });
  });

  it('fills a missing end from the default and gives one day for an end before the start', () => {
    expect(askedReportPeriod({}, '2026-12-02')).toEqual({
      ok: true,
      period: { from: '2026-11-26', to: '2026-12-02' },
    });
    expect(askedReportPeriod({ from: '2026-11-01' }, '2026-12-02')).toEqual({
      ok: true,
      period: { from: '2026-11-01', to: '2026-12-02' },
    });
    expect(askedReportPeriod({ to: '2026-10-10' }, '2026-12-02')).toEqual({
      ok: true,
      period: { from: '2026-10-04', to: '2026-10-10' },
    });
    expect(askedReportPeriod({ from: '2026-11-05', to: '2026-11-01' }, '2026-12-02')).toEqual({
      ok: true,
      period: { from: '2026-11-05', to: '2026-11-05' },
    });
  });

  it(`refuses a period longer than ${REPORT_MAX_DAYS} days, naming to`, () => {
    expect(askedReportPeriod({ from: '2025-01-01', to: '2026-01-01' }, '2026-12-02')).toEqual({
      ok: true,
      period: { from: '2025-01-01', to: '2026-01-01' },
    });
    expect(askedReportPeriod({ from: '2025-01-01', to: '2026-01-02' }, '2026-12-02')).toEqual({
      ok: false,
      field: 'to',
      message: 'must make a period of at most 366 days',
    });
  });
});
