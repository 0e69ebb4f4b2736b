// A clinician's bank account through the API on both databases: pay staff read and save anyone's, a clinician only
// their own; the number is checked (routing check digit, 1-17 digits), sealed at rest (opened again only for a NACHA
// file), answered masked and audited by what changed without the number; a save replaces the one account; anyone
// else and bad input are refused, writing nothing.
import { PAY_MESSAGES, type ApiError, type BankAccount } from '@carelane/shared-domain';
import { BACK_OFFICE, signInBillingRoles } from '../billing-test-roles';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { openAccounts } from './service';

type SaveAnswer = { message: string; bankAccount: BankAccount } & Partial<ApiError>;
type ReadAnswer = { bankAccount: BankAccount | null } & Partial<ApiError>;

describeEachDatabase('billing: bank accounts', (server) => {
  let billing = '';
  let director = '';
  let executive = '';
  let admin = '';
  let coordinator = '';
  let clinician = '';
  let clinicianManager = '';
  let orgUser = '';
  let ownId = 0;
  /** A clinician other than the demo one, without a bank account. */
  let otherId = 0;
  let backOfficeId = 0;
  const s = (): TestServer => server();

  const path = (providerId: number | string) => `/api/operation/providers/${providerId}/bankAccount`;
  const save = (providerId: number | string, body: unknown, token = billing) =>
    s().request<SaveAnswer>('PUT', path(providerId), { token, body });
  const read = (providerId: number | string, token = billing) =>
    s().request<ReadAnswer>('GET', path(providerId), { token });
  const stored = (providerId: number) =>
    s().sql<{
      routing_number: string;
      account_type: string;
      account_sealed: string;
      account_last4: string;
      updated_by: number;
    }>(
      `select routing_number, account_type, account_sealed, account_last4, updated_by
         from provider_bank_accounts where provider_id = $1`,
      [providerId],
    );
  const counts = async () =>
    (
      await s().sql<{ accounts: number; audits: number }>(
        `select (select count(*)::int from provider_bank_accounts) as accounts,
                (select count(*)::int from audit_log where entity = 'providerBankAccount') as audits`,
      )
    )[0]!;
  const audits = (providerId: number) =>
    s().sql<{ action: string; user_email: string; diff: unknown }>(
      `select action, user_email, diff from audit_log
        where entity = 'providerBankAccount' and entity_id = $1 order by id`,
      [String(providerId)],
    );
  /** The account number as a NACHA export opens it. */
  const opened = async (providerId: number) =>
    (await openAccounts(s().services, s().services.db, [providerId])).get(providerId);

  beforeAll(async () => {
    ({
      billing,
      director,
      executive,
      admin,
      coordinator,
      clinician,
      clinicianManager,
      orgUser,
      backOfficeId,
    } = await signInBillingRoles(s()));
    const [own] = await s().sql<{ id: number }>(
      `select p.id from providers p join users u on u.id = p.user_id where u.email_id = 'clinician@carelane.local'`,
    );
    ownId = own!.id;
    const [other] = await s().sql<{ id: number }>(
      `select id from providers p where id <> $1
          and not exists (select 1 from provider_bank_accounts b where b.provider_id = p.id)
        order by id limit 1`,
      [ownId],
    );
    otherId = other!.id;
    // The demo clinician starts without an account (the demo may have given them one).
    await s().ownerSql(`delete from provider_bank_accounts where provider_id = $1`, [ownId]);
  });

  it('answers no account for a clinician who has none', async () => {
    const res = await read(otherId);
    expect([res.status, res.body]).toEqual([200, { bankAccount: null }]);
  });

  it('saves a new account for pay staff: sealed at rest, answered masked, audited without the number', async () => {
    const before = await counts();
    const res = await save(otherId, {
      routingNumber: ' 021000021 ',
      accountNumber: '000123456789',
      accountType: 'checking',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: PAY_MESSAGES.bankAccountSaved,
      bankAccount: {
        providerId: otherId,
        routingNumber: '021000021',
        accountType: 'checking',
        accountMasked: '****6789',
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    const [row] = await stored(otherId);
    expect(row).toMatchObject({
      routing_number: '021000021',
      account_type: 'checking',
      account_last4: '6789',
      updated_by: backOfficeId,
    });
    expect(row!.account_sealed).not.toContain('123456789');
    expect(await opened(otherId)).toEqual({
      routingNumber: '021000021',
      accountType: 'checking',
      accountNumber: '000123456789',
    });
    expect(await counts()).toEqual({ accounts: before.accounts + 1, audits: before.audits + 1 });
    expect(await audits(otherId)).toEqual([
      {
        action: 'CREATE',
        user_email: BACK_OFFICE,
        diff: {
          routingNumber: { before: null, after: '021000021' },
          accountNumber: { before: null, after: '****6789' },
        },
      },
    ]);
    const again = await read(otherId);
    expect([again.status, again.body.bankAccount]).toEqual([200, res.body.bankAccount]);
  });

  it('replaces the account on a second save (one account per clinician), auditing the change', async () => {
    const before = await counts();
    const res = await save(
      otherId,
      { routingNumber: '011000015', accountNumber: '55554321', accountType: 'savings' },
      director,
    );
    expect(res.status).toBe(200);
    expect(res.body.bankAccount).toMatchObject({
      routingNumber: '011000015',
      accountType: 'savings',
      accountMasked: '****4321',
    });
    const rows = await stored(otherId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ routing_number: '011000015', account_last4: '4321' });
    expect((await opened(otherId))?.accountNumber).toBe('55554321');
    expect(await counts()).toEqual({ accounts: before.accounts, audits: before.audits + 1 });
    expect((await audits(otherId)).at(-1)).toEqual({
      action: 'UPDATE',
      user_email: 'director@carelane.local',
      diff: {
        routingNumber: { before: '021000021', after: '011000015' },
        accountNumber: { before: '****6789', after: '****4321' },
      },
    });
  });

  it('never answers or audits an account number of four digits or fewer, even masked', async () => {
    for (const accountNumber of ['1234', '987']) {
      const res = await save(otherId, { routingNumber: '021000021', accountNumber, accountType: 'checking' });
      expect(res.status).toBe(200);
      expect(res.body.bankAccount.accountMasked).toBe('****');
      expect((await read(otherId)).body.bankAccount?.accountMasked).toBe('****');
      expect((await opened(otherId))?.accountNumber).toBe(accountNumber);
      expect(JSON.stringify((await audits(otherId)).at(-1))).not.toContain(accountNumber);
    }
  });

  it('lets a clinician read and save only their own account', async () => {
    const before = await counts();
    const mine = await save(
      ownId,
      { routingNumber: '021000021', accountNumber: '11112222', accountType: 'checking' },
      clinician,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.bankAccount).toMatchObject({ providerId: ownId, accountMasked: '****2222' });
    expect((await read(ownId, clinician)).body.bankAccount).toMatchObject({ accountMasked: '****2222' });
    expect((await audits(ownId)).at(-1)).toMatchObject({
      action: 'CREATE',
      user_email: 'clinician@carelane.local',
    });
    expect(await counts()).toEqual({ accounts: before.accounts + 1, audits: before.audits + 1 });

    const theirs = await read(otherId, clinician);
    expect([theirs.status, theirs.body.code]).toEqual([403, 'FORBIDDEN']);
    const changed = await save(
      otherId,
      { routingNumber: '021000021', accountNumber: '99998888', accountType: 'checking' },
      clinician,
    );
    expect([changed.status, changed.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await opened(otherId))?.accountNumber).toBe('987');
    expect(await counts()).toEqual({ accounts: before.accounts + 1, audits: before.audits + 1 });
  });

  it('lets every pay staff role read; a coordinator, clinician manager or organization user is refused, signed out 401', async () => {
    for (const token of [admin, director, executive]) {
      const res = await read(ownId, token);
      expect([res.status, res.body.bankAccount?.accountMasked]).toEqual([200, '****2222']);
    }
    const before = await counts();
    const body = { routingNumber: '021000021', accountNumber: '77776666', accountType: 'checking' };
    for (const token of [coordinator, clinicianManager, orgUser]) {
      for (const res of [await read(ownId, token), await save(ownId, body, token)])
        expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    }
    for (const res of [await read(ownId, ''), await save(ownId, body, '')])
      expect([res.status, res.body.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(await counts()).toEqual(before);
    expect((await opened(ownId))?.accountNumber).toBe('11112222');
  });

  it('says what a fixed-choice field takes, and that a missing one is required', async () => {
    const good = { routingNumber: '021000021', accountNumber: '123456789' };
    const wrong = await save(ownId, { ...good, accountType: 'brokerage' });
    expect(wrong.body.errors).toEqual([
      { field: 'accountType', message: 'must be one of "checking", "savings"' },
    ]);
    const missing = await save(ownId, good);
    expect(missing.body.errors).toEqual([{ field: 'accountType', message: 'is required' }]);
  });

  it('refuses a missing or invalid field with 400 naming it, and an unknown clinician with 404, writing nothing', async () => {
    const good = { routingNumber: '021000021', accountNumber: '123456789', accountType: 'savings' };
    const before = await counts();
    const [sealedBefore] = await stored(ownId);
    const cases: [unknown, string][] = [
      [{ ...good, routingNumber: undefined }, 'routingNumber'],
      [{ ...good, routingNumber: '02100002' }, 'routingNumber'],
      [{ ...good, routingNumber: '021000022' }, 'routingNumber'],
      [{ ...good, routingNumber: '02100002A' }, 'routingNumber'],
      [{ ...good, accountNumber: undefined }, 'accountNumber'],
      [{ ...good, accountNumber: '' }, 'accountNumber'],
      [{ ...good, accountNumber: '12-34-56' }, 'accountNumber'],
      [{ ...good, accountNumber: '123456789012345678' }, 'accountNumber'],
      [{ ...good, accountNumber: '0000' }, 'accountNumber'],
      [{ ...good, accountNumber: 123456789 }, 'accountNumber'],
      [{ ...good, accountType: undefined }, 'accountType'],
      [{ ...good, accountType: 'brokerage' }, 'accountType'],
    ];
    for (const [body, field] of cases) {
      const res = await save(ownId, body);
      expect([JSON.stringify(body), res.status, [...new Set(res.body.errors?.map((e) => e.field))]]).toEqual([
        JSON.stringify(body),
        400,
        [field],
      ]);
    }
    const missing = await save(ownId, { ...good, routingNumber: undefined });
    expect(missing.body.errors).toEqual([{ field: 'routingNumber', message: 'is required' }]);
    const unknown = await save(999_999, good);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
    expect((await save('abc', good)).status).toBe(400);
    expect(await counts()).toEqual(before);
    expect(await stored(ownId)).toEqual([sealedBefore]);
  });
});
