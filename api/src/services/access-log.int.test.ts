/**
 * The access log survives any entry (issue 23, decision 033): an entry can never hold what PostgreSQL refuses, a
 * batch the database refuses because of one entry loses only that entry, and what is held when the server stops is
 * written.
 */
import { AccessLog, type AuditRow } from './access-log';
import { describeEachDatabase, type TestServer } from '../test/harness';

type Entry = AuditRow;

const entry = (entity: string, extra: Partial<Entry> = {}): Entry => ({
  at: new Date(),
  entity,
  action: 'READ',
  patientIds: [],
  outcome: 'REFUSED',
  ...extra,
});

async function stored(s: TestServer, entity: string) {
  return s.sql<{ entity_id: string | null; user_email: string | null; patient_ids: number[] }>(
    'select entity_id, user_email, patient_ids from audit_log where entity = $1 order by id',
    [entity],
  );
}

function newLog(s: TestServer) {
  const errors: unknown[] = [];
  const dropped: { error: unknown; entry: Entry }[] = [];
  const log = new AccessLog(s.services.db, {
    flushEveryMs: 60_000,
    batchSize: 500,
    onError: (error) => errors.push(error),
    onDropped: (error, entry) => dropped.push({ error, entry }),
  });
  return { log, errors, dropped };
}

describeEachDatabase('the access log survives any entry', (server) => {
  it('an entry holding a NUL, an over-long id or an impossible patient is written, cleaned', async () => {
    const { log, errors, dropped } = newLog(server());
    log.add(
      entry('poisonNul', {
        entityId: 'a\u0000b',
        userEmail: 'x\u0000@example.com',
        ip: '\u0000',
        patientIds: [7, 2 ** 31, -1],
      }),
    );
    log.add(entry('poisonLong', { entityId: '9'.repeat(100_000) }));
    log.add(entry('afterPoison'));
    await log.flush();
    expect(await stored(server(), 'poisonNul')).toEqual([
      { entity_id: 'a\uFFFDb', user_email: 'x\uFFFD@example.com', patient_ids: [7] },
    ]);
    const [long] = await stored(server(), 'poisonLong');
    expect(long!.entity_id).toHaveLength(256);
    expect(await stored(server(), 'afterPoison')).toHaveLength(1);
    expect({ errors, dropped, waiting: log.waiting }).toEqual({ errors: [], dropped: [], waiting: 0 });
  });

  it('a batch refused for one entry’s content: that entry is dropped and reported, every other one written', async () => {
    await server().ownerSql(`create function refuse_poison() returns trigger language plpgsql as $f$
      begin if new.entity = 'poisonRow' then
        raise exception 'invalid byte sequence (test)' using errcode = '22021'; end if; return new; end $f$`);
    await server().ownerSql(
      'create trigger refuse_poison before insert on audit_log for each row execute function refuse_poison()',
    );
    const { log, errors, dropped } = newLog(server());
    try {
      for (let i = 0; i < 20; i++) log.add(entry(i === 0 || i === 13 ? 'poisonRow' : 'besidePoison'));
      await log.flush();
      expect(await stored(server(), 'besidePoison')).toHaveLength(18);
      expect(dropped.map((d) => d.entry.entity)).toEqual(['poisonRow', 'poisonRow']);
      expect(String((dropped[0]!.error as { cause?: Error }).cause?.message)).toContain(
        'invalid byte sequence',
      );
      expect(log.dropped).toBe(2);
      // The next batch goes in: nothing is held back behind the dropped entries.
      log.add(entry('afterDropped'));
      await log.flush();
      expect(await stored(server(), 'afterDropped')).toHaveLength(1);
      expect({ errors, waiting: log.waiting }).toEqual({ errors: [], waiting: 0 });
      // What is held when the server stops is written, a bad entry among it dropped.
      log.add(entry('poisonRow'));
      log.add(entry('heldAtStop'));
      await log.stop();
      expect(await stored(server(), 'heldAtStop')).toHaveLength(1);
      expect(log.dropped).toBe(3);
    } finally {
      await server().ownerSql('drop trigger refuse_poison on audit_log');
      await server().ownerSql('drop function refuse_poison()');
    }
  });

  it.each([
    ['clinician', 'a patient', '/api/admin/patients/%00'],
    ['orgUser', 'a clinician’s visits', '/api/admin/providers/%00/visits'],
    ['coordinator', 'an invoice', '/api/operation/invoices/%00'],
    ['clinician', 'a service request’s visits', '/api/admin/episodes/1%00/visits'],
    ['clinician', 'a patient', `/api/admin/patients/${'9'.repeat(5000)}`],
  ] as const)(
    'as %s, %s whose id the database cannot hold: the reads after it are recorded',
    async (who, _what, path) => {
      const s = server();
      const [token, admin] = await s.loginAs(who, 'admin');
      const poisoned = await s.request('GET', path, { token });
      expect(poisoned.status).toBeGreaterThanOrEqual(400);
      await s.services.accessLog.flush();
      const [patient] = await s.sql<{ id: number }>('select min(id)::int as id from patients');
      const read = await s.request('GET', `/api/admin/patients/${patient!.id}`, { token: admin });
      expect(read.status).toBe(200);
      await s.services.accessLog.flush();
      const [latest] = await s.sql<{ entity: string; patient_ids: number[]; outcome: string }>(
        `select entity, patient_ids, outcome from audit_log where action = 'READ' and user_email = $1
       order by id desc limit 1`,
        ['admin@carelane.local'],
      );
      expect(latest).toEqual({ entity: 'patientDetail', patient_ids: [patient!.id], outcome: 'ALLOWED' });
      expect({ waiting: s.services.accessLog.waiting, dropped: s.services.accessLog.dropped }).toEqual({
        waiting: 0,
        dropped: 0,
      });
    },
  );
});
