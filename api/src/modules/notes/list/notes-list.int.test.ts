// The notes list and print-all through the API on both databases: each role's scope (a clinician's own visits,
// an organization's approved notes, reviewers everything), the filters and the SPEC §9 default range, the late
// ones first, the notes-overdue job (one statement, rating counter, idempotent), print-all with its limit (400
// naming endDate, nothing read), note types and definitions by version, ICD-10 search and the goal phrases.
import {
  NOTE_LIST_STATUSES,
  NOTES_LIST_DEFAULT_DAYS_BACK,
  PRINT_ALL_MAX_NOTES,
  ratingFromDetails,
  type NoteList,
} from '@carelane/shared-domain';
import { NOTES_DEMO_EPISODE } from '../../../db/seed-notes';
import { localIsoDate } from '../../../lib/local-date';
import { DEMO_USERS, describeEachDatabase, eventually } from '../../../test/harness';
import { count } from '../../../test/identity-helpers';
import { signInNotesUsers } from '../test-users';
import { runNotesOverdueJob } from '../overdue/job';

const APPROVED = ['NotesApproved', 'ApprovalDue', 'FinalReview', 'FinalConfirmed'];

describeEachDatabase('visit notes: lists, print, job and reference data', (server) => {
  let clinician = '';
  let coordinator = '';
  let admin = '';
  let orgUser = '';
  let ownId = 0;
  let orgUserOrg = 0;
  let notesEpisode = 0;

  beforeAll(async () => {
    const s = server();
    ({ clinician, coordinator, admin, orgUser, ownId } = await signInNotesUsers(s));
    const [org] = await s.sql<{ referral_source_id: number }>(
      `select referral_source_id from users where email_id = $1`,
      [DEMO_USERS.orgUser],
    );
    orgUserOrg = org!.referral_source_id;
    const [episode] = await s.sql<{ id: number }>(`select id from episodes where title = $1`, [
      NOTES_DEMO_EPISODE,
    ]);
    notesEpisode = episode!.id;
  });

  const list = (query: string, token: string) =>
    server().request<NoteList>('GET', `/api/notes/notes${query}`, { token });

  it('lists for a clinician only their own visits in the notes statuses, from 60 days ago to today', async () => {
    const res = await list('?pageSize=100', clinician);
    expect(res.status).toBe(200);
    expect(res.body.rows.length).toBeGreaterThan(0);
    const start = localIsoDate(new Date(Date.now() - NOTES_LIST_DEFAULT_DAYS_BACK * 86_400_000));
    const today = localIsoDate(new Date());
    for (const row of res.body.rows) {
      expect(row.providerId).toBe(ownId);
      expect(NOTE_LIST_STATUSES).toContain(row.status);
      expect(row.dateOfService >= start && row.dateOfService <= today).toBe(true);
    }
    const expected = await count(
      server(),
      `select count(*) from visits where provider_id = $1 and status = any(string_to_array($2, ','))
        and date_of_service between $3 and $4`,
      [ownId, NOTE_LIST_STATUSES.join(','), start, today],
    );
    expect(res.body.paging.totalCount).toBe(expected);
    // A visit with no note yet shows the type its note will have: the seeded start of care to write.
    const toWrite = res.body.rows.find((r) => r.status === 'NotesDue' && r.noteType === 'SOC');
    expect(toWrite).toMatchObject({
      noteId: null,
      noteTypeName: expect.any(String),
      episodeId: notesEpisode,
    });
    const soc = res.body.rows.find((r) => r.status === 'NotesInReview' && r.noteType === 'SOC');
    expect(soc).toMatchObject({ noteTypeName: expect.any(String), submittedAt: expect.any(String) });
  });

  it('shows a note changed behind its back by SQL, though the page was kept: on PGlite at once, on PostgreSQL within a moment', async () => {
    const query = '?status=NotesInReview&pageSize=100';
    const first = await list(query, coordinator);
    const row = first.body.rows.find((r) => r.noteId !== null && r.submittedAt !== null)!;
    const submittedAt = async () =>
      (await list(query, coordinator)).body.rows.find((r) => r.noteId === row.noteId)?.submittedAt;
    expect(await submittedAt()).toBe(row.submittedAt);
    const changed = '2020-01-02T03:04:05.000Z';
    await server().sql(`update notes set submitted_at = $1 where id = $2`, [changed, row.noteId]);
    try {
      if (server().kind === 'pglite') expect(await submittedAt()).toBe(changed);
      else await eventually(async () => (await submittedAt()) === changed, 2000);
    } finally {
      await server().sql(`update notes set submitted_at = $1 where id = $2`, [row.submittedAt, row.noteId]);
    }
  });

  it("gives reviewers everyone's, with the queue filter and the other filters", async () => {
    const queue = await list('?status=NotesInReview&pageSize=100', coordinator);
    expect(queue.status).toBe(200);
    expect(queue.body.rows.length).toBeGreaterThan(0);
    expect(queue.body.rows.every((r) => r.status === 'NotesInReview')).toBe(true);
    expect(new Set(queue.body.rows.map((r) => r.providerId)).size).toBeGreaterThan(1);
    const byEpisode = await list(`?episodeId=${notesEpisode}&pageSize=100`, admin);
    expect(byEpisode.body.rows.length).toBeGreaterThan(0);
    expect(byEpisode.body.rows.every((r) => r.episodeId === notesEpisode)).toBe(true);
    const byClinician = await list(`?providerId=${ownId}&status=NotesApproved`, coordinator);
    expect(byClinician.body.rows.every((r) => r.providerId === ownId && r.status === 'NotesApproved')).toBe(
      true,
    );
    const reversed = await server().request(
      'GET',
      '/api/notes/notes?startDate=2026-02-01&endDate=2026-01-01',
      {
        token: coordinator,
      },
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors[0].field).toBe('endDate');
  });

  it("gives an organization user only its own organization's approved notes", async () => {
    const res = await list('?pageSize=100&startDate=2000-01-01', orgUser);
    expect(res.status).toBe(200);
    expect(res.body.rows.length).toBeGreaterThan(0);
    for (const row of res.body.rows) {
      expect(row.referralSourceId).toBe(orgUserOrg);
      expect(APPROVED).toContain(row.status);
    }
    const due = await list('?status=NotesDue', orgUser);
    expect(due.body.rows).toEqual([]);
  });

  it('moves notes past their due time to Notes Overdue in one run, counts them for the rating, and lists them first', async () => {
    const s = server();
    const [visit] = await s.sql<{ id: number; version: number }>(
      `select v.id, v.version from visits v where v.episode_id = $1 and v.status = 'NotesDue' order by v.id limit 1`,
      [notesEpisode],
    );
    await s.sql(`update visits set time_out = now() - interval '240 hours' where id = $1`, [visit!.id]);
    const [before] = await s.sql<{ n: number | null }>(
      `select (rating_details ->> 'totalNotesOverDueCount')::int as n from providers where id = $1`,
      [ownId],
    );
    const pastDue = await count(
      s,
      `select count(*) from visits where provider_id = $1 and status = 'NotesDue'
        and coalesce(time_out, end_at) + interval '48 hours' < now()`,
      [ownId],
    );
    expect(pastDue).toBeGreaterThanOrEqual(1);
    const due = await list('?status=NotesDue&pageSize=100', clinician);
    const late = due.body.rows.find((r) => r.visitId === visit!.id)!;
    expect(late.minutesLate).toBeGreaterThan(48 * 60);
    expect(due.body.rows[0]!.visitId).toBe(visit!.id);

    const run = await runNotesOverdueJob(s.services.db);
    expect(run.skipped).toBe(false);
    expect(run.moved).toBeGreaterThanOrEqual(1);
    const [after] = await s.sql<{ status: string; version: number }>(
      `select status, version from visits where id = $1`,
      [visit!.id],
    );
    expect(after).toEqual({ status: 'NotesOverdue', version: visit!.version + 1 });
    const [provider] = await s.sql<{ rating_details: Record<string, number>; rating: number | null }>(
      `select rating_details, rating from providers where id = $1`,
      [ownId],
    );
    expect(provider!.rating_details.totalNotesOverDueCount).toBe((before!.n ?? 0) + pastDue);
    expect(provider!.rating).toBe(ratingFromDetails(provider!.rating_details).rating);
    expect(
      await count(
        s,
        `select count(*) from audit_log where entity = 'visit' and entity_id = $1 and action = 'UPDATE'`,
        [String(visit!.id)],
      ),
    ).toBe(1);
    // Nothing is due any more: a second run changes nothing.
    expect((await runNotesOverdueJob(s.services.db)).moved).toBe(0);
    const overdue = await list('?status=NotesOverdue&pageSize=100', coordinator);
    const rows = overdue.body.rows;
    expect(rows.find((r) => r.visitId === visit!.id)!.minutesLate).toBeGreaterThan(0);
    const lates = rows.map((r) => r.minutesLate ?? -1);
    expect([...lates].sort((a, b) => b - a)).toEqual(lates);
  });

  it('orders the late ones first (most late first), then the rest by date, across page boundaries', async () => {
    const s = server();
    const [model] = await s.sql<{ id: number }>(
      `select id from visits where episode_id = $1 order by id limit 1`,
      [notesEpisode],
    );
    // Alone in 2001: three late (due 48 hours after time_out), four not (due later, or submitted).
    const made = await s.sql<{ id: number }>(
      `insert into visits (episode_id, referral_source_id, patient_id, episode_type, visit_type_id, provider_type_id,
         date_of_service, start_at, end_at, status, provider_id, time_in, time_out)
       select v.episode_id, v.referral_source_id, v.patient_id, v.episode_type, v.visit_type_id, v.provider_type_id,
         x.dos::date, v.start_at, v.end_at, x.status, v.provider_id, v.time_in, now() + x.due_in::interval
       from visits v, (values
         ('A', '2001-03-01', 'NotesOverdue', '-500 hours'),
         ('B', '2001-03-05', 'NotesDue', '-100 hours'),
         ('C', '2001-03-03', 'NotesOverdue', '-60 hours'),
         ('D', '2001-03-10', 'NotesDue', '10 hours'),
         ('E', '2001-03-08', 'NotesApproved', '-900 hours'),
         ('F', '2001-03-02', 'NotesInReview', '-30 hours'),
         ('G', '2001-03-08', 'NotesApproved', '-5 hours')) as x(tag, dos, status, due_in)
       where v.id = $1
       order by x.tag
       returning id`,
      [model!.id],
    );
    expect(made).toHaveLength(7);
    // Inserted in tag order: A … G get increasing ids.
    const ids = made.map((r) => r.id).sort((a, b) => a - b);
    const id = Object.fromEntries(['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((tag, i) => [tag, ids[i]!]));
    const expected = ['A', 'B', 'C', 'D', 'G', 'E', 'F'].map((tag) => id[tag]);
    const range = '&startDate=2001-01-01&endDate=2001-12-31';
    for (const pageSize of [2, 3, 4]) {
      const seen: NoteList['rows'] = [];
      for (let pageNumber = 1; pageNumber <= Math.ceil(7 / pageSize); pageNumber++) {
        const res = await list(`?pageSize=${pageSize}&pageNumber=${pageNumber}${range}`, coordinator);
        expect(res.status).toBe(200);
        expect(res.body.paging.totalCount).toBe(7);
        seen.push(...res.body.rows);
      }
      expect(seen.map((r) => r.visitId)).toEqual(expected);
      expect(seen.slice(0, 3).every((r) => r.minutesLate !== null && r.minutesLate > 0)).toBe(true);
      expect(seen.slice(3).every((r) => r.minutesLate === null)).toBe(true);
    }
    // A page past the end is empty; only the late statuses: just the late ones and the one not yet due.
    const past = await list(`?pageSize=5&pageNumber=3${range}`, coordinator);
    expect(past.body.rows).toEqual([]);
    const due = await list(`?status=NotesDue&pageSize=10${range}`, coordinator);
    expect(due.body.rows.map((r) => r.visitId)).toEqual([id.B, id.D]);
  });

  it("prints an episode's approved notes with their definitions, oldest first, and records the read", async () => {
    const s = server();
    const res = await s.request(
      'GET',
      `/api/notes/notesListForPrint?episodeId=${notesEpisode}&startDate=2000-01-01&endDate=${localIsoDate(new Date())}`,
      { token: orgUser },
    );
    expect(res.status).toBe(200);
    expect(res.body.rows.length).toBeGreaterThanOrEqual(3);
    const dates = res.body.rows.map((r: { visit: { dateOfService: string } }) => r.visit.dateOfService);
    expect([...dates].sort()).toEqual(dates);
    for (const row of res.body.rows) {
      expect(APPROVED).toContain(row.visit.status);
      expect(row.definition.version).toBe(row.note.definitionVersion);
      expect(row.signedBy).toMatch(/Casey Rivera/);
    }
    // Another organization's user gets nothing of it.
    const lakeside = await s.login('lakeside.user@carelane.local');
    const other = await s.request(
      'GET',
      `/api/notes/notesListForPrint?episodeId=${notesEpisode}&startDate=2000-01-01&endDate=${localIsoDate(new Date())}`,
      { token: lakeside },
    );
    expect(other.status).toBe(200);
    expect(other.body.rows).toEqual([]);
    await s.services.accessLog.flush();
    expect(
      await count(
        s,
        `select count(*) from audit_log where action = 'READ' and entity = 'notesPrint' and outcome = 'ALLOWED'`,
      ),
    ).toBeGreaterThanOrEqual(1);
    const missing = await s.request(
      'GET',
      `/api/notes/notesListForPrint?startDate=2026-01-01&endDate=2026-01-31`,
      {
        token: coordinator,
      },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('episodeId');
  });

  it(`refuses to print more than ${PRINT_ALL_MAX_NOTES} notes (400 naming endDate)`, async () => {
    const s = server();
    const [model] = await s.sql<{ id: number }>(
      `select v.id from visits v join notes n on n.visit_id = v.id where v.episode_id = $1 and v.status = 'NotesApproved'
        order by v.id limit 1`,
      [notesEpisode],
    );
    await s.sql(
      `with copies as (
         insert into visits (episode_id, referral_source_id, patient_id, episode_type, visit_type_id, provider_type_id,
           date_of_service, start_at, end_at, status, provider_id, time_in, time_out)
         select v.episode_id, v.referral_source_id, v.patient_id, v.episode_type, v.visit_type_id, v.provider_type_id,
           v.date_of_service - 200, v.start_at, v.end_at, 'NotesApproved', v.provider_id, v.time_in, v.time_out
         from visits v, generate_series(1, $1) g where v.id = $2
         returning id)
       insert into notes (visit_id, note_type, definition_version, values, version, saved_by)
       select c.id, n.note_type, n.definition_version, n.values, n.version, n.saved_by
       from copies c, notes n where n.visit_id = $3`,
      [PRINT_ALL_MAX_NOTES + 1, model!.id, model!.id],
    );
    const res = await s.request(
      'GET',
      `/api/notes/notesListForPrint?episodeId=${notesEpisode}&startDate=2000-01-01&endDate=${localIsoDate(new Date())}`,
      { token: coordinator },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'endDate' })]);
    expect(res.body.error).toMatch(new RegExp(`at most ${PRINT_ALL_MAX_NOTES}`));
  });

  it('answers the note types with their versions, and a definition by version (404 naming version)', async () => {
    const s = server();
    const types = await s.request('GET', '/api/notes/noteTypes', { token: clinician });
    expect(types.status).toBe(200);
    const soc = types.body.rows.find((r: { code: string }) => r.code === 'SOC');
    expect(soc.versions).toContain(soc.currentVersion);
    const definition = await s.request('GET', `/api/notes/noteTypes/SOC/definitions/${soc.currentVersion}`, {
      token: orgUser,
    });
    expect(definition.status).toBe(200);
    expect(definition.body).toMatchObject({ noteType: 'SOC', version: soc.currentVersion });
    const none = await s.request('GET', '/api/notes/noteTypes/SOC/definitions/999', { token: clinician });
    expect(none.status).toBe(404);
    expect(none.body.errors[0].field).toBe('version');
  });

  it('finds ICD-10 codes by code prefix (the dot optional) and by words', async () => {
    const s = server();
    const get = (q: string) =>
      s.request('GET', `/api/notes/icdCodes?q=${encodeURIComponent(q)}`, { token: clinician });
    expect((await get('E11.9')).body.rows[0]).toEqual({
      code: 'E11.9',
      description: 'Type 2 diabetes mellitus without complications',
    });
    expect((await get('e119')).body.rows[0].code).toBe('E11.9');
    const words = await get('sacral pressure');
    expect(words.body.rows.length).toBeGreaterThanOrEqual(3);
    for (const row of words.body.rows) expect(row.description.toLowerCase()).toMatch(/sacral.*|pressure/);
    expect(
      words.body.rows.every(
        (r: { description: string }) => /sacral/i.test(r.description) && /pressure/i.test(r.description),
      ),
    ).toBe(true);
    expect((await get('heart failure')).body.rows.length).toBeGreaterThanOrEqual(4);
    expect((await get('zzzz nothing')).body.rows).toEqual([]);
    expect((await get('100%_')).status).toBe(200);
  });

  it('lets everyone read the goal phrases and only administrators change them (with a version check)', async () => {
    const s = server();
    const read = await s.request('GET', '/api/notes/templates', { token: clinician });
    expect(read.status).toBe(200);
    expect(read.body.rows.length).toBeGreaterThan(10);
    const input = {
      category: read.body.rows[0].category,
      person: 'Patient',
      action: 'will demonstrate',
      phrase: 'safe transfers from {surface}',
      phraseDe: 'sichere Transfers von {surface}',
    };
    expect(
      (await s.request('POST', '/api/notes/templates', { token: coordinator, body: input })).status,
    ).toBe(403);
    const created = await s.request('POST', '/api/notes/templates', { token: admin, body: input });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...input, version: 0 });
    const changed = await s.request('PUT', `/api/notes/templates/${created.body.id}`, {
      token: admin,
      body: { ...input, phrase: 'safe transfers from {surface} to {target}', version: 0 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.version).toBe(1);
    const stale = await s.request('PUT', `/api/notes/templates/${created.body.id}`, {
      token: admin,
      body: { ...input, version: 0 },
    });
    expect(stale.status).toBe(409);
    expect(
      await count(s, `select count(*) from audit_log where entity = 'goalTemplate' and entity_id = $1`, [
        String(created.body.id),
      ]),
    ).toBe(2);
  });
});
