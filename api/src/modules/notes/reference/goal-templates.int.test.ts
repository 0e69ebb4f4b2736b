// The goal phrase library's writes on both databases: every role but the administrator is refused (403 with the
// reason) whether adding or changing a template, and a refused write leaves the library and the audit log as
// they were.
import type { GoalTemplate } from '@carelane/shared-domain';
import { describeEachDatabase } from '../../../test/harness';
import { count } from '../../../test/identity-helpers';
import { NOTE_MESSAGES } from '../access';

const NON_ADMINISTRATORS = ['clinicianManager', 'coordinator', 'clinician', 'orgUser'] as const;

describeEachDatabase('goal templates: only administrators write', (server) => {
  let admin = '';
  let others: string[] = [];

  beforeAll(async () => {
    const s = server();
    [admin, ...others] = await s.loginAs('admin', ...NON_ADMINISTRATORS);
  });

  const library = async () =>
    (await server().request<{ rows: GoalTemplate[] }>('GET', '/api/notes/templates', { token: admin })).body
      .rows;
  const audited = () => count(server(), `select count(*) from audit_log where entity = 'goalTemplate'`);

  it('refuses to add or change a template for every other role, and writes nothing', async () => {
    const s = server();
    const before = await library();
    const auditBefore = await audited();
    const target = before[0]!;
    const input = {
      category: target.category,
      person: 'Patient',
      action: 'will verbalize',
      phrase: 'refused phrase about {topic}',
      phraseDe: 'abgelehnter Satz über {topic}',
    };
    for (const [index, token] of others.entries()) {
      const who = NON_ADMINISTRATORS[index];
      const created = await s.request('POST', '/api/notes/templates', { token, body: input });
      expect({ who, status: created.status }).toEqual({ who, status: 403 });
      expect(JSON.stringify(created.body)).toContain(NOTE_MESSAGES.administratorsOnly);
      const changed = await s.request('PUT', `/api/notes/templates/${target.id}`, {
        token,
        body: { ...input, version: target.version },
      });
      expect({ who, status: changed.status }).toEqual({ who, status: 403 });
      expect(JSON.stringify(changed.body)).toContain(NOTE_MESSAGES.administratorsOnly);
    }
    expect(await library()).toEqual(before);
    expect(await audited()).toBe(auditBefore);
    expect(await count(s, `select count(*) from goal_templates where phrase = $1`, [input.phrase])).toBe(0);
  });

  it('lets the administrator add and change one (the writes the page makes)', async () => {
    const s = server();
    const input = {
      category: 'Falls',
      person: 'Patient/Caregiver',
      action: 'will verbalize',
      phrase: '{number} fall risks in the home',
      phraseDe: null,
    };
    const created = await s.request<GoalTemplate>('POST', '/api/notes/templates', {
      token: admin,
      body: input,
    });
    expect(created.status).toBe(201);
    const changed = await s.request<GoalTemplate>('PUT', `/api/notes/templates/${created.body.id}`, {
      token: admin,
      body: { ...input, phraseDe: '{number} Sturzrisiken im Haushalt', version: created.body.version },
    });
    expect(changed.status).toBe(200);
    expect((await library()).find((row) => row.id === created.body.id)).toEqual(changed.body);
  });
});
