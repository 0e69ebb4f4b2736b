import { AccessLog } from '../../../services/access-log';
import { describeEachDatabase, type TestServer } from '../../../test/harness';
import { orgDay } from '../../../test/org-days';

const day = orgDay;
const NAME = 'Zzaccesstest';

interface Entry {
  id: number;
  user_email: string | null;
  entity: string;
  entity_id: string | null;
  action: string;
  patient_ids: number[] | null;
  outcome: string | null;
  ip: string | null;
}

/** The READ entries `email` made from `after` on, once the buffered ones are written. */
async function readsBy(s: TestServer, email: string, after: number): Promise<Entry[]> {
  await s.services.accessLog.flush();
  return s.sql<Entry>(
    `select id::int, user_email, entity, entity_id, action, patient_ids, outcome, ip from audit_log
     where action = 'READ' and user_email = $1 and id > $2 order by id`,
    [email, after],
  );
}

async function lastAuditId(s: TestServer): Promise<number> {
  await s.services.accessLog.flush();
  const [row] = await s.sql<{ id: number }>('select coalesce(max(id), 0)::int as id from audit_log');
  return row!.id;
}

describeEachDatabase('reads of patient data in the audit log', (server) => {
  const tokens: Record<string, string> = {};
  const ADMIN = 'admin@carelane.local';
  const ORG_USER = 'orguser@carelane.local';
  const OTHER_ORG = 'lakeside.user@carelane.local';
  const CLINICIAN = 'clinician@carelane.local';
  let patientIds: number[] = [];
  let patientId = 0;
  let episodeId = 0;
  let fileId = 0;

  /** The entries one request by `email` makes. */
  async function entriesOf(email: string, method: string, path: string) {
    const before = await lastAuditId(server());
    const res = await server().request(method, path, { token: tokens[email] });
    return { res, entries: await readsBy(server(), email, before) };
  }

  beforeAll(async () => {
    for (const email of [ADMIN, ORG_USER, OTHER_ORG, CLINICIAN, 'director@carelane.local'])
      tokens[email] = await server().login(email);
    for (let i = 0; i < 10; i++) {
      const res = await server().request('POST', '/api/admin/patients', {
        token: tokens[ORG_USER],
        body: { firstName: `Pat${i}`, lastName: NAME, birthday: '1950-02-03' },
      });
      expect(res.status).toBe(201);
      patientIds.push(res.body.id);
    }
    patientIds = patientIds.sort((a, b) => a - b);
    patientId = patientIds[0]!;
    const episode = await server().request('POST', '/api/admin/episodes', {
      token: tokens[ORG_USER],
      body: { episodeType: 'Visit', title: `${NAME} care`, startDate: day(2), patientId },
    });
    expect(episode.status).toBe(201);
    episodeId = episode.body.id;
    const visit = await server().request('POST', `/api/admin/episodes/${episodeId}/visits`, {
      token: tokens[ORG_USER],
      body: { visitTypeId: 304, providerTypeId: 1, dateOfService: day(3), startTime: '10:00' },
    });
    expect(visit.status).toBe(201);
    const upload = await fetch(
      `${server().url}/api/fileserver/episodes/${episodeId}/files?fileName=plan.txt`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[ORG_USER]}`, 'content-type': 'application/octet-stream' },
        body: Buffer.from('plan of care'),
      },
    );
    expect(upload.status).toBe(201);
    fileId = ((await upload.json()) as { id: number }).id;
  });

  it('a patient’s page: one entry naming the patient, the reader, the client address, allowed', async () => {
    const { res, entries } = await entriesOf(ADMIN, 'GET', `/api/admin/patients/${patientId}`);
    expect(res.status).toBe(200);
    expect(entries).toEqual([
      expect.objectContaining({
        entity: 'patientDetail',
        entity_id: String(patientId),
        patient_ids: [patientId],
        outcome: 'ALLOWED',
        ip: expect.stringMatching(/127\.0\.0\.1/),
      }),
    ]);
  });

  it('another organization’s patient: refused (404) and recorded as refused, naming the patient', async () => {
    const { res, entries } = await entriesOf(OTHER_ORG, 'GET', `/api/admin/patients/${patientId}`);
    expect(res.status).toBe(404);
    expect(entries).toEqual([
      expect.objectContaining({ entity: 'patientDetail', patient_ids: [patientId], outcome: 'REFUSED' }),
    ]);
  });

  it('a role without the patient pages: refused (403) and recorded as refused', async () => {
    const { res, entries } = await entriesOf(CLINICIAN, 'GET', `/api/admin/patients/${patientId}`);
    expect(res.status).toBe(403);
    expect(entries).toEqual([
      expect.objectContaining({ entity: 'patientDetail', patient_ids: [patientId], outcome: 'REFUSED' }),
    ]);
  });

  it('a list of 10 patients makes one entry naming the 10', async () => {
    const { res, entries } = await entriesOf(
      ADMIN,
      'GET',
      `/api/admin/patients?search=${NAME}&pageSize=10&createdFrom=${day(-1)}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.rows).toHaveLength(10);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: 'patientList', entity_id: null, outcome: 'ALLOWED' });
    expect([...entries[0]!.patient_ids!].sort((a, b) => a - b)).toEqual(patientIds);
  });

  it('an empty list page is recorded naming nobody', async () => {
    const { entries } = await entriesOf(ADMIN, 'GET', `/api/admin/patients?search=Nobodyatall${NAME}`);
    expect(entries).toEqual([expect.objectContaining({ entity: 'patientList', patient_ids: [] })]);
  });

  it.each([
    ['serviceRequestDetail', () => `/api/admin/episodes/${episodeId}`, () => String(episodeId)],
    ['visitList', () => `/api/admin/episodes/${episodeId}/visits`, () => String(episodeId)],
    ['fileList', () => `/api/fileserver/episodes/${episodeId}/files`, () => String(episodeId)],
    ['fileDownload', () => `/api/fileserver/episodes/${episodeId}/files/${fileId}`, () => String(fileId)],
  ])(
    '%s: one entry naming the patient; another organization’s attempt and a role without the page are refused',
    async (kind, path, id) => {
      const allowed = await entriesOf(ORG_USER, 'GET', path());
      expect(allowed.res.status).toBe(200);
      expect(allowed.entries).toEqual([
        expect.objectContaining({
          entity: kind,
          entity_id: id(),
          patient_ids: [patientId],
          outcome: 'ALLOWED',
        }),
      ]);
      const refused = await entriesOf(OTHER_ORG, 'GET', path());
      expect(refused.res.status).toBe(404);
      expect(refused.entries).toEqual([
        expect.objectContaining({ entity: kind, patient_ids: [patientId], outcome: 'REFUSED' }),
      ]);
      // Refused for lack of the page, before any service ran: still recorded, naming the patient.
      const noPage = await entriesOf(CLINICIAN, 'GET', path());
      expect(noPage.res.status).toBe(403);
      expect(noPage.entries).toEqual([
        expect.objectContaining({
          entity: kind,
          entity_id: id(),
          patient_ids: [patientId],
          outcome: 'REFUSED',
        }),
      ]);
    },
  );

  it('the service request and visit lists name the patients shown', async () => {
    const requests = await entriesOf(ORG_USER, 'GET', `/api/admin/episodes?patientId=${patientId}`);
    expect(requests.res.body.rows.map((r: { id: number }) => r.id)).toEqual([episodeId]);
    expect(requests.entries).toEqual([
      expect.objectContaining({ entity: 'serviceRequestList', patient_ids: [patientId] }),
    ]);
    const visits = await entriesOf(
      ADMIN,
      'GET',
      `/api/operation/visits?patientId=${patientId}&from=${day(0)}&to=${day(7)}&status=ALL`,
    );
    expect(visits.res.body.rows).toHaveLength(1);
    expect(visits.entries).toEqual([
      expect.objectContaining({ entity: 'visitList', patient_ids: [patientId] }),
    ]);
  });

  it('a physician’s service requests name their patients', async () => {
    const [physician] = await server().sql<{ id: number }>(
      `insert into physicians (first_name, last_name) values ('Ada', $1) returning id`,
      [NAME],
    );
    await server().sql('update episodes set physician_id = $1 where id = $2', [physician!.id, episodeId]);
    const { entries } = await entriesOf(ADMIN, 'GET', `/api/admin/physicians/${physician!.id}/episodes`);
    expect(entries).toEqual([
      expect.objectContaining({
        entity: 'physicianServiceRequests',
        entity_id: String(physician!.id),
        patient_ids: [patientId],
      }),
    ]);
  });

  it('a switched-in session records the administrator who switched', async () => {
    const [orgUserRow] = await server().sql<{ id: number }>('select id from users where email_id = $1', [
      ORG_USER,
    ]);
    const switched = await server().request('POST', '/api/security/switchUser', {
      token: tokens[ADMIN],
      body: { userId: orgUserRow!.id },
    });
    expect(switched.status).toBe(200);
    const before = await lastAuditId(server());
    await server().request('GET', `/api/admin/patients/${patientId}`, { token: switched.body.token });
    await server().services.accessLog.flush();
    const [entry] = await server().sql<{ impersonator_id: number; user_email: string }>(
      `select impersonator_id, user_email from audit_log where action = 'READ' and id > $1`,
      [before],
    );
    const [adminRow] = await server().sql<{ id: number }>('select id from users where email_id = $1', [
      ADMIN,
    ]);
    expect(entry).toEqual({ impersonator_id: adminRow!.id, user_email: ORG_USER });
    tokens[ADMIN] = await server().login(ADMIN); // switching ended the administrator's own session
  });

  it('bad input reads nothing and records nothing', async () => {
    const { res, entries } = await entriesOf(ADMIN, 'GET', '/api/admin/patients/abc');
    expect(res.status).toBe(400);
    expect(entries).toEqual([]);
  });

  describe('who has seen this patient', () => {
    it('lists the reads of the patient, newest first, with the reader and the outcome', async () => {
      const res = await server().request('GET', `/api/admin/patients/${patientId}/access?pageSize=100`, {
        token: tokens[ADMIN],
      });
      expect(res.status).toBe(200);
      const kinds = res.body.rows.map((r: { kind: string }) => r.kind);
      expect(kinds).toEqual(expect.arrayContaining(['patientDetail', 'patientList', 'fileDownload']));
      const ats = res.body.rows.map((r: { at: string }) => r.at);
      expect([...ats].sort().reverse()).toEqual(ats);
      const refused = res.body.rows.find(
        (r: { userEmail: string; kind: string }) => r.userEmail === OTHER_ORG && r.kind === 'patientDetail',
      );
      expect(refused).toMatchObject({ outcome: 'REFUSED', patientCount: 1 });
      const list = res.body.rows.find((r: { kind: string }) => r.kind === 'patientList');
      expect(list).toMatchObject({ userEmail: ADMIN, userName: expect.any(String), patientCount: 10 });
      expect(res.body.paging).toMatchObject({ pageNumber: 1, totalCount: res.body.rows.length });
    });

    it('filters by user and by dates, and pages', async () => {
      const [other] = await server().sql<{ id: number }>('select id from users where email_id = $1', [
        OTHER_ORG,
      ]);
      const byUser = await server().request(
        'GET',
        `/api/admin/patients/${patientId}/access?userId=${other!.id}`,
        {
          token: tokens[ADMIN],
        },
      );
      expect(byUser.body.rows.length).toBeGreaterThan(0);
      expect(byUser.body.rows.every((r: { userEmail: string }) => r.userEmail === OTHER_ORG)).toBe(true);
      const past = await server().request(
        'GET',
        `/api/admin/patients/${patientId}/access?startDate=${day(-20)}&endDate=${day(-10)}`,
        { token: tokens[ADMIN] },
      );
      expect(past.body.rows).toEqual([]);
      const paged = await server().request(
        'GET',
        `/api/admin/patients/${patientId}/access?pageSize=2&pageNumber=2`,
        {
          token: tokens[ADMIN],
        },
      );
      expect(paged.body.rows).toHaveLength(2);
      expect(paged.body.paging).toMatchObject({ pageNumber: 2, pageSize: 2 });
      const backwards = await server().request(
        'GET',
        `/api/admin/patients/${patientId}/access?startDate=${day(0)}&endDate=${day(-1)}`,
        { token: tokens[ADMIN] },
      );
      expect(backwards.status).toBe(400);
      expect(backwards.body.errors[0].field).toBe('endDate');
    });

    it('exports CSV, and the export is itself recorded', async () => {
      const before = await lastAuditId(server());
      const res = await fetch(`${server().url}/api/admin/patients/${patientId}/access/export`, {
        headers: { authorization: `Bearer ${tokens[ADMIN]}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="patient-\d+-access-/);
      const text = await res.text();
      const lines = text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'When,User,Email,Switched in by,What,Record,Outcome,Client address,Patients named',
      );
      expect(lines.some((l) => l.includes('Patient detail') && l.includes('REFUSED'))).toBe(true);
      // When: M/D/YYYY and the time (SPEC §5), not the stored instant.
      expect(lines[1]).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2}:\d{2}\s[AP]M,/);
      expect(await readsBy(server(), ADMIN, before)).toEqual([
        expect.objectContaining({ entity: 'csvExport', patient_ids: [patientId] }),
      ]);
    });

    it.each([
      ['admin@carelane.local', 200],
      ['director@carelane.local', 200],
      ['coordinator@carelane.local', 403],
      ['orguser@carelane.local', 403],
      ['clinician@carelane.local', 403],
    ])('%s: %i', async (email, status) => {
      const token = tokens[email] ?? (await server().login(email));
      const res = await server().request('GET', `/api/admin/patients/${patientId}/access`, { token });
      expect(res.status).toBe(status);
      const csv = await fetch(`${server().url}/api/admin/patients/${patientId}/access/export`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(csv.status).toBe(status);
    });

    it('a patient that does not exist: 404', async () => {
      const res = await server().request('GET', '/api/admin/patients/999999/access', {
        token: tokens[ADMIN],
      });
      expect(res.status).toBe(404);
    });

    it('the audit log finds every read naming a patient (the administrator’s view across patients)', async () => {
      const res = await server().request('GET', `/api/admin/audit?action=READ&patientId=${patientIds[3]}`, {
        token: tokens[ADMIN],
      });
      expect(res.status).toBe(200);
      expect(res.body.auditList.length).toBeGreaterThan(0);
      for (const entry of res.body.auditList) {
        expect(entry.patientIds).toContain(patientIds[3]);
        expect(entry.outcome).toMatch(/ALLOWED|REFUSED/);
      }
    });
  });

  describe('the buffered writer', () => {
    const entry = (entity: string) => ({
      at: new Date(),
      entity,
      action: 'READ',
      patientIds: [patientId],
      outcome: 'ALLOWED',
    });
    const stored = async (entity: string) =>
      (
        await server().sql<{ n: number }>('select count(*)::int as n from audit_log where entity = $1', [
          entity,
        ])
      )[0]!.n;

    it('writes nothing on the request path, one batch a second, and what is left when the server stops', async () => {
      const errors: unknown[] = [];
      const log = new AccessLog(server().services.db, {
        flushEveryMs: 1000,
        batchSize: 500,
        onError: (e) => errors.push(e),
        onDropped: (e) => errors.push(e),
      });
      log.start();
      for (let i = 0; i < 3; i++) log.add(entry('bufferedRead'));
      expect(await stored('bufferedRead')).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await stored('bufferedRead')).toBe(3);
      log.add(entry('lastSecondRead'));
      await log.stop();
      expect(await stored('lastSecondRead')).toBe(1);
      expect(errors).toEqual([]);
    });

    it('keeps the entries the database refused and writes them once it takes them again', async () => {
      const errors: unknown[] = [];
      const log = new AccessLog(server().services.db, {
        flushEveryMs: 60_000,
        batchSize: 500,
        onError: (e) => errors.push(e),
        onDropped: (e) => errors.push(e),
      });
      await server().ownerSql(`create function refuse_reads() returns trigger language plpgsql as $f$
        begin raise exception 'refused for the test'; end $f$`);
      await server().ownerSql(
        'create trigger refuse_reads before insert on audit_log for each row execute function refuse_reads()',
      );
      try {
        log.add(entry('retriedRead'));
        await log.flush();
        expect(errors).toHaveLength(1);
        expect(await stored('retriedRead')).toBe(0);
      } finally {
        await server().ownerSql('drop trigger refuse_reads on audit_log');
        await server().ownerSql('drop function refuse_reads()');
      }
      await log.stop();
      expect(await stored('retriedRead')).toBe(1);
    });
  });

  describe('entries cannot be changed or deleted', () => {
    it('the database refuses an update, a delete and a truncate of an entry, to its owner too', async () => {
      const [entry] = await server().sql<{ id: number }>('select max(id)::int as id from audit_log');
      const refusal = async (statement: string) => {
        try {
          await server().ownerSql(statement);
          return 'carried out';
        } catch (error) {
          return String((error as { cause?: Error }).cause?.message ?? error);
        }
      };
      for (const statement of [
        `update audit_log set user_email = 'x' where id = ${entry!.id}`,
        `delete from audit_log where id = ${entry!.id}`,
        'truncate audit_log',
      ])
        expect(await refusal(statement)).toBe('audit entries cannot be changed or deleted');
      const [still] = await server().sql<{ n: number }>(
        'select count(*)::int as n from audit_log where id = $1',
        [entry!.id],
      );
      expect(still!.n).toBe(1);
    });

    it('no API route changes or deletes an entry, for an administrator either', async () => {
      const routes = server().app.registeredRoutes.filter(
        (r) => r.url.startsWith('/api/admin/audit') || r.url.includes('/access'),
      );
      expect(routes.map((r) => r.method).filter((m) => m !== 'GET' && m !== 'HEAD')).toEqual([]);
    });

    it('partitions by month; upkeep drops only whole months older than the retention period', async () => {
      const { maintainAuditPartitions, retentionStart } = await import('../../../services/audit-partitions');
      const now = new Date();
      const inside = new Date(retentionStart(now).getTime() + 86_400_000);
      const outside = new Date(Date.UTC(now.getUTCFullYear() - 7, now.getUTCMonth(), 15));
      await server().sql('select carelane_audit_partition($1::timestamptz)', [inside.toISOString()]);
      await server().sql('select carelane_audit_partition($1::timestamptz)', [outside.toISOString()]);
      await server().sql(
        `insert into audit_log (at, entity, action) values ($1, 'kept', 'READ'), ($2, 'expired', 'READ')`,
        [inside.toISOString(), outside.toISOString()],
      );
      const { dropped } = await maintainAuditPartitions(server().services.db, now);
      expect(dropped).toBe(1);
      const left = await server().sql<{ entity: string }>(
        `select entity from audit_log where entity in ('kept', 'expired')`,
      );
      expect(left).toEqual([{ entity: 'kept' }]);
      const [next] = await server().sql<{ name: string | null }>(
        `select to_regclass('audit_log_' || to_char(now() + interval '1 month', 'YYYY_MM'))::text as name`,
      );
      expect(next!.name).toMatch(/^audit_log_\d{4}_\d{2}$/);
    });
  });
});
