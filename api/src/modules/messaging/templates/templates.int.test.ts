// Message templates through the API on both databases (issue 27, decision 063): the three broadcast templates the
// migration seeds, a save at the version read (version bumps, audited, who saved it named), a stale version 409, an
// unknown placeholder 400 naming the field with nothing changed, an empty English text refused, the preview rendering
// the placeholders (German falling back to English when empty) and the page 'broadcast' required (a clinician 403).
import {
  MESSAGE_TEMPLATE_MESSAGES,
  TEMPLATE_SAMPLE_VALUES,
  type ApiError,
  type MessageTemplate,
  type MessageTemplateList,
  type MessageTemplatePreview,
} from '@carelane/shared-domain';
import { describeEachDatabase, type TestServer } from '../../../test/harness';

const TEMPLATES = '/api/admin/messageTemplates';
type Saved = { message: string; template: MessageTemplate } & Partial<ApiError>;

describeEachDatabase('messaging: message templates', (server) => {
  const s = (): TestServer => server();
  let admin = '';
  let coordinator = '';
  let clinician = '';
  let orgUser = '';

  const list = async (token = admin) =>
    (await s().request<MessageTemplateList>('GET', `${TEMPLATES}?purpose=broadcast`, { token })).body.rows;
  const byState = async (state: number) => (await list()).find((t) => t.credentialState === state)!;
  const textsOf = (t: MessageTemplate) => ({
    emailSubject: t.emailSubject,
    emailMessage: t.emailMessage,
    smsMessage: t.smsMessage,
    appMessage: t.appMessage,
    emailSubjectDe: t.emailSubjectDe,
    emailMessageDe: t.emailMessageDe,
    smsMessageDe: t.smsMessageDe,
    appMessageDe: t.appMessageDe,
    version: t.version,
  });
  const save = (t: MessageTemplate, over: Record<string, unknown>, token = admin) =>
    s().request<Saved>('PUT', `${TEMPLATES}/${t.id}`, { token, body: { ...textsOf(t), ...over } });
  const preview = (body: Record<string, unknown>) =>
    s().request<MessageTemplatePreview & Partial<ApiError>>('POST', `${TEMPLATES}/preview`, {
      token: admin,
      body: { purpose: 'broadcast', ...body },
    });

  beforeAll(async () => {
    [admin, coordinator, clinician, orgUser] = await s().loginAs(
      'admin',
      'coordinator',
      'clinician',
      'orgUser',
    );
  });

  it('lists the three seeded broadcast templates, English and German', async () => {
    const rows = await list();
    expect(rows.map((r) => r.credentialState)).toEqual([1, 3, 5]);
    for (const r of rows) {
      expect(r.purpose).toBe('broadcast');
      expect(r.emailSubject).toContain('{{');
      expect(r.smsMessage).toContain('{{link}}');
      expect(r.smsMessageDe).toBeTruthy();
      expect(r.updatedByName).toBeNull();
    }
    expect((await list(coordinator)).length).toBe(3);
  });

  it('saves a template at the version read, bumps the version, audits it, and refuses the stale version', async () => {
    const before = await byState(3);
    const r = await save(before, { smsMessage: 'Hi {{givenName}}, {{visitCount}} visits: {{link}}' });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(MESSAGE_TEMPLATE_MESSAGES.saved);
    expect(r.body.template.version).toBe(before.version + 1);
    expect(r.body.template.smsMessage).toBe('Hi {{givenName}}, {{visitCount}} visits: {{link}}');
    expect(r.body.template.updatedByName).toBeTruthy();
    const audits = await s().sql<{ n: number }>(
      `select count(*)::int as n from audit_log where entity = 'messageTemplate' and entity_id = '${before.id}'`,
    );
    expect(audits[0]!.n).toBeGreaterThanOrEqual(1);

    const stale = await save(before, { smsMessage: 'Too late' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/changed by someone else/);
    expect((await byState(3)).smsMessage).toBe('Hi {{givenName}}, {{visitCount}} visits: {{link}}');
  });

  it('refuses an unknown placeholder naming the field, and an empty English text, changing nothing', async () => {
    const before = await byState(1);
    const r = await save(before, { smsMessage: 'Hi {{foo}}', appMessageDe: 'Hallo {{bar}}' });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/smsMessage: unknown placeholder \{\{foo\}\}; allowed: \{\{givenName\}\}/);
    expect(r.body.errors?.map((e) => e.field)).toEqual(['smsMessage', 'appMessageDe']);
    const empty = await save(before, { emailSubject: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.map((e) => e.field)).toEqual(['emailSubject']);
    expect(await byState(1)).toEqual(before);
  });

  it('previews with sample values, the unsaved texts sent or the saved ones, German falling back to English', async () => {
    const values = TEMPLATE_SAMPLE_VALUES.broadcast;
    const sent = await preview({
      credentialState: 5,
      language: 'en',
      smsMessage: '{{givenName}} in {{city}}',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.smsMessage).toBe(`${values.givenName} in ${values.city}`);
    expect(sent.body.emailSubject).not.toContain('{{');
    expect(sent.body.fellBack).toBe(false);

    const german = await preview({ credentialState: 5, language: 'de' });
    expect(german.body.emailSubject).toMatch(/^Wir vermissen Sie, Maria/);

    const fallback = await preview({
      credentialState: 5,
      language: 'de',
      smsMessageDe: '',
      smsMessage: 'EN {{city}}',
    });
    expect(fallback.body.smsMessage).toBe(`EN ${values.city}`);
    expect(fallback.body.appMessage).not.toMatch(/^\d+ open/);
    expect(fallback.body.fellBack).toBe(true);

    const unknown = await preview({ credentialState: 3, emailMessage: '{{nope}}' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.field).toBe('emailMessage');
    expect((await preview({ credentialState: 2 })).status).toBe(400);
  });

  it('requires the page broadcast: a clinician and an organization user are refused', async () => {
    const t = await byState(5);
    for (const token of [clinician, orgUser]) {
      expect((await s().request('GET', `${TEMPLATES}?purpose=broadcast`, { token })).status).toBe(403);
      expect((await save(t, { smsMessage: 'x' }, token)).status).toBe(403);
      expect(
        (
          await s().request('POST', `${TEMPLATES}/preview`, {
            token,
            body: { purpose: 'broadcast', credentialState: 5 },
          })
        ).status,
      ).toBe(403);
    }
    expect(await byState(5)).toEqual(t);
  });
});
