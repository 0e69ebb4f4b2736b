// The billing demo a new database starts with (npm start): bank accounts, an invoice run for older visits, and
// one NACHA file that passes the validator; the recent approved visits stay unbilled and Ready For Export.
import { validateNachaFile } from '@carelane/shared-domain';
import { startTestServer, type TestServer } from '../../test/harness';
import { seedBillingDemo } from './demo';

describe('billing demo data', () => {
  let server: TestServer;
  beforeAll(async () => {
    // seedDemoData: true on a fresh database (not the suite's copy), as `npm start` does the first time.
    server = await startTestServer('pglite', { seedDemoData: true });
  });
  afterAll(() => server.close());

  it('holds one released NACHA file that validates, invoices, and recent visits left to bill and pay', async () => {
    const files = await server.sql<{ id: number; content: string | null; entry_count: number }>(
      `select id, content, entry_count from nacha_files`,
    );
    expect(files).toHaveLength(1);
    expect(files[0]!.content).toBeNull();
    const text = await fetch(`${server.url}/api/operation/nachaFiles/${files[0]!.id}`, {
      headers: { authorization: `Bearer ${await server.login('admin@carelane.local')}` },
    });
    expect(validateNachaFile(await text.text())).toMatchObject({ ok: true, summary: { entryCount: 1 } });
    const [paid] = await server.sql<{ n: number }>(`select count(*)::int as n from provider_pay`);
    expect(paid!.n).toBeGreaterThan(0);
    const [invoices] = await server.sql<{ n: number }>(`select count(*)::int as n from invoices`);
    expect(invoices!.n).toBeGreaterThan(0);
    const [unbilled] = await server.sql<{ n: number }>(
      `select count(*)::int as n from visits v where v.status in ('NotesApproved', 'ApprovalDue', 'FinalReview', 'FinalConfirmed')
         and not exists (select 1 from invoice_lines l where l.visit_id = v.id)`,
    );
    expect(unbilled!.n).toBeGreaterThan(0);
    const [accounts] = await server.sql<{ n: number }>(
      `select count(*)::int as n from provider_bank_accounts`,
    );
    expect(accounts!.n).toBeGreaterThan(0);
  });

  it('does nothing a second time on the same database', async () => {
    await expect(seedBillingDemo(server.services)).resolves.toBeUndefined();
  });
});
