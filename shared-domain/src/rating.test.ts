import { RATING_TOOLTIP_LINES, ratingColor, ratingFromDetails, ratingLabel } from './rating';

describe('provider rating badge', () => {
  it.each([
    [5, 'green', '5.0'],
    [3.5, 'green', '3.5'],
    [3.46, 'green', '3.5'],
    [3.44, 'orange', '3.4'],
    [3, 'orange', '3.0'],
    [2.5, 'orange', '2.5'],
    [2.4, 'red', '2.4'],
    [1, 'red', '1.0'],
    [0.1, 'red', '0.1'],
    [0, 'grey', 'NR'],
    [0.01, 'grey', 'NR'],
    [null, 'grey', 'NR'],
    [undefined, 'grey', 'NR'],
    [Number.NaN, 'grey', 'NR'],
  ])('%p is %s and reads %s', (rating, color, label) => {
    expect(ratingColor(rating)).toBe(color);
    expect(ratingLabel(rating)).toBe(label);
  });

  it('has the SPEC §9 tooltip lines', () => {
    expect(RATING_TOOLTIP_LINES).toEqual([
      'Assignments Reliability',
      'Notes Reliability',
      'Patient/Supervisor Satisfaction Rating',
    ]);
  });
});

describe('ratingFromDetails (decision 026)', () => {
  it('works the three parts and their mean from the counters', () => {
    // assignments: 5 × (1 − (1 + 1 + 0 + 2) / 40) = 4.5; notes: 5 × (1 − (1 + 0 + 2) / 30) = 4.5; 4.2 rated.
    expect(
      ratingFromDetails({
        totalVisitCount: 40,
        totalUnstaffedCount: 1,
        totalUnstaffedLateCount: 1,
        totalAutoMissedCount: 0,
        totalVisitOverDueCount: 2,
        totalNotesCount: 30,
        totalNotesReopenCount: 1,
        totalNotesOverDueCount: 0,
        totalNotesRejectedCount: 2,
        avgPatientRating: 4.2,
      }),
    ).toEqual({ assignmentsReliability: 4.5, notesReliability: 4.5, satisfaction: 4.2, rating: 4.4 });
  });

  it('rounds parts and the mean to two decimals', () => {
    // assignments: 5 × (1 − 1 / 3) = 3.333… → 3.33; notes: 5 × (1 − 1 / 7) = 4.2857… → 4.29;
    // rating: (3.33 + 4.29 + 5) / 3 = 4.2066… → 4.21.
    expect(
      ratingFromDetails({
        totalVisitCount: 3,
        totalUnstaffedCount: 1,
        totalNotesCount: 7,
        totalNotesRejectedCount: 1,
        avgPatientRating: 5,
      }),
    ).toEqual({ assignmentsReliability: 3.33, notesReliability: 4.29, satisfaction: 5, rating: 4.21 });
  });

  it('leaves out a part with nothing to judge', () => {
    // No notes, nobody rated: the rating is the assignments part alone, 5 × (1 − 2 / 10) = 4.
    expect(ratingFromDetails({ totalVisitCount: 10, totalAutoMissedCount: 2, totalNotesCount: 0 })).toEqual({
      assignmentsReliability: 4,
      notesReliability: null,
      satisfaction: null,
      rating: 4,
    });
    // Only a patient rating: the rating is that rating.
    expect(ratingFromDetails({ avgPatientRating: 3.75 })).toEqual({
      assignmentsReliability: null,
      notesReliability: null,
      satisfaction: 3.75,
      rating: 3.75,
    });
  });

  it('is null throughout with nothing recorded', () => {
    const none = { assignmentsReliability: null, notesReliability: null, satisfaction: null, rating: null };
    expect(ratingFromDetails({})).toEqual(none);
    expect(ratingFromDetails(null)).toEqual(none);
    expect(ratingFromDetails(undefined)).toEqual(none);
    expect(ratingFromDetails({ totalVisitCount: 0, totalNotesCount: 0, avgPatientRating: 0 })).toEqual(none);
  });

  it('clamps to 0–5 when the misses outnumber the work (counters recorded apart)', () => {
    expect(
      ratingFromDetails({ totalVisitCount: 2, totalUnstaffedCount: 3, totalVisitOverDueCount: 2 })
        .assignmentsReliability,
    ).toBe(0);
    expect(ratingFromDetails({ totalNotesCount: 4, totalNotesReopenCount: 9 }).notesReliability).toBe(0);
    // A zero part still counts: (0 + 5) / 2.
    expect(
      ratingFromDetails({ totalVisitCount: 1, totalUnstaffedCount: 1, avgPatientRating: 5 }).rating,
    ).toBe(2.5);
  });

  it('ignores negative, missing and non-numeric counters', () => {
    expect(
      ratingFromDetails({
        totalVisitCount: 8,
        totalUnstaffedCount: -3,
        totalAutoMissedCount: Number.NaN,
        totalVisitOverDueCount: 2,
      }),
    ).toMatchObject({ assignmentsReliability: 3.75, rating: 3.75 });
  });

  it('reads as the badge shows it', () => {
    const { rating } = ratingFromDetails({
      totalVisitCount: 40,
      totalUnstaffedCount: 4,
      avgPatientRating: 4,
    });
    // (4.5 + 4) / 2 = 4.25 → '4.3', green.
    expect(rating).toBe(4.25);
    expect(ratingLabel(rating)).toBe('4.3');
    expect(ratingColor(rating)).toBe('green');
  });
});
