import { ageFromBirthday, birthdayProblem, patientDisplayName } from './patient-rules';

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

describe('birthdayProblem', () => {
  const today = new Date(2026, 10, 23);
  it('takes a real date from 1900 up to today', () => {
    for (const iso of ['1900-01-01', '1940-02-29', '2026-11-23'])
      expect(birthdayProblem(iso, today)).toBeNull();
  });
  it.each([
    ['1940-02-30', 'must be a real date'],
    ['1941-02-29', 'must be a real date'],
    ['1950-13-01', 'must be a real date'],
    ['2/30/1940', 'must be a real date'],
    ['2030-01-01', 'cannot be in the future'],
    ['2026-11-24', 'cannot be in the future'],
    ['1899-12-31', 'must be after 1900'],
  ])('%s: %s', (iso, problem) => {
    expect(birthdayProblem(iso, today)).toBe(problem);
  });
  it('knows leap days', () => {
    expect(birthdayProblem('2000-02-29', today)).toBeNull();
    expect(birthdayProblem('1900-02-29', today)).toBe('must be a real date');
  });
});
