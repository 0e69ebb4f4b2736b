import { containsPattern } from './like-pattern';

describe('containsPattern', () => {
  it('matches the text anywhere, with %, _ and \\ taken literally', () => {
    expect(containsPattern('ann')).toBe('%ann%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
