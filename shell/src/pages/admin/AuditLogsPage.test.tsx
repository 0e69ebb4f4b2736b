import { ROLE, type AuditEntry } from '@carelane/shared-domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, choose, jsonResponse, paging, renderPage, type ApiCall } from '../../test/page-kit';
import { AuditLogsPage } from './AuditLogsPage';

jest.setTimeout(60_000);

function entry(id: number, changes: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2026-11-20T15:04:05.000Z',
    userId: 1,
    userEmail: 'admin@carelane.local',
    impersonatorId: null,
    entity: 'user',
    entityId: '31',
    action: 'UPDATE',
    diff: { lastName: { before: 'Lopez', after: 'Lopez-Reyes' } },
    ip: '10.0.0.7',
    patientIds: null,
    outcome: null,
    ...changes,
  };
}

/** The audit list: `rows` of `total`, or the answer `answer` gives for a call. */
function open(answer: (call: ApiCall) => Response) {
  return renderPage(<AuditLogsPage />, {
    url: '/auditLogs',
    roleId: ROLE.ADMINISTRATOR,
    route: (call) => (call.url.pathname === '/api/admin/audit' ? answer(call) : undefined),
  });
}

const list = (rows: AuditEntry[], total = rows.length, pageNumber = 1) =>
  jsonResponse({ auditList: rows, auditCount: total, paging: paging(total, pageNumber, 100) });
const auditCalls = (calls: ApiCall[]) => calls.filter((call) => call.url.pathname === '/api/admin/audit');
const params = (call: ApiCall | undefined) => Object.fromEntries(call?.url.searchParams ?? []);

describe('AuditLogsPage', () => {
  it('lists the last 30 days, 100 a page: who did what to which record, from where', async () => {
    const page = open(() =>
      list([
        entry(1),
        entry(2, {
          action: 'LOGIN_FAILED',
          userId: null,
          userEmail: null,
          entity: 'session',
          entityId: null,
          diff: null,
        }),
        entry(3, {
          action: 'READ',
          entity: 'patientDetail',
          entityId: '9',
          impersonatorId: 1,
          userEmail: 'ops@carelane.local',
          diff: null,
          ip: null,
          patientIds: [9],
          outcome: 'ALLOWED',
        }),
        entry(4, {
          action: 'READ',
          entity: 'patientList',
          entityId: null,
          userEmail: 'lakeside.user@carelane.local',
          diff: null,
          patientIds: [1, 2, 3, 4, 5, 6, 7],
          outcome: 'REFUSED',
        }),
      ]),
    );
    const table = await screen.findByRole('table', { name: 'Audit logs' });
    await within(table).findByText('Someone not signed in');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows[0]).toContain('admin@carelane.local');
    expect(rows[0]).toContain('UPDATE');
    expect(rows[0]).toContain('lastName');
    expect(rows[0]).toContain('10.0.0.7');
    expect(rows[1]).toContain('LOGIN_FAILED');
    expect(rows[2]).toContain('ops@carelane.local (switched, by #1)');
    expect(rows[2]).toContain('#9');
    expect(rows[2]).not.toContain('REFUSED');
    // A read names its patients; a refused one says so.
    expect(rows[3]).toContain('#1, #2, #3, #4, #5 and 2 more');
    expect(rows[3]).toContain('REFUSED');

    const first = params(auditCalls(page.calls)[0]);
    expect(first).toMatchObject({ pageNumber: '1', pageSize: '100' });
    // From the start of the day 30 days ago to the end of today (SPEC §9).
    const day = (date: Date) => date.toLocaleDateString('en-US');
    const thirtyDaysAgo = new Date();
    thirtyDaysAgo.setDate(thirtyDaysAgo.getDate() - 30);
    expect(day(new Date(first.startDate!))).toBe(day(thirtyDaysAgo));
    expect(day(new Date(first.endDate!))).toBe(day(new Date()));
    page.done();
  });

  it('narrows by action, record type, record id, user id and patient id, each starting again at page 1', async () => {
    const page = open(() => list([entry(1)]));
    await screen.findByRole('table', { name: 'Audit logs' });
    await choose('Action', 'DELETE');
    await waitFor(() => expect(params(auditCalls(page.calls).at(-1))).toMatchObject({ action: 'DELETE' }));
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Entity' }), ' patient {Enter}');
    await waitFor(() => expect(params(auditCalls(page.calls).at(-1))).toMatchObject({ entity: 'patient' }));
    await user.type(screen.getByRole('searchbox', { name: 'Entity id' }), '9{Enter}');
    await waitFor(() => expect(params(auditCalls(page.calls).at(-1))).toMatchObject({ entityId: '9' }));
    // A user id that is not a number is not sent.
    await user.type(screen.getByRole('searchbox', { name: 'User id' }), 'ana{Enter}');
    await user.clear(screen.getByRole('searchbox', { name: 'User id' }));
    await user.type(screen.getByRole('searchbox', { name: 'User id' }), '12{Enter}');
    await waitFor(() => expect(params(auditCalls(page.calls).at(-1))).toMatchObject({ userId: '12' }));
    expect(auditCalls(page.calls).some((call) => call.url.searchParams.get('userId') === 'ana')).toBe(false);
    await user.type(screen.getByRole('searchbox', { name: 'Patient id' }), '77{Enter}');
    await waitFor(() => expect(params(auditCalls(page.calls).at(-1))).toMatchObject({ patientId: '77' }));
    expect(params(auditCalls(page.calls).at(-1))).toMatchObject({
      action: 'DELETE',
      entity: 'patient',
      entityId: '9',
      pageNumber: '1',
    });
    expect(window.location.search).toContain('action=DELETE');
    page.done();
  });

  it('pages through the records', async () => {
    const page = open((call) =>
      list(
        [entry(Number(call.url.searchParams.get('pageNumber')) * 1000)],
        250,
        Number(call.url.searchParams.get('pageNumber')),
      ),
    );
    await screen.findByRole('table', { name: 'Audit logs' });
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    fireEvent.click(await within(pagination).findByTitle('2'));
    await waitFor(() => expect(params(auditCalls(page.calls).at(-1))).toMatchObject({ pageNumber: '2' }));
    expect(window.location.search).toContain('pageNumber=2');
    page.done();
  });

  it('shows the field changes of the page, before and after', async () => {
    const page = open(() => list([entry(1), entry(2, { diff: null })]));
    await screen.findByRole('table', { name: 'Audit logs' });
    await userEvent.setup().click(await screen.findByText('Field changes of this page'));
    const diff = document.querySelector('.carelane-audit-diff')!;
    expect(diff.textContent).toContain('lastName');
    expect(diff.textContent).toContain('"Lopez"');
    expect(diff.textContent).toContain('"Lopez-Reyes"');
    expect(document.querySelectorAll('.carelane-audit-diff')).toHaveLength(1);
    page.done();
  });

  it('shows the error state when the list cannot be loaded, and Retry loads it', async () => {
    let fail = true;
    const page = open(() => (fail ? apiError(500, 'The server is having a moment.') : list([entry(1)])));
    // A server error is tried once more (react-query) before the page gives up.
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert.textContent).toContain('Sorry, the audit logs could not be loaded.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Audit logs' })).toBeTruthy();
    page.done();
  });
});
