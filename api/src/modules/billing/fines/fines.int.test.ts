// Fines through the API on both databases: pay staff fine a clinician (integer cents, optionally for one of their
// visits), list them (a clinician only their own), the fined clinician contests, staff remove or uphold a contested
// one (Active again); each change audited, each refusal (role, signed out, bad input, wrong state, a fine an export
// deducted already) writing nothing.
import { FINE_MESSAGES, PAY_MESSAGES, type ApiError, type Fine } from '@carelane/shared-domain';
import { BACK_OFFICE, signInBillingRoles } from '../billing-test-roles';
import { describeEachDatabase, type TestServer } from '../../../test/harness';

/** A fine route's answer: the fine, or the error (status, code and the fields named). */
type FineAnswer = { message: string; fine: Fine } & Partial<ApiError>;

describeEachDatabase('billing: fines', (server) => {
  let billing = '';
  let director = '';
  let executive = '';
  let admin = '';
  let coordinator = '';
  let clinician = '';
  let clinicianManager = '';
  let orgUser = '';
  let ownId = 0;
  let ownName = '';
  let otherId = 0;
  /** A visit of the demo clinician that can be fined, and one that cannot (not held yet). */
  let fineableVisit = 0;
  let futureVisit = 0;
  /** A visit of another clinician. */
  let foreignVisit = 0;
  const s = (): TestServer => server();

  const addFine = (body: unknown, token: string | undefined = billing) =>
    s().request<FineAnswer>('POST', '/api/operation/fines', { token, body });
  const act = (
    id: number,
    verb: 'contest' | 'remove' | 'uphold',
    token: string | undefined,
    body?: unknown,
  ) =>
    s().request<FineAnswer>('POST', `/api/operation/fines/${id}/${verb}`, {
      token,
      body,
    });
  const counts = async () =>
    (
      await s().sql<{ fines: number; audits: number }>(
        `select (select count(*)::int from fines) as fines,
                (select count(*)::int from audit_log where entity = 'Fine') as audits`,
      )
    )[0]!;
  const stored = async (id: number) =>
    (
      await s().sql<{
        status: string;
        amount_cents: number;
        contest_note: string | null;
        contested: boolean;
        removed_note: string | null;
        removed_by: number | null;
        removed: boolean;
      }>(
        `select status, amount_cents::int as amount_cents, contest_note, contested_at is not null as contested,
                removed_note, removed_by, removed_at is not null as removed
           from fines where id = $1`,
        [id],
      )
    )[0]!;
  const auditsOf = (id: number) =>
    s().sql<{
      action: string;
      user_email: string;
      diff: Record<string, { before: unknown; after: unknown }>;
    }>(
      `select action, user_email, diff from audit_log where entity = 'Fine' and entity_id = $1 order by id`,
      [String(id)],
    );

  beforeAll(async () => {
    ({ billing, director, executive, admin, coordinator, clinician, clinicianManager, orgUser } =
      await signInBillingRoles(s()));
    const [own] = await s().sql<{ id: number; name: string }>(
      `select p.id, p.given_name || ' ' || p.family_name as name
         from providers p join users u on u.id = p.user_id where u.email_id = 'clinician@carelane.local'`,
    );
    ownId = own!.id;
    ownName = own!.name;
    const [other] = await s().sql<{ id: number }>(
      `select id from providers where id <> $1 order by id limit 1`,
      [ownId],
    );
    otherId = other!.id;
    // Visits made for this suite from demo ones: one held by the clinician (notes due), one staffed (ahead).
    const picked = await s().sql<{ id: number }>(
      `select id from visits where provider_id is not null
          and not exists (select 1 from invoice_lines l where l.visit_id = visits.id)
          and not exists (select 1 from provider_pay p where p.visit_id = visits.id)
        order by id desc limit 3`,
    );
    [fineableVisit, futureVisit, foreignVisit] = picked.map((v) => v.id) as [number, number, number];
    await s().sql(`update visits set provider_id = $1, status = 'NotesDue' where id = $2`, [
      ownId,
      fineableVisit,
    ]);
    await s().sql(`update visits set provider_id = $1, status = 'Staffed' where id = $2`, [
      ownId,
      futureVisit,
    ]);
    await s().sql(`update visits set provider_id = $1, status = 'NotesApproved' where id = $2`, [
      otherId,
      foreignVisit,
    ]);
  });

  it('fines a clinician in integer cents for one of their visits, answering the fine and auditing it', async () => {
    const before = await counts();
    const res = await addFine({
      providerId: ownId,
      visitId: fineableVisit,
      kind: 'MissedVisit',
      amountCents: 2_575,
      reason: '  Did not arrive  ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: PAY_MESSAGES.fineAdded,
      fine: {
        id: expect.any(Number),
        providerId: ownId,
        clinicianName: ownName,
        visitId: fineableVisit,
        kind: 'MissedVisit',
        amountCents: 2_575,
        reason: 'Did not arrive',
        status: 'Active',
        contestNote: null,
        removedNote: null,
        nachaFileId: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    const id = res.body.fine.id;
    expect(await stored(id)).toMatchObject({ status: 'Active', amount_cents: 2_575, contested: false });
    expect(await counts()).toEqual({ fines: before.fines + 1, audits: before.audits + 1 });
    const [audit] = await auditsOf(id);
    expect(audit).toMatchObject({ action: 'CREATE', user_email: BACK_OFFICE });
    expect(audit!.diff).toMatchObject({
      amountCents: { before: null, after: 2_575 },
      providerId: { before: null, after: ownId },
      visitId: { before: null, after: fineableVisit },
      kind: { before: null, after: 'MissedVisit' },
    });

    // Without a visit too (a fine for the clinician's conduct).
    const plain = await addFine({ providerId: ownId, kind: 'Other', amountCents: 1, reason: 'Uniform' });
    expect(plain.status).toBe(200);
    expect(plain.body.fine).toMatchObject({ visitId: null, amountCents: 1, kind: 'Other' });
  });

  it('lets every pay staff role fine; a clinician, coordinator, clinician manager or organization user is refused, signed out 401', async () => {
    const body = { providerId: otherId, kind: 'LateNotes', amountCents: 500, reason: 'Late' };
    for (const token of [admin, director, executive]) {
      const res = await addFine(body, token);
      expect(res.status).toBe(200);
      expect(res.body.fine).toMatchObject({ providerId: otherId, amountCents: 500, status: 'Active' });
    }
    const before = await counts();
    for (const token of [clinician, coordinator, clinicianManager, orgUser]) {
      const res = await addFine(body, token);
      expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    }
    const signedOut = await addFine(body, '');
    expect([signedOut.status, signedOut.body.code]).toEqual([401, 'UNAUTHORIZED']);
    expect(await counts()).toEqual(before);
  });

  it('refuses a missing or invalid field with 400 naming it, writing nothing', async () => {
    const good = { providerId: ownId, kind: 'LateNotes', amountCents: 1_000, reason: 'Notes late' };
    const before = await counts();
    const cases: [unknown, string][] = [
      [{ ...good, providerId: undefined }, 'providerId'],
      [{ ...good, kind: undefined }, 'kind'],
      [{ ...good, kind: 'Speeding' }, 'kind'],
      [{ ...good, amountCents: undefined }, 'amountCents'],
      [{ ...good, amountCents: 0 }, 'amountCents'],
      [{ ...good, amountCents: -100 }, 'amountCents'],
      [{ ...good, amountCents: 10.5 }, 'amountCents'],
      [{ ...good, amountCents: '1000' }, 'amountCents'],
      [{ ...good, amountCents: 100_000_000_00 }, 'amountCents'],
      [{ ...good, reason: '   ' }, 'reason'],
      [{ ...good, reason: undefined }, 'reason'],
      [{ ...good, visitId: 'one' }, 'visitId'],
    ];
    for (const [body, field] of cases) {
      const res = await addFine(body);
      expect([JSON.stringify(body), res.status, res.body.errors?.map((e) => e.field)]).toEqual([
        JSON.stringify(body),
        400,
        [field],
      ]);
    }
    const missing = await addFine({ ...good, reason: undefined });
    expect(missing.body.errors).toEqual([{ field: 'reason', message: 'is required' }]);

    const unknown = await addFine({ ...good, providerId: 999_999 });
    expect([unknown.status, unknown.body.errors]).toEqual([
      400,
      [{ field: 'providerId', message: 'is not a known clinician' }],
    ]);
    // Another clinician's visit, and one of theirs not held yet: not a visit this fine may be for.
    for (const visitId of [foreignVisit, futureVisit]) {
      const res = await addFine({ ...good, visitId });
      expect([res.status, res.body.errors]).toEqual([
        400,
        [{ field: 'visitId', message: FINE_MESSAGES.notTheirVisit }],
      ]);
    }
    expect(await counts()).toEqual(before);
  });

  it("lists fines newest first: staff everyone's or one clinician's by status, a clinician only their own", async () => {
    const list = (query: string, token: string | undefined = billing) =>
      s().request<{ rows: Fine[] } & Partial<ApiError>>('GET', `/api/operation/fines${query}`, { token });
    const all = await list('?pageSize=100');
    expect(all.status).toBe(200);
    const newest = await s().sql<{ id: number }>(
      `select id from fines order by created_at desc, id desc limit 100`,
    );
    expect(all.body.rows.map((r) => r.id)).toEqual(newest.map((r) => r.id));
    expect(all.body.rows.map((r) => r.providerId)).toEqual(expect.arrayContaining([ownId, otherId]));

    const others = await list(`?providerId=${otherId}&status=Active&pageSize=100`);
    const [{ n: otherActive }] = (await s().sql<{ n: number }>(
      `select count(*)::int as n from fines where provider_id = $1 and status = 'Active'`,
      [otherId],
    )) as [{ n: number }];
    expect(otherActive).toBeGreaterThanOrEqual(3);
    expect(others.body.rows).toHaveLength(otherActive);
    expect(others.body.rows.every((r) => r.providerId === otherId && r.status === 'Active')).toBe(true);

    // The clinician asking for another's fines still gets only their own.
    const mine = await list(`?providerId=${otherId}&pageSize=100`, clinician);
    expect(mine.status).toBe(200);
    const [{ n: ownCount }] = (await s().sql<{ n: number }>(
      `select count(*)::int as n from fines where provider_id = $1`,
      [ownId],
    )) as [{ n: number }];
    expect(mine.body.rows).toHaveLength(ownCount);
    expect(mine.body.rows.every((r) => r.providerId === ownId)).toBe(true);

    for (const token of [coordinator, clinicianManager, orgUser])
      expect((await list('', token)).status).toBe(403);
    expect((await list('', '')).status).toBe(401);
    const bad = await list('?status=Paid');
    expect([bad.status, bad.body.errors?.[0]?.field]).toEqual([400, 'status']);
  });

  it('lets the fined clinician contest an Active fine once, with a note; no one else', async () => {
    const fined = await addFine({ providerId: ownId, kind: 'LateNotes', amountCents: 3_000, reason: 'Late' });
    const id = fined.body.fine.id;
    const foreign = await addFine({
      providerId: otherId,
      kind: 'LateNotes',
      amountCents: 3_000,
      reason: 'Late',
    });
    const before = await counts();

    // Staff cannot contest for the clinician, nor the clinician another's fine; an organization user has no page.
    for (const [token, fineId] of [
      [billing, id],
      [clinician, foreign.body.fine.id],
    ] as const) {
      const res = await act(fineId, 'contest', token, { note: 'Not me' });
      expect([res.status, res.body.error]).toEqual([403, 'Only the fined clinician can contest a fine.']);
    }
    expect((await act(id, 'contest', orgUser, { note: 'x' })).status).toBe(403);
    expect((await act(id, 'contest', undefined, { note: 'x' })).status).toBe(401);
    const noNote = await act(id, 'contest', clinician, { note: ' ' });
    expect([noNote.status, noNote.body.errors?.[0]?.field]).toEqual([400, 'note']);
    const missing = await act(id, 'contest', clinician, {});
    expect([missing.status, missing.body.errors]).toEqual([400, [{ field: 'note', message: 'is required' }]]);
    expect((await act(999_999, 'contest', clinician, { note: 'x' })).status).toBe(404);
    expect(await counts()).toEqual(before);
    expect((await stored(id)).status).toBe('Active');

    const contested = await act(id, 'contest', clinician, { note: 'The patient cancelled.' });
    expect(contested.status).toBe(200);
    expect(contested.body).toMatchObject({
      message: PAY_MESSAGES.fineContested,
      fine: { id, status: 'Contested', contestNote: 'The patient cancelled.', amountCents: 3_000 },
    });
    expect(await stored(id)).toMatchObject({
      status: 'Contested',
      contest_note: 'The patient cancelled.',
      contested: true,
    });
    const audits = await auditsOf(id);
    expect(audits.at(-1)).toMatchObject({
      action: 'UPDATE',
      user_email: 'clinician@carelane.local',
      diff: {
        status: { before: 'Active', after: 'Contested' },
        contestNote: { before: null, after: 'The patient cancelled.' },
      },
    });

    const again = await act(id, 'contest', clinician, { note: 'Again' });
    expect([again.status, again.body.errors]).toEqual([
      400,
      [{ field: 'id', message: PAY_MESSAGES.fineNotActive }],
    ]);
    expect((await stored(id)).contest_note).toBe('The patient cancelled.');
  });

  describe('uphold', () => {
    let contestedId = 0;
    beforeAll(async () => {
      const fined = await addFine({
        providerId: ownId,
        kind: 'MissedVisit',
        amountCents: 4_250,
        reason: 'No show',
      });
      contestedId = fined.body.fine.id;
      expect((await act(contestedId, 'contest', clinician, { note: 'I was there' })).status).toBe(200);
    });

    it('refuses anyone but pay staff (403), signed out (401) and an unknown fine (404), changing nothing', async () => {
      const before = await counts();
      for (const token of [clinician, coordinator, clinicianManager, orgUser]) {
        const res = await act(contestedId, 'uphold', token);
        expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
      }
      expect((await act(contestedId, 'uphold', undefined)).status).toBe(401);
      const unknown = await act(999_999, 'uphold', billing);
      expect([unknown.status, unknown.body.code]).toEqual([404, 'NOT_FOUND']);
      const badId = await s().request('POST', '/api/operation/fines/abc/uphold', { token: billing });
      expect(badId.status).toBe(400);
      expect(await counts()).toEqual(before);
      expect((await stored(contestedId)).status).toBe('Contested');
    });

    it('makes a contested fine Active again, keeping the note, and audits the change', async () => {
      const res = await act(contestedId, 'uphold', billing);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        message: PAY_MESSAGES.fineUpheld,
        fine: {
          id: contestedId,
          providerId: ownId,
          status: 'Active',
          amountCents: 4_250,
          contestNote: 'I was there',
          removedNote: null,
          nachaFileId: null,
        },
      });
      expect(await stored(contestedId)).toMatchObject({
        status: 'Active',
        amount_cents: 4_250,
        contest_note: 'I was there',
        removed: false,
      });
      const audits = await auditsOf(contestedId);
      expect(audits.map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
      expect(audits.at(-1)).toMatchObject({
        user_email: BACK_OFFICE,
        diff: { status: { before: 'Contested', after: 'Active' } },
      });
      expect(Object.keys(audits.at(-1)!.diff)).toEqual(['status']);
      // Upheld, it is Active: the clinician may contest it again, and another staff role may uphold it.
      expect((await act(contestedId, 'contest', clinician, { note: 'Second try' })).status).toBe(200);
      const byDirector = await act(contestedId, 'uphold', director);
      expect([byDirector.status, byDirector.body.fine?.status]).toEqual([200, 'Active']);
    });

    it('refuses to uphold a fine that is not contested (Active or Removed), naming id, writing nothing', async () => {
      const active = await addFine({ providerId: ownId, kind: 'Other', amountCents: 700, reason: 'Other' });
      const removed = await addFine({ providerId: ownId, kind: 'Other', amountCents: 800, reason: 'Other' });
      expect((await act(removed.body.fine.id, 'remove', billing, { note: 'Mistake' })).status).toBe(200);
      const before = await counts();
      for (const [id, status] of [
        [active.body.fine.id, 'Active'],
        [removed.body.fine.id, 'Removed'],
      ] as const) {
        const res = await act(id, 'uphold', billing);
        expect([res.status, res.body.errors]).toEqual([400, [{ field: 'id', message: 'is not contested' }]]);
        expect((await stored(id)).status).toBe(status);
      }
      expect(await counts()).toEqual(before);
    });

    it('refuses to change a fine an export deducted already (uphold or remove), writing nothing', async () => {
      const fined = await addFine({ providerId: ownId, kind: 'LateNotes', amountCents: 900, reason: 'Late' });
      const id = fined.body.fine.id;
      expect((await act(id, 'contest', clinician, { note: 'No' })).status).toBe(200);
      const [file] = await s().sql<{ id: number }>(
        `insert into nacha_files (file_name, content_sealed, effective_date, entry_count, total_credit_cents, created_by)
         values ('test-fines.ach', 'sealed', '2030-01-02', 1, 100, (select id from users where email_id = $1))
         returning id`,
        [BACK_OFFICE],
      );
      await s().sql(`update fines set nacha_file_id = $1 where id = $2`, [file!.id, id]);
      const before = await counts();
      for (const [verb, body] of [
        ['uphold', undefined],
        ['remove', { note: 'x' }],
      ] as const) {
        const res = await act(id, verb, billing, body);
        expect([res.status, res.body.errors?.[0]]).toEqual([
          400,
          { field: 'id', message: 'was deducted by an export already: correct it with a payable adjustment' },
        ]);
      }
      expect((await stored(id)).status).toBe('Contested');
      expect(await counts()).toEqual(before);
    });
  });

  it('lets pay staff remove a fine once, with why and by whom; no one else', async () => {
    const fined = await addFine({
      providerId: otherId,
      kind: 'MissedVisit',
      amountCents: 6_000,
      reason: 'No show',
    });
    const id = fined.body.fine.id;
    const before = await counts();
    for (const token of [clinician, coordinator, orgUser])
      expect((await act(id, 'remove', token, { note: 'x' })).status).toBe(403);
    expect((await act(id, 'remove', undefined, { note: 'x' })).status).toBe(401);
    const noNote = await act(id, 'remove', billing, {});
    expect([noNote.status, noNote.body.errors]).toEqual([400, [{ field: 'note', message: 'is required' }]]);
    expect(await counts()).toEqual(before);

    const removed = await act(id, 'remove', billing, { note: 'Visit was rescheduled' });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({
      message: PAY_MESSAGES.fineRemoved,
      fine: { id, status: 'Removed', removedNote: 'Visit was rescheduled', amountCents: 6_000 },
    });
    const [backOffice] = await s().sql<{ id: number }>(`select id from users where email_id = $1`, [
      BACK_OFFICE,
    ]);
    expect(await stored(id)).toMatchObject({
      status: 'Removed',
      removed_note: 'Visit was rescheduled',
      removed_by: backOffice!.id,
      removed: true,
    });
    expect((await auditsOf(id)).at(-1)).toMatchObject({
      action: 'UPDATE',
      diff: { status: { before: 'Active', after: 'Removed' } },
    });
    const again = await act(id, 'remove', billing, { note: 'Twice' });
    expect([again.status, again.body.errors]).toEqual([
      400,
      [{ field: 'id', message: PAY_MESSAGES.fineRemovedAlready }],
    ]);
    expect((await stored(id)).removed_note).toBe('Visit was rescheduled');
  });

  it("lists the clinician's fineable visits to pay staff only, requiring providerId", async () => {
    const res = await s().request<{ rows: { visitId: number; status: string }[] }>(
      'GET',
      `/api/operation/fines/visits?providerId=${ownId}`,
      { token: billing },
    );
    expect(res.status).toBe(200);
    const ids = res.body.rows.map((r) => r.visitId);
    expect(ids).toContain(fineableVisit);
    expect(ids).not.toContain(futureVisit);
    expect(ids).not.toContain(foreignVisit);
    for (const token of [clinician, orgUser])
      expect(
        (await s().request('GET', `/api/operation/fines/visits?providerId=${ownId}`, { token })).status,
      ).toBe(403);
    const missing = await s().request('GET', '/api/operation/fines/visits', { token: billing });
    expect([missing.status, missing.body.errors?.[0]?.field]).toEqual([400, 'providerId']);
  });
});
