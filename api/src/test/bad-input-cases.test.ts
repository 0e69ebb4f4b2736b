import { BAD_IDS, casesFor, LEAK_PATTERN, LONG_TEXT, operationsOf, sample } from './bad-input-cases';

const doc = {
  paths: {
    '/api/things/{id}': {
      put: {
        parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['name', 'day'],
                properties: {
                  name: { type: 'string', maxLength: 100 },
                  day: { type: 'string', pattern: '^(\\d{4})-(\\d{2})-(\\d{2})$' },
                  ownerId: { anyOf: [{ type: 'integer', exclusiveMinimum: 0 }, { type: 'null' }] },
                  tags: { type: 'array', items: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
  },
};

describe('bad input generated from an OpenAPI operation', () => {
  const [op] = operationsOf(doc);
  const cases = casesFor(op!, doc, { pathValues: { id: '1' }, limit: 200 });
  const labels = cases.map((c) => c.label);

  it('samples a body that passes the schema', () => {
    expect(sample(op!.bodySchema, doc)).toEqual({ name: 'x', day: '2030-01-15', ownerId: 1, tags: ['x'] });
  });

  it('tries every bad id in the path, and each field wrong, missing or null', () => {
    for (const id of BAD_IDS) expect(labels).toContain(`path id=${id}`);
    expect(labels).toEqual(
      expect.arrayContaining([
        'body.name: 100000 characters',
        'body.name: NUL',
        'body.name: missing',
        'body.day: digits all 9',
        'body.ownerId: 2147483648',
        'body.ownerId: null',
        'body.tags: item 100000 characters',
        'body []',
      ]),
    );
    const long = cases.find((c) => c.label === 'body.name: 100000 characters');
    expect(long?.body).toMatchObject({ name: LONG_TEXT, day: '2030-01-15' });
    expect(labels.at(-1)).toBe('plausible request');
  });

  it('keeps to the limit, every group represented', () => {
    const few = casesFor(op!, doc, { pathValues: { id: '1' }, limit: 10 }).map((c) => c.label);
    expect(few).toHaveLength(10);
    expect(few.some((l) => l.startsWith('path '))).toBe(true);
    expect(few.some((l) => l.startsWith('body.'))).toBe(true);
  });

  it('recognizes SQL and stack traces in an answer', () => {
    expect(LEAK_PATTERN.test('Failed query: select "id" from "users" where id = $1')).toBe(true);
    expect(LEAK_PATTERN.test('    at loadEpisode (/app/src/x.ts:12:5)')).toBe(true);
    expect(LEAK_PATTERN.test('{"error":"firstName: must be at most 100 characters"}')).toBe(false);
  });
});
