// A visit's note through the API on both databases: the detail (EVV with distance, definition, what the caller
// may do), the clinician's saves with the faults of issue 12 (out of range, not an option, a save after submit,
// a stale base version with the current note, another clinician's visit, a definition version that does not
// exist) each leaving nothing half-written, the review loop (save, submit, reject with an outbox notice, fix,
// resubmit, approve), the episode without review, re-open, the rating counters, revisions (append-only),
// comments, and the EVV flags a reviewer acknowledges before approving (decision 038).
import {
  BILLING_MESSAGES,
  EVV_MESSAGES,
  NOTE_TEXTS,
  definitionOf,
  fieldsOf,
  validateNoteValues,
  type NoteTypeCode,
  optionsOfField,
  ratingFromDetails,
  type NoteDefinition,
  type NoteDetail,
} from '@carelane/shared-domain';
import { sampleNoteValues, NOTES_DEMO_EPISODE } from '../../../db/seed-notes';
import { localIsoDate } from '../../../lib/local-date';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { count } from '../../../test/identity-helpers';
import { signInNotesUsers } from '../test-users';

describeEachDatabase('visit notes: one note', (server) => {
  let clinician = '';
  let coordinator = '';
  let admin = '';
  let orgUser = '';
  let ownId = 0;
  /** The seeded Notes Due start-of-care visit of the demo clinician (EVV records, no note). */
  let socVisit = 0;
  let workflowEpisode = 0;
  let plainEpisode = 0;
  let otherProvider = 0;

  beforeAll(async () => {
    const s = server();
    ({ clinician, coordinator, admin, orgUser, ownId } = await signInNotesUsers(s));
    const [soc] = await s.sql<{ id: number; episode_id: number }>(
      `select v.id, v.episode_id from visits v join episodes e on e.id = v.episode_id
        where e.title = $1 and v.status = 'NotesDue' and v.visit_type_id = 100 order by v.id limit 1`,
      [NOTES_DEMO_EPISODE],
    );
    socVisit = soc!.id;
    workflowEpisode = soc!.episode_id;
    const [plain] = await s.sql<{ episode_id: number }>(
      `select v.episode_id from visits v join episodes e on e.id = v.episode_id
        where v.provider_id = $1 and not e.enable_notes_workflow and v.patient_id is not null
        order by v.id limit 1`,
      [ownId],
    );
    plainEpisode = plain!.episode_id;
    const [other] = await s.sql<{ id: number }>(
      `select id from providers where id <> $1 and provider_type_id = 1 order by id limit 1`,
      [ownId],
    );
    otherProvider = other!.id;
  });

  /** A new visit for the tests: a copy of the seeded start of care, in `status`, of `providerId`, on `episodeId`. */
  async function makeVisit(
    options: { status?: string; providerId?: number; episodeId?: number; visitTypeId?: number } = {},
  ): Promise<number> {
    const [row] = await server().sql<{ id: number }>(
      `insert into visits (episode_id, referral_source_id, patient_id, episode_type, visit_type_id, provider_type_id,
         date_of_service, start_at, end_at, duration, status, provider_id, time_in, time_out, zipcode, latitude,
         longitude)
       select $1, referral_source_id, patient_id, episode_type, $2, provider_type_id, date_of_service, start_at,
         end_at, duration, $3, $4, time_in, time_out, zipcode, latitude, longitude
       from visits where id = $5 returning id`,
      [
        options.episodeId ?? workflowEpisode,
        options.visitTypeId ?? 100,
        options.status ?? 'NotesDue',
        options.providerId ?? ownId,
        socVisit,
      ],
    );
    return row!.id;
  }

  const detail = (visitId: number, token = clinician) =>
    server().request<NoteDetail>('GET', `/api/notes/visits/${visitId}/note`, { token });

  async function definitionOfVisit(visitId: number): Promise<NoteDefinition> {
    const res = await detail(visitId);
    expect(res.status).toBe(200);
    return res.body.definition;
  }

  const save = (
    visitId: number,
    definition: NoteDefinition,
    values: Record<string, unknown>,
    baseVersion: number,
    token = clinician,
    extra: object = {},
  ) =>
    server().request('PUT', `/api/notes/visits/${visitId}/note`, {
      token,
      body: {
        noteType: definition.noteType,
        definitionVersion: definition.version,
        values,
        baseVersion,
        deviceId: 'test-device',
        autosave: false,
        ...extra,
      },
    });

  const act = (visitId: number, action: string, body: object, token: string) =>
    server().request('POST', `/api/notes/visits/${visitId}/note/${action}`, { token, body });

  /** What a refused call must not have changed: the note's version, its revisions, the visit's status. */
  async function written(s: TestServer, visitId: number) {
    const [row] = await s.sql<{ version: number | null; status: string; revisions: number }>(
      `select n.version, v.status,
              (select count(*)::int from note_revisions r where r.note_id = n.id) as revisions
         from visits v left join notes n on n.visit_id = v.id where v.id = $1`,
      [visitId],
    );
    return row!;
  }

  const complete = (definition: NoteDefinition) =>
    sampleNoteValues(definition, { date: localIsoDate(new Date()), signedAt: new Date().toISOString() });

  /** A check-out recorded 6.9 miles from the patient's address, flagged as the check-out would flag it. */
  async function flagVisit(visitId: number): Promise<number> {
    const [record] = await server().sql<{ id: number }>(
      `insert into evv_records (visit_id, provider_id, user_id, kind, device_at, latitude, longitude)
       select id, provider_id, (select user_id from providers where id = $1), 'checkOut', coalesce(time_out, now()),
              latitude + 0.1, longitude
         from visits where id = $2 returning id`,
      [ownId, visitId],
    );
    const [flag] = await server().sql<{ id: number }>(
      `insert into evv_flags (visit_id, evv_record_id, kind, distance_miles, limit_miles)
       values ($1, $2, 'distance', 6.9, 5) returning id`,
      [visitId, record!.id],
    );
    return flag!.id;
  }
  const acknowledge = (visitId: number, flagIds: unknown, token = coordinator) =>
    act(visitId, 'evvFlags/acknowledge', { flagIds }, token);

  it('shows a new note: the visit with its EVV records and distance, the current definition, and may edit', async () => {
    const s = server();
    const res = await detail(socVisit);
    expect(res.status).toBe(200);
    expect(res.body.note).toBeNull();
    expect(res.body.definition.noteType).toBe('SOC');
    expect(res.body).toMatchObject({ canEdit: true, canReview: false, canReopen: false });
    expect(res.body.visit).toMatchObject({
      visitId: socVisit,
      status: 'NotesDue',
      enableNotesWorkflow: true,
    });
    // The zone the page shows the visit's times in: the visit's own, else its organization's.
    const [zone] = await s.sql<{ own: string | null; organization: string | null }>(
      `select v.time_zone as own, r.time_zone as organization from visits v
         join referral_sources r on r.id = v.referral_source_id where v.id = $1`,
      [socVisit],
    );
    expect(res.body.visit.timeZone).toBe(zone!.own ?? zone!.organization ?? 'America/Chicago');
    expect(res.body.visit.evv.map((r) => r.kind)).toEqual(['checkIn', 'checkOut']);
    for (const record of res.body.visit.evv) {
      expect(record.distanceMiles).not.toBeNull();
      expect(record.distanceMiles!).toBeLessThan(1);
      expect(record.locationFresh).toBe(true);
    }
    const review = await detail(socVisit, coordinator);
    expect(review.status).toBe(200);
    expect(review.body).toMatchObject({ canEdit: false, canReview: false });
    // An organization user reads only approved notes.
    expect((await detail(socVisit, orgUser)).status).toBe(403);
    await s.services.accessLog.flush();
    const [entry] = await s.sql<{ patient_ids: number[]; outcome: string }>(
      `select patient_ids, outcome from audit_log where action = 'READ' and entity = 'noteDetail'
        and entity_id = $1 order by id limit 1`,
      [String(socVisit)],
    );
    expect(entry!.outcome).toBe('ALLOWED');
    expect(entry!.patient_ids.length).toBe(1);
  });

  it('saves the first version and the next, each with a revision; the scores are the server’s', async () => {
    const s = server();
    const visitId = await makeVisit();
    const definition = await definitionOfVisit(visitId);
    const values = complete(definition);
    const score = fieldsOf(definition).find((f) => f.kind === 'score');
    if (score) values[score.id] = { total: 999, level: 'made up' };
    const first = await save(visitId, definition, values, 0);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      version: 1,
      visitId,
      noteType: definition.noteType,
      submittedAt: null,
    });
    if (score) expect(first.body.values[score.id]).not.toEqual({ total: 999, level: 'made up' });
    const second = await save(visitId, definition, first.body.values, 1, clinician, { autosave: true });
    expect(second.status).toBe(200);
    expect(second.body.version).toBe(2);
    expect(await written(s, visitId)).toMatchObject({ version: 2, revisions: 2 });
    const [revision] = await s.sql<{ device_id: string; autosave: boolean }>(
      `select r.device_id, r.autosave from note_revisions r join notes n on n.id = r.note_id
        where n.visit_id = $1 and r.version = 2`,
      [visitId],
    );
    expect(revision).toMatchObject({ device_id: 'test-device', autosave: true });
  });

  it('lets the clinician write during the visit (checked in) and submit only after the check-out', async () => {
    const s = server();
    const visitId = await makeVisit({ status: 'AfterStaffed' });
    const opened = await detail(visitId);
    expect(opened.body.canEdit).toBe(true);
    const definition = opened.body.definition;
    expect((await save(visitId, definition, complete(definition), 0)).status).toBe(200);
    const early = await act(visitId, 'submit', { version: 1 }, clinician);
    expect(early.status).toBe(409);
    expect(await written(s, visitId)).toMatchObject({ status: 'AfterStaffed', version: 1, revisions: 1 });
  });

  describe('a draft keeps what was typed; submit checks it (issue 24)', () => {
    it('autosaves a value out of range as typed and refuses only the submit, naming each field', async () => {
      const s = server();
      const visitId = await makeVisit();
      const definition = await definitionOfVisit(visitId);
      const number = fieldsOf(definition).find((f) => f.kind === 'number' && f.max !== undefined);
      const vitals = fieldsOf(definition).find(
        (f) => f.kind === 'vitals' && f.readingTypes.includes('pulse'),
      );
      expect(number && vitals).toBeTruthy();
      const max = (number as { max: number }).max;
      const typed = complete(definition);
      typed[number!.id] = max + 1;
      typed[vitals!.id] = { ...(typed[vitals!.id] as object), pulse: { value: 400 } };
      const saved = await save(visitId, definition, typed, 0, clinician, { autosave: true });
      expect(saved.status).toBe(200);
      expect(saved.body.values[number!.id]).toBe(max + 1);
      expect(saved.body.values[vitals!.id].pulse).toEqual({ value: 400 });

      const refused = await act(visitId, 'submit', { version: 1 }, clinician);
      expect(refused.status).toBe(400);
      const fields = refused.body.errors.map((e: { field: string }) => e.field);
      expect(fields).toEqual(expect.arrayContaining([`values.${number!.id}`, `values.${vitals!.id}.pulse`]));
      expect(await written(s, visitId)).toMatchObject({ status: 'NotesDue', version: 1, revisions: 1 });

      // Fixed (a change after signing: signed again), it goes through.
      typed[vitals!.id] = { ...(typed[vitals!.id] as object), pulse: { value: 76 } };
      typed[number!.id] = max;
      const signature = fieldsOf(definition).find((f) => f.kind === 'signature')!;
      typed[signature.id] = { name: 'Casey Rivera', signedAt: new Date(Date.now() + 1000).toISOString() };
      expect((await save(visitId, definition, typed, 1)).status).toBe(200);
      const fixed = await act(visitId, 'submit', { version: 2 }, clinician);
      expect(fixed.body.errors ?? []).toEqual([]);
      expect(fixed.status).toBe(200);
    });

    it('still refuses a value of the wrong type or too long (400 naming the field), writing nothing', async () => {
      const visitId = await makeVisit();
      const definition = await definitionOfVisit(visitId);
      const number = fieldsOf(definition).find((f) => f.kind === 'number')!;
      const wrongType = await save(visitId, definition, { [number.id]: 'seventy' }, 0);
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.errors).toEqual([
        expect.objectContaining({ field: `values.${number.id}`, message: 'must be a number' }),
      ]);
      const text = fieldsOf(definition).find((f) => f.kind === 'text')!;
      const tooLong = await save(visitId, definition, { [text.id]: 'x'.repeat(20_001) }, 0);
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.errors.map((e: { field: string }) => e.field)).toEqual([`values.${text.id}`]);
      expect(await written(server(), visitId)).toMatchObject({ version: null, revisions: 0 });
    });

    it('clears the signature of a signed note that is changed, in the same save; a new signature stays', async () => {
      const s = server();
      const visitId = await makeVisit();
      const definition = await definitionOfVisit(visitId);
      const signature = fieldsOf(definition).find((f) => f.kind === 'signature')!;
      const text = fieldsOf(definition).find((f) => f.kind === 'text' && f.id !== signature.id)!;
      const signed = complete(definition);
      expect(signed[signature.id]).toBeTruthy();
      const first = await save(visitId, definition, signed, 0);
      expect(first.body.values[signature.id]).toEqual(signed[signature.id]);

      // The same note saved again keeps its signature; a change clears it.
      const again = await save(visitId, definition, first.body.values, 1);
      expect(again.body.values[signature.id]).toEqual(signed[signature.id]);
      const edited = await save(
        visitId,
        definition,
        { ...again.body.values, [text.id]: 'Changed after signing.' },
        2,
      );
      expect(edited.status).toBe(200);
      expect(edited.body.values[text.id]).toBe('Changed after signing.');
      expect(edited.body.values[signature.id]).toBeUndefined();
      const [audit] = await s.sql<{ diff: Record<string, { after: unknown }> }>(
        `select diff from audit_log where entity = 'note' and entity_id = $1 order by id desc limit 1`,
        [String(edited.body.id)],
      );
      expect(audit!.diff.signatureCleared!.after).toEqual([signature.id]);
      const [stored] = await s.sql<{ values: Record<string, unknown> }>(
        'select values from notes where visit_id = $1',
        [visitId],
      );
      expect(stored!.values[signature.id]).toBeUndefined();

      // Unsigned, the submit is refused naming the signature; signed again (with a change), it stays and submits.
      const unsigned = await act(visitId, 'submit', { version: 3 }, clinician);
      expect(unsigned.status).toBe(400);
      expect(unsigned.body.errors.map((e: { field: string }) => e.field)).toContain(`values.${signature.id}`);
      const resigned = {
        ...edited.body.values,
        [text.id]: 'Changed, then signed.',
        [signature.id]: { name: 'Casey Rivera', signedAt: new Date().toISOString() },
      };
      const signedAgain = await save(visitId, definition, resigned, 3);
      expect(signedAgain.body.values[signature.id]).toMatchObject({ name: 'Casey Rivera' });
      expect((await act(visitId, 'submit', { version: 4 }, clinician)).status).toBe(200);
    });
  });

  describe('bad input and faults: a clear answer and nothing half-written', () => {
    let visitId = 0;
    let definition: NoteDefinition;
    let saved: Record<string, unknown> = {};

    beforeAll(async () => {
      visitId = await makeVisit();
      definition = await definitionOfVisit(visitId);
      const res = await save(visitId, definition, complete(definition), 0);
      expect(res.status).toBe(200);
      saved = res.body.values;
    });

    it('refuses a choice not in its option list', async () => {
      const field = fieldsOf(definition).find((f) => f.kind === 'choice' && !f.multiple);
      expect(field).toBeDefined();
      expect(optionsOfField(field as never).map((o) => o.value)).not.toContain('ZZ-not-an-option');
      const res = await save(visitId, definition, { ...saved, [field!.id]: 'ZZ-not-an-option' }, 1);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(`values.${field!.id}`);
      expect(await written(server(), visitId)).toMatchObject({ version: 1, revisions: 1 });
    });

    it('refuses a save based on an old version with 409 carrying the current note', async () => {
      const res = await save(visitId, definition, saved, 0);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('STALE_NOTE');
      expect(res.body.current).toMatchObject({ visitId, version: 1, values: saved });
      expect(await written(server(), visitId)).toMatchObject({ version: 1, revisions: 1 });
    });

    it('refuses a definition version that does not exist (400 naming definitionVersion)', async () => {
      const res = await save(visitId, { ...definition, version: 999 }, saved, 1);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'definitionVersion' })]);
      expect(await written(server(), visitId)).toMatchObject({ version: 1, revisions: 1 });
    });

    it("refuses a note for a visit that is not the caller's: another clinician's, and staff (403)", async () => {
      const others = await makeVisit({ providerId: otherProvider });
      const res = await save(others, definition, saved, 0);
      expect(res.status).toBe(403);
      expect(await written(server(), others)).toMatchObject({ version: null, revisions: 0 });
      expect((await detail(others)).status).toBe(403);
      const staff = await save(visitId, definition, saved, 1, coordinator);
      expect(staff.status).toBe(403);
      expect((await save(visitId, definition, saved, 1, orgUser)).status).toBe(403);
      expect(await written(server(), visitId)).toMatchObject({ version: 1, revisions: 1 });
    });

    it('refuses a save after submit (409) and a submit of an incomplete note (400 listing the missing fields)', async () => {
      const s = server();
      const incomplete = await makeVisit();
      const few = sampleNoteValues(
        definition,
        { date: localIsoDate(new Date()), signedAt: new Date().toISOString() },
        { only: 1 },
      );
      expect((await save(incomplete, definition, few, 0)).status).toBe(200);
      const refused = await act(incomplete, 'submit', { version: 1 }, clinician);
      expect(refused.status).toBe(400);
      expect(refused.body.errors.length).toBeGreaterThan(0);
      expect(refused.body.errors.every((e: { field: string }) => e.field.startsWith('values.'))).toBe(true);
      expect(await written(s, incomplete)).toMatchObject({ status: 'NotesDue', version: 1 });

      const submitted = await act(visitId, 'submit', { version: 1 }, clinician);
      expect(submitted.status).toBe(200);
      expect(submitted.body).toMatchObject({ status: 'NotesInReview', message: NOTE_TEXTS.submitted });
      const res = await save(visitId, definition, saved, 1);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('The note is Notes In Review and can no longer be changed.');
      expect(await written(s, visitId)).toMatchObject({ status: 'NotesInReview', version: 1, revisions: 1 });
    });
  });

  it('runs the review loop: submit, reject with a reason (outbox), fix, resubmit, approve', async () => {
    const s = server();
    const visitId = await makeVisit();
    const definition = await definitionOfVisit(visitId);
    const values = complete(definition);
    const before = await s.sql<{ rating_details: Record<string, number> }>(
      `select rating_details from providers where id = $1`,
      [ownId],
    );
    const notesBefore = before[0]!.rating_details.totalNotesCount ?? 0;
    const rejectedBefore = before[0]!.rating_details.totalNotesRejectedCount ?? 0;

    expect((await save(visitId, definition, values, 0)).status).toBe(200);
    // A reviewer cannot approve what is not submitted; a clinician cannot approve.
    expect((await act(visitId, 'approve', { version: 1 }, coordinator)).status).toBe(409);
    expect((await act(visitId, 'submit', { version: 1 }, clinician)).body.status).toBe('NotesInReview');
    expect((await act(visitId, 'approve', { version: 1 }, clinician)).status).toBe(403);
    expect((await act(visitId, 'approve', { version: 1 }, orgUser)).status).toBe(403);
    // A stale note version is refused, and leaves no notification behind.
    expect((await act(visitId, 'reject', { version: 0, reason: 'x' }, coordinator)).status).toBe(409);
    expect(
      await s.sql(`select id from user_notifications where link = $1`, [`/note?visitId=${visitId}`]),
    ).toEqual([]);

    const reason = `Please add the wound measurements (${visitId}).`;
    const rejected = await act(visitId, 'reject', { version: 1, reason }, coordinator);
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'NotesRejected', message: NOTE_TEXTS.rejected });
    const sent = await s.sql<{ channel: string; to: string; body: string }>(
      `select channel, "to", body from outbox where body like $1 order by id`,
      [`%${reason}%`],
    );
    expect(sent.map((m) => m.channel)).toContain('email');
    // The visit's date as the clinician reads dates (M/D/YYYY), not the database's.
    const [shown] = await s.sql<{ day: string }>(
      `select to_char(date_of_service, 'FMMM/FMDD/YYYY') as day from visits where id = $1`,
      [visitId],
    );
    expect(sent.find((m) => m.channel === 'email')!.body).toContain(
      `Your notes of the visit on ${shown!.day} were sent back`,
    );
    // And in the app: the clinician's own notification, written with the rejection; nobody else's list has it.
    const mine = await s.request('GET', '/api/admin/notifications', { token: clinician });
    expect(mine.status).toBe(200);
    expect(mine.body.rows[0]).toMatchObject({
      kind: 'noteRejected',
      link: `/note?visitId=${visitId}`,
      dismissedAt: null,
    });
    expect(mine.body.rows[0].body).toContain(reason);
    const theirs = await s.request('GET', '/api/admin/notifications', { token: coordinator });
    expect(theirs.body.rows.some((n: { link: string }) => n.link === `/note?visitId=${visitId}`)).toBe(false);
    const comments = await s.request('GET', `/api/notes/visits/${visitId}/note/comments`, {
      token: clinician,
    });
    expect(comments.body.rows[0].text).toBe(reason);

    const fixed = await save(visitId, definition, values, 1);
    expect(fixed.status).toBe(200);
    expect(fixed.body.version).toBe(2);
    expect((await act(visitId, 'submit', { version: 2 }, clinician)).body.status).toBe('NotesInReview');
    const approved = await act(visitId, 'approve', { version: 2 }, coordinator);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'NotesApproved', message: NOTE_TEXTS.completed });
    expect(await written(s, visitId)).toMatchObject({ status: 'NotesApproved', version: 2, revisions: 2 });
    expect((await detail(visitId, orgUser)).status).toBe(200);

    const [after] = await s.sql<{ rating_details: Record<string, number>; rating: number | null }>(
      `select rating_details, rating from providers where id = $1`,
      [ownId],
    );
    // Submitted twice, counted once; rejected once; the rating follows the rule.
    expect(after!.rating_details.totalNotesCount).toBe(notesBefore + 1);
    expect(after!.rating_details.totalNotesRejectedCount).toBe(rejectedBefore + 1);
    expect(after!.rating).toBe(ratingFromDetails(after!.rating_details).rating);
  });

  it('completes the note at submit when the service request has no notes workflow', async () => {
    const visitId = await makeVisit({ episodeId: plainEpisode });
    const definition = await definitionOfVisit(visitId);
    expect((await save(visitId, definition, complete(definition), 0)).status).toBe(200);
    const res = await act(visitId, 'submit', { version: 1 }, clinician);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'NotesApproved', message: NOTE_TEXTS.completed });
  });

  it("keeps a billed visit's notes approved: re-opening is refused (409) and changes nothing, by any path", async () => {
    const s = server();
    const visitId = await makeVisit({ episodeId: plainEpisode });
    const definition = await definitionOfVisit(visitId);
    expect((await save(visitId, definition, complete(definition), 0)).status).toBe(200);
    expect((await act(visitId, 'submit', { version: 1 }, clinician)).body.status).toBe('NotesApproved');
    const [visit] = await s.sql<{ day: string; rs: number }>(
      'select date_of_service::text as day, referral_source_id as rs from visits where id = $1',
      [visitId],
    );
    const billed = await s.request('POST', '/api/admin/createInvoice', {
      token: admin,
      body: { periodStart: visit!.day, periodEnd: visit!.day, referralSourceIds: [visit!.rs] },
    });
    expect(billed.status).toBe(200);
    expect(await count(s, 'select count(*) from invoice_lines where visit_id = $1', [visitId])).toBe(1);
    expect((await detail(visitId, coordinator)).body.canReopen).toBe(false);

    const res = await act(visitId, 'reopen', { version: 1 }, admin);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'VISIT_BILLED', error: BILLING_MESSAGES.visitBilled });
    const [after] = await s.sql<{ status: string }>('select status from visits where id = $1', [visitId]);
    expect(after!.status).toBe('NotesApproved');
    await expect(s.sql(`update visits set status = 'Deleted' where id = $1`, [visitId])).rejects.toThrow();
    await s.sql(`update visits set status = 'FinalReview' where id = $1`, [visitId]);
  });

  describe('EVV flags (decision 038)', () => {
    it('shows the reviewer the flag, refuses to approve (409) until it is acknowledged, records who and when', async () => {
      const s = server();
      const visitId = await makeVisit();
      const flagId = await flagVisit(visitId);
      const definition = await definitionOfVisit(visitId);
      expect((await save(visitId, definition, complete(definition), 0)).status).toBe(200);
      expect((await act(visitId, 'submit', { version: 1 }, clinician)).body.status).toBe('NotesInReview');

      const shown = await detail(visitId, coordinator);
      expect(shown.body.canReview).toBe(true);
      expect(shown.body.visit.evvFlags).toEqual([
        {
          id: flagId,
          kind: 'distance',
          element: 'checkOut',
          at: expect.any(String),
          distanceMiles: 6.9,
          limitMiles: 5,
          acknowledgedAt: null,
          acknowledgedByName: null,
        },
      ]);

      const refused = await act(visitId, 'approve', { version: 1 }, coordinator);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'EVV_UNACKNOWLEDGED', error: EVV_MESSAGES.unacknowledged });
      expect(await written(s, visitId)).toMatchObject({ status: 'NotesInReview' });

      // Only reviewers acknowledge, and only the flags of this visit.
      expect((await acknowledge(visitId, [flagId], clinician)).status).toBe(403);
      const strange = await acknowledge(visitId, [flagId + 100_000]);
      expect(strange.status).toBe(400);
      expect(strange.body.errors[0].field).toBe('flagIds');
      const none = await acknowledge(visitId, []);
      expect(none.status).toBe(400);
      expect(none.body.errors[0].field).toBe('flagIds');
      expect((await detail(visitId, coordinator)).body.visit.evvFlags[0]!.acknowledgedAt).toBeNull();

      const done = await acknowledge(visitId, [flagId]);
      expect(done.status).toBe(200);
      expect(done.body.message).toBe(EVV_MESSAGES.acknowledged);
      const [coordinatorUser] = await s.sql<{ id: number; name: string }>(
        `select id, first_name || ' ' || last_name as name from users where email_id = 'coordinator@carelane.local'`,
      );
      expect(done.body.evvFlags).toEqual([
        expect.objectContaining({
          id: flagId,
          acknowledgedAt: expect.any(String),
          acknowledgedByName: coordinatorUser!.name,
        }),
      ]);
      const [audit] = await s.sql<{ user_id: number; action: string }>(
        `select user_id, action from audit_log where entity = 'evvFlag' and entity_id = $1`,
        [String(flagId)],
      );
      expect(audit).toEqual({ user_id: coordinatorUser!.id, action: 'UPDATE' });
      // Acknowledged once: again changes nothing; the database refuses any other change or a delete.
      const again = await acknowledge(visitId, [flagId], admin);
      expect(again.body.evvFlags[0].acknowledgedByName).toBe(coordinatorUser!.name);
      await expect(
        s.sql(`update evv_flags set acknowledged_by = null, acknowledged_at = null where id = $1`, [flagId]),
      ).rejects.toThrow();
      await expect(s.sql(`delete from evv_flags where id = $1`, [flagId])).rejects.toThrow();
      await expect(
        s.sql(`update evv_records set latitude = 0 where visit_id = $1`, [visitId]),
      ).rejects.toThrow();

      const approved = await act(visitId, 'approve', { version: 1 }, coordinator);
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ status: 'NotesApproved', message: NOTE_TEXTS.completed });
    });

    it('sends a flagged note to review even when the service request has no notes workflow', async () => {
      const visitId = await makeVisit({ episodeId: plainEpisode });
      await flagVisit(visitId);
      const definition = await definitionOfVisit(visitId);
      expect((await save(visitId, definition, complete(definition), 0)).status).toBe(200);
      const res = await act(visitId, 'submit', { version: 1 }, clinician);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'NotesInReview', message: NOTE_TEXTS.submitted });
    });

    it('takes an acknowledgement only while the notes are in review (409)', async () => {
      const visitId = await makeVisit();
      const flagId = await flagVisit(visitId);
      const res = await acknowledge(visitId, [flagId]);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(EVV_MESSAGES.notInReview('Notes Due'));
      expect((await detail(visitId, coordinator)).body.visit.evvFlags[0]!.acknowledgedAt).toBeNull();
    });

    it('seeds a note in review whose check-out was far from the patient, its flag waiting for the reviewer', async () => {
      const [row] = await server().sql<{ id: number }>(
        `select v.id from visits v join episodes e on e.id = v.episode_id
          where e.title = $1 and v.status = 'NotesInReview' and v.visit_type_id = 304 and v.created_by is not null`,
        [NOTES_DEMO_EPISODE],
      );
      const res = await detail(row!.id, coordinator);
      expect(res.body.visit.evvFlags).toEqual([
        expect.objectContaining({ element: 'checkOut', limitMiles: 5, acknowledgedAt: null }),
      ]);
      expect(res.body.visit.evvFlags[0]!.distanceMiles).toBeGreaterThan(5);
    });
  });

  it('re-opens an approved note for the clinician (reviewers only), counted for the rating', async () => {
    const s = server();
    const visitId = await makeVisit({ episodeId: plainEpisode });
    const definition = await definitionOfVisit(visitId);
    expect((await save(visitId, definition, complete(definition), 0)).status).toBe(200);
    expect((await act(visitId, 'submit', { version: 1 }, clinician)).body.status).toBe('NotesApproved');
    expect((await detail(visitId, coordinator)).body.canReopen).toBe(true);
    expect((await act(visitId, 'reopen', { version: 1 }, clinician)).status).toBe(403);
    const [before] = await s.sql<{ n: number | null }>(
      `select (rating_details ->> 'totalNotesReopenCount')::int as n from providers where id = $1`,
      [ownId],
    );
    const res = await act(visitId, 'reopen', { version: 1 }, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'NotesDue', message: NOTE_TEXTS.reopened });
    const [after] = await s.sql<{ n: number }>(
      `select (rating_details ->> 'totalNotesReopenCount')::int as n from providers where id = $1`,
      [ownId],
    );
    expect(after!.n).toBe((before!.n ?? 0) + 1);
    // The clinician may edit again.
    expect((await detail(visitId)).body.canEdit).toBe(true);
    expect((await save(visitId, definition, complete(definition), 1)).status).toBe(200);
  });

  it('keeps every save as an append-only revision, readable by version', async () => {
    const s = server();
    const visitId = await makeVisit();
    const definition = await definitionOfVisit(visitId);
    const values = complete(definition);
    const few = sampleNoteValues(
      definition,
      { date: localIsoDate(new Date()), signedAt: new Date().toISOString() },
      { only: 2 },
    );
    expect((await save(visitId, definition, few, 0)).status).toBe(200);
    expect((await save(visitId, definition, values, 1)).status).toBe(200);
    const list = await s.request('GET', `/api/notes/visits/${visitId}/note/revisions`, { token: clinician });
    expect(list.status).toBe(200);
    expect(list.body.rows.map((r: { version: number }) => r.version)).toEqual([2, 1]);
    const first = await s.request('GET', `/api/notes/visits/${visitId}/note/revisions/1`, {
      token: coordinator,
    });
    expect(first.status).toBe(200);
    expect(first.body.values).toEqual(few);
    expect(first.body.savedByName).toBe('Casey Rivera');
    expect(
      (await s.request('GET', `/api/notes/visits/${visitId}/note/revisions/9`, { token: clinician })).status,
    ).toBe(404);
    await expect(
      s.sql(
        `update note_revisions set device_id = 'changed' where note_id = (select id from notes where visit_id = $1)`,
        [visitId],
      ),
    ).rejects.toThrow();
    await expect(
      s.sql(`delete from note_revisions where note_id = (select id from notes where visit_id = $1)`, [
        visitId,
      ]),
    ).rejects.toThrow();
    expect(
      await count(
        s,
        `select count(*) from note_revisions r join notes n on n.id = r.note_id where n.visit_id = $1`,
        [visitId],
      ),
    ).toBe(2);
  });

  it('takes comments from reviewers only, paged by 5, read by the clinician', async () => {
    const s = server();
    const visitId = await makeVisit();
    for (let i = 1; i <= 6; i++) {
      const res = await s.request('POST', `/api/notes/visits/${visitId}/note/comments`, {
        token: coordinator,
        body: { fieldId: i === 1 ? 'someField' : null, text: `Comment ${i}` },
      });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe(NOTE_TEXTS.commentAdded);
    }
    const refused = await s.request('POST', `/api/notes/visits/${visitId}/note/comments`, {
      token: clinician,
      body: { text: 'mine' },
    });
    expect(refused.status).toBe(403);
    const page = await s.request('GET', `/api/notes/visits/${visitId}/note/comments`, { token: clinician });
    expect(page.status).toBe(200);
    expect(page.body.rows).toHaveLength(5);
    expect(page.body.rows[0].text).toBe('Comment 6');
    expect(page.body.paging).toMatchObject({ totalCount: 6, pageSize: 5, pageCount: 2 });
    const second = await s.request('GET', `/api/notes/visits/${visitId}/note/comments?pageNumber=2`, {
      token: coordinator,
    });
    expect(second.body.rows).toEqual([expect.objectContaining({ text: 'Comment 1', fieldId: 'someField' })]);
  });

  it('seeds complete notes for review and approval (one in start-of-care version 1) and a note-less SOC visit', async () => {
    const s = server();
    const seeded = await s.sql<{
      status: string;
      note_type: string;
      definition_version: number;
      values: object;
    }>(
      `select v.status, n.note_type, n.definition_version, n.values from visits v
         join episodes e on e.id = v.episode_id join notes n on n.visit_id = v.id
        where e.title = $1 and v.status in ('NotesInReview', 'NotesApproved', 'NotesRejected')
          and v.created_by is not null`,
      [NOTES_DEMO_EPISODE],
    );
    // (The visits the tests above made have no creator.)
    expect(seeded.length).toBe(6);
    for (const note of seeded) {
      const definition = definitionOf(note.note_type as NoteTypeCode, note.definition_version)!;
      expect(validateNoteValues(definition, note.values as Record<string, unknown>, 'submit')).toEqual([]);
    }
    expect(seeded.some((n) => n.note_type === 'SOC' && n.definition_version === 1)).toBe(true);
    const [staffed] = await s.sql<{ n: number }>(
      `select count(*)::int as n from visits v join episodes e on e.id = v.episode_id
        where e.title = $1 and v.status = 'Staffed' and v.visit_type_id = 100 and v.provider_id = $2`,
      [NOTES_DEMO_EPISODE, ownId],
    );
    expect(staffed!.n).toBe(1);
  });

  it('the seeded in-review start of care can be approved', async () => {
    const s = server();
    const [row] = await s.sql<{ id: number; version: number }>(
      `select v.id, n.version from visits v join episodes e on e.id = v.episode_id join notes n on n.visit_id = v.id
        where e.title = $1 and v.status = 'NotesInReview' and v.visit_type_id = 100 limit 1`,
      [NOTES_DEMO_EPISODE],
    );
    const res = await detail(row!.id, coordinator);
    expect(res.body.canReview).toBe(true);
    expect(res.body.note!.submittedAt).not.toBeNull();
    const approved = await act(row!.id, 'approve', { version: row!.version }, coordinator);
    expect(approved.status).toBe(200);
  });
});
