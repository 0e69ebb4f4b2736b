import { containsPattern, prefixPattern } from './like-pattern';

describe('containsPattern', () => {
  it('matches the text anywhere, with %, _ and \\ taken literally', () => {
    expect(containsPattern('ann')).toBe('%ann%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('prefixPattern', () => {
  it('matches what starts with the text, with %, _ and \\ taken literally', () => {
    expect(prefixPattern('ann')).toBe('ann%');
    expect(prefixPattern('50%_a\\b')).toBe('50\\%\\_a\\\\b%');
  });
});
