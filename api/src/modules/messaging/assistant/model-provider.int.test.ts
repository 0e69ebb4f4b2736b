// The intake assistant's optional model provider on both databases (issue 28, decision 069), against a local
// stand-in of the OpenAI-compatible chat completions protocol: off until an administrator turns the
// assistantModelProvider constant on (nothing is sent before); then the email goes to the provider with the
// versioned prompt and the JSON schema, its answer is checked (values without evidence dropped) and each call is
// in the audit log; a provider that fails leaves the embedded engine's reading with a notice.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeEachDatabase, type TestServer } from '../../../test/harness';

const EMAIL = 'New SOC for Mary Jones, DOB 3/4/1941, RN eval 12/2, CHF';
const at = (value: string) => ({ start: EMAIL.indexOf(value), end: EMAIL.indexOf(value) + value.length });

type ChatRequest = {
  model: string;
  messages: { role: string; content: string }[];
  response_format: { json_schema: { schema: { properties: Record<string, unknown> } } };
};
type Received = { authorization?: string; body: ChatRequest };
const received: Received[] = [];
let answer: (body: ChatRequest) => { status: number; content: unknown } = () => ({
  status: 500,
  content: null,
});
const standIn = http.createServer((request, response) => {
  let text = '';
  request.on('data', (chunk) => (text += chunk));
  request.on('end', () => {
    const body = JSON.parse(text) as ChatRequest;
    received.push({ authorization: request.headers.authorization, body });
    const { status, content } = answer(body);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify(content) } }] }),
    );
  });
});
const provider = { url: '', apiKey: 'stand-in-key', model: 'stand-in-1' };
beforeAll(async () => {
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

describeEachDatabase(
  'the intake assistant’s model provider',
  (server) => {
    const s = (): TestServer => server();
    let coordinator = '';
    let admin = '';
    beforeAll(async () => {
      [coordinator, admin] = await s().loginAs('coordinator', 'admin');
    });
    const extract = () =>
      s().request('POST', '/api/admin/assistant/extract', {
        token: coordinator,
        body: { text: EMAIL, receivedAt: '2026-11-28' },
      });
    const setProvider = async (value: 'on' | 'off') =>
      expect(
        (
          await s().request('PUT', '/api/admin/constants/assistantModelProvider', {
            token: admin,
            body: { value },
          })
        ).status,
      ).toBe(200);
    const modelCalls = () =>
      s().sql<{ diff: Record<string, { after: unknown }> }>(
        `select diff from audit_log where entity = 'assistantModelCall' order by id`,
      );

    it('sends nothing until an administrator turns it on', async () => {
      received.length = 0;
      const read = await extract();
      expect(read.status).toBe(200);
      expect(read.body.engine).toBe('embedded');
      expect(read.body.draft.patient.lastName).toBe('Jones');
      expect(received).toEqual([]);
    });

    it('reads through the provider once on: the prompt, the schema, evidence checked, the call audited', async () => {
      await setProvider('on');
      received.length = 0;
      answer = () => ({
        status: 200,
        content: {
          draft: {
            patient: { firstName: 'Mary', lastName: 'Jones', birthday: '1941-03-04', city: 'Springfield' },
            providerTypes: ['RN'],
            visitDates: ['2026-12-02'],
          },
          fields: [
            { path: 'patient.firstName', value: 'Mary', ...at('Mary'), confidence: 0.97 },
            { path: 'patient.lastName', value: 'Jones', ...at('Jones'), confidence: 0.97 },
            { path: 'patient.birthday', value: '1941-03-04', ...at('3/4/1941'), confidence: 0.9 },
            // A city the email never names, with a span beyond its end: dropped, and the value with it.
            { path: 'patient.city', value: 'Springfield', start: 500, end: 511, confidence: 0.4 },
            { path: 'providerTypes.0', value: 'RN', ...at('RN'), confidence: 0.95 },
            { path: 'visitDates.0', value: '2026-12-02', ...at('12/2'), confidence: 0.8 },
          ],
        },
      });
      const read = await extract();
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        engine: 'model',
        notices: [],
        referenceDate: '2026-11-28',
        draft: {
          patient: { firstName: 'Mary', lastName: 'Jones', birthday: '1941-03-04' },
          providerTypes: ['RN'],
          visitDates: ['2026-12-02'],
        },
      });
      expect(read.body.draft.patient.city).toBeUndefined();
      expect(read.body.fields.map((f: { path: string }) => f.path)).not.toContain('patient.city');
      expect(received).toHaveLength(1);
      const [call] = received;
      expect(call!.authorization).toBe('Bearer stand-in-key');
      expect(call!.body.model).toBe('stand-in-1');
      expect(call!.body.messages[0]!.content).toContain('Never guess a value');
      expect(call!.body.messages[1]!.content).toBe(`Reference date: 2026-11-28\n\nEmail text:\n${EMAIL}`);
      expect(call!.body.response_format.json_schema.schema.properties).toHaveProperty('fields');
      const audited = (await modelCalls()).at(-1)!.diff;
      expect(audited.prompt!.after).toBe('intake-extract.v1');
      expect(audited.fields!.after).toBe(5);
    });

    it('falls back to the embedded engine, with a notice, when the provider fails or answers off-schema', async () => {
      answer = () => ({ status: 200, content: { draft: { patient: { birthday: 'March 4' } }, fields: [] } });
      const offSchema = await extract();
      expect(offSchema.body.engine).toBe('embedded');
      expect(offSchema.body.notices[0]).toEqual({
        code: 'model-unavailable',
        message: 'The model provider could not read this email: the embedded engine read it instead.',
      });
      expect(offSchema.body.draft.patient.lastName).toBe('Jones');
      answer = () => ({ status: 503, content: null });
      expect((await extract()).body.engine).toBe('embedded');
      const failed = (await modelCalls()).slice(-2).map((row) => row.diff.failed?.after);
      expect(failed[1]).toBe('the model provider answered 503');
      expect(typeof failed[0]).toBe('string');
      await setProvider('off');
    });
  },
  { aiProvider: provider },
);
