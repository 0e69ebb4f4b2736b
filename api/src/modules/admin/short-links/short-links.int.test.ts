import { describeEachDatabase } from '../../../test/harness';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describeEachDatabase('short links', (server) => {
  it('names the address the page was opened on when PUBLIC_URL is not set, not localhost', async () => {
    const token = await server().login('admin@carelane.local');
    const created = await server().request('POST', '/api/admin/shortUrl', {
      token,
      body: { path: '/patients' },
    });
    expect(created.status).toBe(201);
    expect(created.body.url).toBe(`${server().url}/r/${created.body.id}`);
    expect(created.body.url).not.toContain('localhost');
  });

  it('answers a browser following an unknown link with a page, and a program with the JSON 404', async () => {
    const page = await server().request('GET', '/r/nosuchlink', { headers: { accept: BROWSER_ACCEPT } });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.body).toContain('This link does not exist or has expired.');
    expect(page.body).toContain('href="/"');
    expect(page.body).not.toContain('nosuchlink');

    for (const accept of ['application/json', '*/*']) {
      const json = await server().request('GET', '/r/nosuchlink', { headers: { accept } });
      expect(json.status).toBe(404);
      expect(json.headers.get('content-type')).toMatch(/^application\/json/);
      expect(json.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });

  it('still sends a browser on a known link to its page', async () => {
    const token = await server().login('admin@carelane.local');
    const created = await server().request('POST', '/api/admin/shortUrl', {
      token,
      body: { path: '/episode?episodeId=7' },
    });
    const follow = await server().request('GET', `/r/${created.body.id}`, {
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(follow.status).toBe(302);
    expect(follow.headers.get('location')).toBe('/episode?episodeId=7');
  });
});

describeEachDatabase(
  'short links with PUBLIC_URL',
  (server) => {
    it('name PUBLIC_URL whatever address the page was opened on', async () => {
      const token = await server().login('admin@carelane.local');
      const created = await server().request('POST', '/api/admin/shortUrl', {
        token,
        body: { path: '/patients' },
      });
      expect(created.status).toBe(201);
      expect(created.body.url).toBe(`https://care.example.org/r/${created.body.id}`);
    });
  },
  { publicUrl: 'https://care.example.org' },
);
