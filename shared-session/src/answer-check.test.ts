import { array, either, int, nullable, number, object, oneOf, string } from './answer-check';

describe('answer-check', () => {
  const answer = object({ token: string, user: array(object({ id: int, pin: nullable(string) })) });

  it('answers the checked value, without keys it does not know', () => {
    expect(answer.safeParse({ token: 't', user: [{ id: 1, pin: null, extra: 2 }], more: 1 })).toEqual({
      success: true,
      data: { token: 't', user: [{ id: 1, pin: null }] },
    });
  });

  it.each([
    [{ token: 't', user: [{ id: 'a', pin: null }] }, 'user.0.id: expected an integer'],
    [{ token: 't', user: [{ id: 1 }] }, 'user.0.pin: expected a value'],
    [{ user: [] }, 'token: expected a value'],
    [{ token: 't', user: {} }, 'user: expected a list'],
    ['text', 'the answer: expected an object'],
  ])('says where %j is wrong', (value, message) => {
    const parsed = answer.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.success ? '' : parsed.error.message).toBe(message);
  });

  it('checks numbers, one of a few texts, and either of two checks', () => {
    expect(number.safeParse(Number.NaN).success).toBe(false);
    expect(number.safeParse(1.5).success).toBe(true);
    expect(oneOf('a', 'b').safeParse('c').success).toBe(false);
    expect(either(string, number).safeParse(3)).toEqual({ success: true, data: 3 });
    expect(either(string, number).safeParse(true).success).toBe(false);
  });
});
