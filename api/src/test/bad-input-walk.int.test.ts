// The guard every route inherits: each operation of /api/docs/json gets bad input generated from its own schema
// (bad-input-cases.ts), signed out and as the administrator (route-walk.ts). No answer may be a 5xx or show SQL or
// a stack trace, and a 400 names the field. Routes added later are walked without any change here. The
// end-to-end suite walks the product as `npm start` serves it the same way (e2e/tests/trust.spec.ts).
import { describeEachDatabase } from './harness';
import { operationsOf, unboundedFields } from './bad-input-cases';
import { walkEveryRoute } from './route-walk';

/** Request fields named like a date that are not one. */
const NOT_DATES = [
  'GET /api/admin/outbox to',
  // A message's sender and recipient (a phone number or an email address).
  'POST /api/messaging/inbound/sms from',
  'POST /api/messaging/inbound/sms to',
  'POST /api/messaging/inbound/email from',
  'POST /api/messaging/inbound/email to',
];
/** WALK_LOG=file writes every case with its status and time, to see what the walk reached. */
const WALK_LOG = process.env.WALK_LOG;

describeEachDatabase('bad input on every documented route', (server) => {
  it('documents every date a request sends as a bounded date, and every id in a path or query as digits', async () => {
    const doc = (await server().request('GET', '/api/docs/json')).body;
    expect(unboundedFields(operationsOf(doc), doc, NOT_DATES)).toEqual([]);
  });

  it('answers no 5xx, shows no SQL or stack trace, and names the field of every 400', async () => {
    const walk = await walkEveryRoute(
      { url: server().url, login: (emailId) => server().login(emailId) },
      WALK_LOG,
    );
    expect(walk.operations).toBeGreaterThan(100);
    expect(walk.sent).toBeGreaterThan(walk.operations * 10);
    expect(walk.failures).toEqual([]);
  }, 300_000);
});
