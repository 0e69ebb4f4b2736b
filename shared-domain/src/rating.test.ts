import { RATING_TOOLTIP_LINES, ratingColor, ratingLabel } from './rating';

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
