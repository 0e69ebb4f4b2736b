import { describeEachDatabase } from '../../test/harness';

describeEachDatabase('platform', (server) => {
  it('answers health with the database kind', async () => {
    const res = await server().request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: server().kind });
  });

  it('answers unknown routes with 404 in the error shape', async () => {
    const res = await server().request('GET', '/api/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      error: 'There is nothing at GET /api/no/such/thing.',
    });
  });

  it('sends the security headers', async () => {
    const res = await server().request('GET', '/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('redirects a short link and refuses an unknown one', async () => {
    const token = await server().login('admin@carelane.local');
    const created = await server().request('POST', '/api/admin/shortUrl', {
      token,
      body: { path: '/episode?episodeId=12' },
    });
    expect(created.status).toBe(201);
    const follow = await server().request('GET', `/r/${created.body.id}`);
    expect(follow.status).toBe(302);
    expect(follow.headers.get('location')).toBe('/episode?episodeId=12');
    const resolved = await server().request('GET', `/api/security/shortUrl/${created.body.id}`);
    expect(resolved.body).toEqual({ path: '/episode?episodeId=12' });
    expect((await server().request('GET', '/r/nosuchlink')).status).toBe(404);
  });

  it.each(['//evil.example/x', '/\\evil.example/x', 'https://evil.example', 'episode', '/a b'])(
    'refuses a short link to %s, which is not a path on this site',
    async (path) => {
      const token = await server().login('admin@carelane.local');
      const res = await server().request('POST', '/api/admin/shortUrl', { token, body: { path } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { field: 'path', message: 'must be an in-app path starting with a single /' },
      ]);
    },
  );
});
