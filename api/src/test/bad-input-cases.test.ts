import {
  BAD_IDS,
  casesFor,
  DEEP_JSON,
  LEAK_PATTERN,
  LONG_TEXT,
  MALFORMED_IDS,
  operationsOf,
  OUT_OF_RANGE_DATES,
  sample,
  unboundedFields,
} from './bad-input-cases';

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

  it('keeps to the limit, every group represented (the cases wanting a field come on top)', () => {
    const few = casesFor(op!, doc, { pathValues: { id: '1' }, limit: 10 })
      .filter((c) => !c.wants)
      .map((c) => c.label);
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

/** A route documented as the shared schemas document it: digits ids, bounded dates. */
const boundedDoc = {
  paths: {
    '/api/things/{id}/parts': {
      post: {
        parameters: [
          { in: 'path', name: 'id', required: true, schema: { type: 'string', pattern: '^\\d+$' } },
          { in: 'query', name: 'asOf', schema: { type: 'string', format: 'date' } },
        ],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { at: { type: 'string', format: 'date-time' }, name: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  },
};

describe("decision 034's bounds in the walk", () => {
  const [op] = operationsOf(boundedDoc);
  const cases = casesFor(op!, boundedDoc, { pathValues: { id: '1' }, limit: 3 });
  const wanted = cases.filter((c) => c.wants);

  it('sends every malformed id, every bad date and a deep body, past the limit, each wanting its field', () => {
    expect(cases.length).toBeGreaterThan(3);
    expect(wanted.filter((c) => c.wants!.field === 'id').map((c) => c.path)).toEqual(
      MALFORMED_IDS.map((v) => `/api/things/${encodeURIComponent(v)}/parts`),
    );
    expect(wanted.filter((c) => c.wants!.field === 'asOf').map((c) => c.query.asOf)).toEqual(
      OUT_OF_RANGE_DATES,
    );
    expect(wanted.filter((c) => c.wants!.field === 'at').map((c) => (c.body as { at: string }).at)).toEqual(
      OUT_OF_RANGE_DATES.map((d) => `${d}T00:00:00.000Z`),
    );
    const deep = wanted.find((c) => c.wants!.field === 'body');
    expect(deep?.rawBody).toEqual({ contentType: 'application/json', data: DEEP_JSON });
    expect(DEEP_JSON.length).toBe(40_000);
    expect(cases.at(-1)?.label).toBe('plausible request');
  });

  it('finds a date not documented as one, and an id that is not digits', () => {
    expect(unboundedFields([op!], boundedDoc)).toEqual([]);
    const [unbounded] = operationsOf(doc);
    expect(unboundedFields([unbounded!], doc)).toEqual([
      'PUT /api/things/{id} id: an id that is not digits',
      'PUT /api/things/{id} day: a date that is not bounded',
    ]);
    expect(unboundedFields([unbounded!], doc, ['PUT /api/things/{id} day'])).toHaveLength(1);
  });
});
