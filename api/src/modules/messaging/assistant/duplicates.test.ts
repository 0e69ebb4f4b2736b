import { duplicateOf, textSimilarity } from './duplicates';

const row = {
  id: 1,
  firstName: 'Mary',
  lastName: 'Jones',
  birthday: '1941-03-04',
  phoneNumber1: '5125550199',
  phoneNumber2: null,
  organizationName: 'Sunrise Home Health',
};

describe('textSimilarity', () => {
  it('is 1 minus the edit distance over the longer length, ignoring case, accents and punctuation', () => {
    expect(textSimilarity('Mary Jones', 'MARY JONES')).toBe(1);
    expect(textSimilarity('José Núñez', 'Jose Nunez')).toBe(1);
    expect(textSimilarity('Mary Jones', 'Mary Jone')).toBe(0.9);
    expect(textSimilarity('Mary Jones', 'Mark Jonas')).toBe(0.8);
  });
});

describe('duplicateOf', () => {
  it('takes alike names without another birthday, or the same birthday and phone', () => {
    expect(duplicateOf({ firstName: 'Mary', lastName: 'Jone' }, row, 0.9)?.matches).toEqual(['name']);
    expect(
      duplicateOf({ firstName: 'Mary', lastName: 'Jones', birthday: '1941-03-05' }, row, 0.9),
    ).toBeNull();
    expect(
      duplicateOf(
        { firstName: 'M', lastName: 'Smith', birthday: '1941-03-04', phoneNumber1: '5125550199' },
        row,
        0.9,
      )?.matches,
    ).toEqual(['birthday', 'phone']);
    expect(duplicateOf({ firstName: 'Mark', lastName: 'Jonas' }, row, 0.9)).toBeNull();
    expect(duplicateOf({ firstName: 'Mark', lastName: 'Jonas' }, row, 0.8)?.nameSimilarity).toBe(0.8);
  });
});
