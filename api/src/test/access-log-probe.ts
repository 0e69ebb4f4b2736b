/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; the caller asserts */
// The access log poisoned and then read back, by HTTP alone against a running server (issue 23): requests whose
// ids the database cannot hold, as the roles that are refused them, then reads that must each be in the log.
// Used by the end-to-end suite against the product as `npm start` serves it (e2e/tests/trust.spec.ts).
import { getJson } from './route-walk';

/** Requests that once left an entry PostgreSQL refused, stopping all access logging until a restart. */
export const POISON_REQUESTS = [
  ['clinician@carelane.local', '/api/admin/patients/%00'],
  ['orguser@carelane.local', '/api/admin/providers/%00/visits'],
  ['coordinator@carelane.local', '/api/operation/invoices/%00'],
  ['clinician@carelane.local', '/api/admin/episodes/1%00/visits'],
  ['clinician@carelane.local', `/api/admin/patients/${'9'.repeat(5000)}`],
  ['clinician@carelane.local', '/api/admin/patients/0x1'],
] as const;

export interface ProbeTarget {
  url: string;
  login(emailId: string): Promise<string>;
}

export interface ProbeResult {
  /** The status each poison request answered, in POISON_REQUESTS' order. */
  poisonStatuses: number[];
  /** The patients the reader read after the poison. */
  patientsRead: number[];
  /** Of those, the ones whose read is in the log (an ALLOWED patientDetail entry of the reader). */
  patientsRecorded: number[];
  /** The clinician's refused read after the poison: is it in the log, naming the patient? */
  refusalRecorded: boolean;
}

/**
 * Poisons, then reads `reads` patients as `reader` (the administrator unless named; a role that may open the audit
 * log) and one as the clinician (refused), and waits up to `withinMs` for every one of those reads to be in the
 * log, as the audit page shows it to `reader`.
 */
export async function poisonThenRead(
  target: ProbeTarget,
  options: { reads?: number; withinMs?: number; reader?: string } = {},
): Promise<ProbeResult> {
  const readerEmail = options.reader ?? 'admin@carelane.local';
  const reads = options.reads ?? 5;
  const withinMs = options.withinMs ?? 15_000;
  const tokens = new Map<string, string>();
  const tokenOf = async (email: string) => {
    if (!tokens.has(email)) tokens.set(email, await target.login(email));
    return tokens.get(email)!;
  };
  const poisonStatuses: number[] = [];
  for (const [email, path] of POISON_REQUESTS)
    poisonStatuses.push((await getJson(target.url, path, await tokenOf(email))).status);

  const reader = await tokenOf(readerEmail);
  const me = await getJson(target.url, '/api/security/me', reader);
  const readerId: number = me.body.id;
  const since = new Date(Date.now() - 1000).toISOString();
  const list = await getJson(target.url, `/api/admin/patients?pageSize=${reads}`, reader);
  const rows: any[] = list.body?.rows ?? [];
  const patientsRead: number[] = [];
  for (const row of rows.slice(0, reads)) {
    const read = await getJson(target.url, `/api/admin/patients/${row.id}`, reader);
    if (read.status === 200) patientsRead.push(Number(row.id));
  }
  const clinician = await tokenOf('clinician@carelane.local');
  const refusedPatient = patientsRead[0];
  const refused =
    refusedPatient === undefined
      ? undefined
      : await getJson(target.url, `/api/admin/patients/${refusedPatient}`, clinician);

  const started = Date.now();
  let patientsRecorded: number[] = [];
  let refusalRecorded = false;
  for (;;) {
    const entries = await getJson(
      target.url,
      `/api/admin/audit?action=READ&startDate=${encodeURIComponent(since)}&pageSize=1000`,
      reader,
    );
    const list: any[] = entries.body?.auditList ?? [];
    patientsRecorded = patientsRead.filter((id) =>
      list.some(
        (e) =>
          e.userId === readerId &&
          e.entity === 'patientDetail' &&
          e.outcome === 'ALLOWED' &&
          (e.patientIds ?? []).includes(id),
      ),
    );
    refusalRecorded =
      refused !== undefined &&
      refused.status >= 400 &&
      list.some(
        (e) =>
          e.userEmail === 'clinician@carelane.local' &&
          e.outcome === 'REFUSED' &&
          (e.patientIds ?? []).includes(refusedPatient),
      );
    if (
      (patientsRecorded.length === patientsRead.length && refusalRecorded) ||
      Date.now() - started > withinMs
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { poisonStatuses, patientsRead, patientsRecorded, refusalRecorded };
}
