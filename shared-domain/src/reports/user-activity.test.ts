import { activityEntriesPath, activityWindow, USER_ACTIVITY_FIGURES } from './user-activity';

describe('user activity', () => {
  it("spans a period's Central days: from the first midnight to the last millisecond before the next", () => {
    // November: Central is UTC-6.
    expect(activityWindow({ from: '2026-11-23', to: '2026-11-29' })).toEqual({
      start: '2026-11-23T06:00:00.000Z',
      end: '2026-11-30T05:59:59.999Z',
    });
    // Across the change back from daylight time (November 1, 2026): 25 hours that day.
    expect(activityWindow({ from: '2026-10-31', to: '2026-11-01' })).toEqual({
      start: '2026-10-31T05:00:00.000Z',
      end: '2026-11-02T05:59:59.999Z',
    });
  });

  it("links each figure to the audit log's entries of the user, its action and the period", () => {
    const period = { from: '2026-11-23', to: '2026-11-29' };
    const [signIns, , entries] = USER_ACTIVITY_FIGURES;
    expect(activityEntriesPath(12, signIns, period)).toBe(
      '/auditLogs?userId=12&start=2026-11-23T06%3A00%3A00.000Z&end=2026-11-30T05%3A59%3A59.999Z&action=LOGIN',
    );
    expect(activityEntriesPath(12, entries, period)).not.toContain('action=');
  });
});
