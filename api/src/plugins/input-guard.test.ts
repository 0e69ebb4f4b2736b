import { DEPTH_MESSAGE, inputProblem, MAX_INPUT_DEPTH, NUL_MESSAGE } from './input-guard';

/** `levels` arrays or objects, each inside the one before. */
function nested(levels: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

describe('inputProblem', () => {
  it('takes nesting up to MAX_INPUT_DEPTH levels and refuses one more', () => {
    for (const kind of ['array', 'object'] as const) {
      expect(inputProblem(nested(MAX_INPUT_DEPTH, kind))).toBeNull();
      expect(inputProblem(nested(MAX_INPUT_DEPTH + 1, kind))).toEqual({ path: '', message: DEPTH_MESSAGE });
    }
  });

  it('answers 20,000 levels without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(20_000)}${']'.repeat(20_000)}`);
    expect(inputProblem(deep)).toEqual({ path: '', message: DEPTH_MESSAGE });
    expect(inputProblem(nested(20_000, 'object'))).toEqual({ path: '', message: DEPTH_MESSAGE });
  });

  it('names the first NUL by its path, in a value or a key', () => {
    expect(inputProblem({ a: 'x', b: [{ c: 'ok' }, { c: 'n\u0000' }] })).toEqual({
      path: 'b.1.c',
      message: NUL_MESSAGE,
    });
    expect(inputProblem({ first: 'a\u0000', second: 'b\u0000' })?.path).toBe('first');
    expect(inputProblem({ a: { ['k\u0000']: 1 } })).toEqual({ path: 'a', message: NUL_MESSAGE });
    expect(inputProblem('\u0000')).toEqual({ path: '', message: NUL_MESSAGE });
  });

  it('passes plain values, buffers and wide objects', () => {
    expect(inputProblem(null)).toBeNull();
    expect(inputProblem(12)).toBeNull();
    expect(inputProblem(Buffer.from([0, 1, 2]))).toBeNull();
    expect(
      inputProblem(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, [i]]))),
    ).toBeNull();
  });
});
