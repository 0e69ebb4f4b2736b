import { ageFromBirthday, patientDisplayName } from './patient-rules';

describe('ageFromBirthday', () => {
  const today = new Date(2026, 10, 23);
  it('counts whole years, one less before this year’s birthday', () => {
    expect(ageFromBirthday('1950-11-23', today)).toBe(76);
    expect(ageFromBirthday('1950-11-24', today)).toBe(75);
    expect(ageFromBirthday('1950-12-01', today)).toBe(75);
    expect(ageFromBirthday('2026-01-01', today)).toBe(0);
  });
  it('is null without a valid birthday or for one in the future', () => {
    expect(ageFromBirthday(null, today)).toBeNull();
    expect(ageFromBirthday('11/23/1950', today)).toBeNull();
    expect(ageFromBirthday('2027-01-01', today)).toBeNull();
  });
});

it('shows a patient as Last, First M.', () => {
  expect(patientDisplayName({ firstName: 'Jane', lastName: 'Doe', middleInitial: 'Q' })).toBe('Doe, Jane Q.');
  expect(patientDisplayName({ firstName: 'Jane', lastName: 'Doe' })).toBe('Doe, Jane');
});
