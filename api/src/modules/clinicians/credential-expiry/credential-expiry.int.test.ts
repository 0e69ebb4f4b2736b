// The daily credential expiry job on worked dates, on both databases. Each test makes its own clinicians and
// runs the job at its own `now`, later than the tests before it (the job reads every clinician, the demo's too).
import { expiryMessage } from '@carelane/shared-domain';
import { describeEachDatabase } from '../../../test/harness';
import { freshPoint, makeProvider, type ProviderFixture } from '../../scheduling/matching/test-fixtures';
import { runCredentialExpiryJob, startCredentialExpiryJob } from './job';

const LICENCE = 'Licence or certification';
const TB = 'TB test';
const CPR = 'CPR/BLS card';
/** A moment of the server's local day `date`. */
const at = (date: string) => new Date(`${date}T08:00:00`);

type Message = { channel: string; to: string; subject: string | null; body: string; dedupe_key: string };

describeEachDatabase('credential expiry job', (server) => {
  const s = () => server();
  const run = (date: string) => runCredentialExpiryJob(s().services.db, at(date));

  /**
   * A clinician (RN unless said) whose required credentials are approved and never expire, but those named,
   * which expire on the date given (one kept on file but not required is added, approved).
   */
  async function clinician(expiring: Record<string, string>, fixture: Partial<ProviderFixture> = {}) {
    const id = await makeProvider(s(), { point: freshPoint(), givenName: 'Ana', ...fixture });
    for (const [name, date] of Object.entries(expiring)) {
      await s().sql(
        `insert into provider_credentials (provider_id, credential_type_id, status, issued_on)
         select $1, t.id, 'Approved', '2020-01-01' from credential_types t where t.name = $2
           and not exists (select 1 from provider_credentials c where c.provider_id = $3 and c.credential_type_id = t.id)`,
        [id, name, id],
      );
      await s().sql(
        `update provider_credentials c set expires_on = $1 from credential_types t
         where t.id = c.credential_type_id and t.name = $2 and c.provider_id = $3`,
        [date, name, id],
      );
    }
    return id;
  }
  const credential = async (providerId: number, name: string) =>
    (
      await s().sql<{ id: number; status: string; version: number; warned_days_before: number | null }>(
        `select c.id, c.status, c.version, c.warned_days_before from provider_credentials c
         join credential_types t on t.id = c.credential_type_id where c.provider_id = $1 and t.name = $2`,
        [providerId, name],
      )
    )[0]!;
  const state = async (providerId: number) =>
    (
      await s().sql<{ s: number }>('select credential_state as s from providers where id = $1', [providerId])
    )[0]!.s;
  const messages = (providerId: number) =>
    s().sql<Message>(
      `select channel, "to", subject, body, dedupe_key from outbox where dedupe_key like $1 order by id`,
      [`credential-expiry:${providerId}:%`],
    );
  const audits = (entity: string, id: number) =>
    s().sql<{ user_id: number | null; user_email: string; diff: Record<string, unknown> }>(
      `select user_id, user_email, diff from audit_log where entity = $1 and entity_id = $2 order by id`,
      [entity, String(id)],
    );

  it('a credential that expired yesterday becomes Expired today, one expiring today stays Approved; the states follow', async () => {
    const lapsed = await clinician({ [LICENCE]: '2030-03-09' });
    const lastDay = await clinician({ [LICENCE]: '2030-03-10' });
    const inactive = await clinician(
      { [LICENCE]: '2030-03-09' },
      { providerStatusId: 5, credentialState: 5 },
    );
    // An inactive clinician's credentials are made by hand: the fixture makes them only for state 3.
    await s().sql(
      `insert into provider_credentials (provider_id, credential_type_id, status, issued_on, expires_on)
       select $1, credential_type_id, 'Approved', '2020-01-01', '2030-03-09' from credential_requirements
       where provider_type_id = 1`,
      [inactive],
    );
    const before = await credential(lapsed, LICENCE);

    const first = await run('2030-03-10');
    expect(first).toMatchObject({ today: '2030-03-10', skipped: false });
    expect(first.expired).toBeGreaterThanOrEqual(2);

    const after = await credential(lapsed, LICENCE);
    expect([after.status, after.version]).toEqual(['Expired', before.version + 1]);
    expect((await credential(lastDay, LICENCE)).status).toBe('Approved');
    expect((await credential(inactive, LICENCE)).status).toBe('Expired');
    expect(await state(lapsed)).toBe(1);
    expect(await state(lastDay)).toBe(3);
    expect(await state(inactive)).toBe(5);

    expect(await audits('providerCredential', after.id)).toEqual([
      {
        user_id: null,
        user_email: 'system (scheduled job)',
        diff: { status: { before: 'Approved', after: 'Expired' } },
      },
    ]);
    expect((await audits('provider', lapsed)).map((a) => a.diff)).toEqual([
      { credentialState: { before: 3, after: 1 } },
    ]);
    expect(await audits('provider', inactive)).toEqual([]);

    // The last valid day is warned of (7 days or less); the next day it expires.
    expect((await messages(lastDay)).map((m) => m.channel)).toEqual(['email', 'sms']);
    expect(await messages(lapsed)).toEqual([]);
    const next = await run('2030-03-11');
    expect(next.expired).toBeGreaterThanOrEqual(1);
    expect((await credential(lastDay, LICENCE)).status).toBe('Expired');
    expect(await state(lastDay)).toBe(1);
  });

  it('warns 30, 14 and 7 days before, each once, one message per clinician naming every credential due, in the words of shared-domain', async () => {
    const id = await clinician(
      { [LICENCE]: '2030-05-01', [TB]: '2030-05-01', [CPR]: '2031-01-01' },
      { email: 'ana.expiry@example.com', phone: '2145550111' },
    );
    const expected = (daysBefore: 30 | 14 | 7) =>
      expiryMessage(3, {
        givenName: 'Ana',
        daysBefore,
        credentials: [
          { name: LICENCE, expiresOn: '2030-05-01' },
          { name: TB, expiresOn: '2030-05-01' },
        ],
      });

    await run('2030-03-31'); // 31 days before: nothing yet
    expect(await messages(id)).toEqual([]);
    const first = await run('2030-04-01'); // 30 days before
    expect(first.warnings.messages).toBeGreaterThanOrEqual(2);
    const thirty = await messages(id);
    expect(thirty).toEqual([
      {
        channel: 'email',
        to: 'ana.expiry@example.com',
        subject: expected(30).emailSubject,
        body: expected(30).emailBody,
        dedupe_key: expect.stringMatching(new RegExp(`^credential-expiry:${id}:30:[0-9a-f]{32}:email$`)),
      },
      {
        channel: 'sms',
        to: '2145550111',
        subject: null,
        body: expected(30).sms,
        dedupe_key: expect.stringMatching(/:sms$/),
      },
    ]);
    expect((await credential(id, LICENCE)).warned_days_before).toBe(30);
    expect((await credential(id, TB)).warned_days_before).toBe(30);
    expect((await credential(id, CPR)).warned_days_before).toBeNull();

    const again = await run('2030-04-01'); // the same day again: nothing new
    expect(again.warnings).toEqual({ credentials: 0, clinicians: 0, messages: 0 });
    await run('2030-04-02');
    await run('2030-04-16'); // 15 days before
    expect(await messages(id)).toHaveLength(2);

    await run('2030-04-17'); // 14 days before
    await run('2030-04-18');
    await run('2030-04-24'); // 7 days before
    await run('2030-04-30');
    await run('2030-05-01'); // the last day
    const all = await messages(id);
    expect(all.map((m) => [m.channel, m.dedupe_key.split(':')[2]])).toEqual([
      ['email', '30'],
      ['sms', '30'],
      ['email', '14'],
      ['sms', '14'],
      ['email', '7'],
      ['sms', '7'],
    ]);
    expect(all[2]!.body).toBe(expected(14).emailBody);
    expect(all[5]!.body).toBe(expected(7).sms);
    expect((await credential(id, LICENCE)).warned_days_before).toBe(7);
  });

  it('a credential first seen 5 days out gets the 7-day warning only; an approved renewal expiring later silences it', async () => {
    const late = await clinician({ [LICENCE]: '2030-06-06' });
    const renewed = await clinician({ [LICENCE]: '2030-06-06' });
    await s().sql(
      `insert into provider_credentials (provider_id, credential_type_id, status, issued_on, expires_on)
       select $1, id, 'Approved', '2030-05-01', '2032-06-06' from credential_types where name = $2`,
      [renewed, LICENCE],
    );
    await run('2030-06-01');
    expect((await messages(late)).map((m) => m.dedupe_key.split(':')[2])).toEqual(['7', '7']);
    expect(await messages(renewed)).toEqual([]);
  });

  it("chooses the template of the clinician's credential state: uncredentialed and inactive", async () => {
    // Uncredentialed: the licence is approved and expiring, the CPR/BLS card (required) is only submitted.
    const uncredentialed = await clinician({ [LICENCE]: '2030-07-08' });
    await s().sql(
      `update provider_credentials c set status = 'Submitted' from credential_types t
       where t.id = c.credential_type_id and t.name = $1 and c.provider_id = $2`,
      ['CPR/BLS card', uncredentialed],
    );
    const inactive = await clinician({ [LICENCE]: '2030-07-15' }, { providerStatusId: 5 });
    await run('2030-07-01');
    expect(await state(uncredentialed)).toBe(1);
    expect(await state(inactive)).toBe(5);
    const one = { givenName: 'Ana' };
    const [toUncredentialed] = await messages(uncredentialed);
    expect(toUncredentialed!.body).toBe(
      expiryMessage(1, { ...one, daysBefore: 7, credentials: [{ name: LICENCE, expiresOn: '2030-07-08' }] })
        .emailBody,
    );
    const [toInactive, smsToInactive] = await messages(inactive);
    const inactiveWords = expiryMessage(5, {
      ...one,
      daysBefore: 14,
      credentials: [{ name: LICENCE, expiresOn: '2030-07-15' }],
    });
    expect([toInactive!.subject, toInactive!.body, smsToInactive!.body]).toEqual([
      inactiveWords.emailSubject,
      inactiveWords.emailBody,
      inactiveWords.sms,
    ]);
  });

  it('sends email and SMS only as the clinician allows (enable_email, enable_sms) and has an address', async () => {
    const smsOnly = await clinician({ [LICENCE]: '2030-08-08' });
    const emailOnly = await clinician({ [LICENCE]: '2030-08-08' });
    const noPhone = await clinician({ [LICENCE]: '2030-08-08' }, { phone: null });
    const neither = await clinician({ [LICENCE]: '2030-08-08' });
    await s().sql('update providers set enable_email = false where id = $1', [smsOnly]);
    await s().sql('update providers set enable_sms = false where id = $1', [emailOnly]);
    await s().sql('update providers set enable_email = false, enable_sms = false where id = $1', [neither]);
    await run('2030-08-01');
    const channels = async (id: number) => (await messages(id)).map((m) => m.channel);
    expect(await channels(smsOnly)).toEqual(['sms']);
    expect(await channels(emailOnly)).toEqual(['email']);
    expect(await channels(noPhone)).toEqual(['email']);
    expect(await channels(neither)).toEqual([]);
    // Warned all the same: the app shows it, and tomorrow's run does not try again.
    expect((await credential(neither, LICENCE)).warned_days_before).toBe(7);
  });

  it('two runs at once do the work once', async () => {
    const lapsed = await clinician({ [LICENCE]: '2030-08-31' });
    const warned = await clinician({ [LICENCE]: '2030-09-05' });
    const runs = await Promise.all([run('2030-09-01'), run('2030-09-01')]);
    expect(runs.filter((r) => r.expired > 0)).toHaveLength(1);
    expect(runs.filter((r) => r.warnings.messages > 0)).toHaveLength(1);
    expect(runs.filter((r) => r.stateChanges > 0)).toHaveLength(1);
    const { id } = await credential(lapsed, LICENCE);
    expect(await audits('providerCredential', id)).toHaveLength(1);
    expect(await audits('provider', lapsed)).toHaveLength(1);
    expect(await messages(warned)).toHaveLength(2);
  });

  it('the schedule runs once a day, from its time of day', async () => {
    const first = await clinician({ [LICENCE]: '2030-10-05' });
    let now = new Date('2030-10-01T01:59:00');
    const errors: unknown[] = [];
    const stop = startCredentialExpiryJob(s().services.db, '02:00', (e) => errors.push(e), {
      clock: () => now,
      checkEveryMs: 20,
    });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const warnedSoon = async (id: number) => {
      for (let i = 0; i < 100 && !(await messages(id)).length; i++) await sleep(20);
      return (await messages(id)).length;
    };
    try {
      await sleep(150);
      expect(await messages(first)).toEqual([]);
      now = new Date('2030-10-01T02:00:00');
      expect(await warnedSoon(first)).toBe(2);
      // Due the same day, but the day has had its run: tomorrow's run warns.
      const second = await clinician({ [LICENCE]: '2030-10-05' });
      now = new Date('2030-10-01T09:00:00');
      await sleep(150);
      expect(await messages(second)).toEqual([]);
      now = new Date('2030-10-02T02:30:00');
      expect(await warnedSoon(second)).toBe(2);
    } finally {
      await stop();
    }
    expect(errors).toEqual([]);
  });

  it('a schedule started after the day was run (a restarted server) leaves the day done', async () => {
    await runCredentialExpiryJob(s().services.db, new Date('2030-11-01T02:00:00'));
    const later = await clinician({ [LICENCE]: '2030-11-05' });
    let now = new Date('2030-11-01T09:00:00');
    const errors: unknown[] = [];
    const stop = startCredentialExpiryJob(s().services.db, '02:00', (e) => errors.push(e), {
      clock: () => now,
      checkEveryMs: 20,
    });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      await sleep(200);
      expect(await messages(later)).toEqual([]);
      now = new Date('2030-11-02T02:30:00');
      for (let i = 0; i < 100 && !(await messages(later)).length; i++) await sleep(20);
      expect(await messages(later)).toHaveLength(2);
    } finally {
      await stop();
    }
    expect(errors).toEqual([]);
  });
});
