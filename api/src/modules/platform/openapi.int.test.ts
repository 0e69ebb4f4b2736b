import { Validator } from '@seriousme/openapi-schema-validator';
import { describeEachDatabase } from '../../test/harness';

describeEachDatabase('OpenAPI document', (server) => {
  it('is a valid OpenAPI 3 document', async () => {
    const res = await server().request('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('covers every API route the server registers', async () => {
    const { body } = await server().request('GET', '/api/docs/json');
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(body.paths as Record<string, object>)) {
      for (const method of Object.keys(operations)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const apiRoutes = server()
      .app.registeredRoutes.filter((r) => r.method !== 'HEAD' && !r.hidden)
      .filter((r) => (r.url.startsWith('/api/') || r.url.startsWith('/r/')) && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(apiRoutes.length).toBeGreaterThan(30);
    expect(apiRoutes.filter((r) => !documented.has(r))).toEqual([]);
  });

  it('serves a browsable page at /api/docs', async () => {
    const res = await server().request('GET', '/api/docs');
    expect([200, 302]).toContain(res.status);
  });
});
