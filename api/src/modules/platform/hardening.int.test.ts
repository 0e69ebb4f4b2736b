import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describeEachDatabase } from '../../test/harness';

describeEachDatabase('answers the browser must not keep', (server) => {
  it('sends Cache-Control: no-store on JSON answers, errors included', async () => {
    const token = await server().login('admin@carelane.local');
    const answers = [
      await server().request('GET', '/api/security/me', { token }),
      await server().request('GET', '/api/admin/users?pageSize=1', { token }),
      await server().request('GET', '/api/health'),
      await server().request('GET', '/api/security/me'),
      await server().request('GET', '/api/no/such/thing'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 401, 404]);
    for (const answer of answers) {
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('sends it on CSV exports and file downloads too', async () => {
    const token = await server().login('admin@carelane.local');
    const [patient] = await server().sql<{ id: number }>('select min(id)::int as id from patients');
    const [episode] = await server().sql<{ id: number }>('select min(id)::int as id from episodes');
    const [patientId, episodeId] = [patient!.id, episode!.id];
    const upload = await fetch(
      `${server().url}/api/fileserver/episodes/${episodeId}/files?fileName=plan.txt`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        body: Buffer.from('plan of care'),
      },
    );
    expect(upload.status).toBe(201);
    const { id: fileId } = (await upload.json()) as { id: number };
    const answers = [
      await server().request('GET', `/api/admin/patients/${patientId}/access/export`, { token }),
      await server().request('GET', '/api/admin/providers/export', { token }),
      await server().request('GET', `/api/fileserver/episodes/${episodeId}/files/${fileId}`, { token }),
    ];
    expect(answers.map((a) => [a.status, a.headers.get('content-type')])).toEqual([
      [200, expect.stringContaining('text/csv')],
      [200, expect.stringContaining('text/csv')],
      [200, expect.stringContaining('text/plain')],
    ]);
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describeEachDatabase('the bearer scheme', (server) => {
  it.each(['Bearer', 'bearer', 'BEARER', 'bEaReR'])('accepts "%s" (RFC 7235: any case)', async (scheme) => {
    const token = await server().login('coordinator@carelane.local');
    const res = await server().request('GET', '/api/security/me', {
      headers: { authorization: `${scheme} ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.emailId).toBe('coordinator@carelane.local');
  });

  it('still refuses another scheme carrying a valid token', async () => {
    const token = await server().login('coordinator@carelane.local');
    const res = await server().request('GET', '/api/security/me', {
      headers: { authorization: `Token ${token}` },
    });
    expect(res.status).toBe(401);
  });
});

/** A front end with a shell page and a Storybook build, as scripts/assemble-static.mjs lays it out. */
function staticFolder(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'carelane-static-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>shell</title>');
  fs.mkdirSync(path.join(root, 'storybook'));
  fs.writeFileSync(path.join(root, 'storybook', 'index.html'), '<!doctype html><title>storybook</title>');
  fs.writeFileSync(path.join(root, 'storybook', 'index.json'), '{"entries":{}}');
  return root;
}

describeEachDatabase(
  'Storybook on the app origin',
  (server) => {
    const directives = (csp: string | null) =>
      new Map(
        (csp ?? '')
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name!, values]),
      );

    it('is served under a policy of its own that cannot reach the API', async () => {
      const page = await server().request('GET', '/storybook/');
      expect(page.status).toBe(200);
      const csp = directives(page.headers.get('content-security-policy'));
      const storybook = `${server().url}/storybook/`;
      // Fetches, frames, scripts and images only under /storybook/: never /api, never the app's pages.
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('connect-src')).toEqual([storybook]);
      expect(csp.get('frame-src')).toEqual([storybook]);
      expect(csp.get('script-src')).toEqual([storybook, "'unsafe-inline'", "'unsafe-eval'"]);
      for (const name of ['img-src', 'style-src', 'font-src', 'worker-src'])
        expect(csp.get(name)?.[0]).toBe(storybook);
      expect(csp.get('form-action')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      // Its manager frames its own preview, nothing else frames it.
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      // A window it opens on the app is not scriptable from it (the app's pages are COOP same-origin).
      expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
      const app = await server().request('GET', '/dashboard');
      expect(app.headers.get('cross-origin-opener-policy')).toBe('same-origin');

      const index = await server().request('GET', '/storybook/index.json');
      expect(index.status).toBe(200);
      expect(directives(index.headers.get('content-security-policy')).get('connect-src')).toEqual([
        storybook,
      ]);
    });

    it('is not in the session cookie’s path', async () => {
      const res = await server().request('POST', '/api/security/authenticate', {
        body: { emailId: 'admin@carelane.local', password: 'Carelane-demo-1' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/^carelane_session=[^;]+;.*Path=\/api;/i);
    });
  },
  { staticDir: staticFolder() },
);

const logged: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

describeEachDatabase(
  'the client log',
  (server) => {
    it('writes a short line, whatever the client sends', async () => {
      const message = `boom ${'m'.repeat(1990)}`;
      const context = { stack: 's'.repeat(6000), page: '/patients' };
      const res = await server().request('POST', '/api/clientLog', {
        body: { level: 'warn', message, context },
      });
      expect(res.status).toBe(204);
      const line = logged.find((l) => l.includes('client: boom'));
      expect(line).toBeDefined();
      expect(line!.length).toBeLessThan(2000);
      expect(line).toContain('(1995 characters)');
    });

    it('logs a signed-out caller’s error as a warning, a signed-in one’s as an error', async () => {
      const token = await server().login('coordinator@carelane.local');
      for (const [message, options] of [
        ['signed-out failure', {}],
        ['signed-in failure', { token }],
      ] as const) {
        const res = await server().request('POST', '/api/clientLog', {
          body: { level: 'error', message },
          ...options,
        });
        expect(res.status).toBe(204);
      }
      const levelOf = (text: string) =>
        (JSON.parse(logged.find((l) => l.includes(`client: ${text}`))!) as { level: number }).level;
      // pino's levels: 40 warn, 50 error.
      expect([levelOf('signed-out failure'), levelOf('signed-in failure')]).toEqual([40, 50]);
    });
  },
  { logLevel: 'info', logStream },
);
