import { ROLE, type PatientAccessEntry } from '@carelane/shared-domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, paging, renderPage, type ApiCall } from '../common/test-kit';
import PatientPage from './PatientPage';
import { patient } from './test-fixtures';

jest.setTimeout(120_000);

const reads: PatientAccessEntry[] = [
  {
    id: 41,
    at: '2026-11-23T15:04:05.000Z',
    userId: 7,
    userEmail: 'lakeside.user@carelane.local',
    userName: 'Lee Lake',
    impersonatorEmail: null,
    kind: 'patientDetail',
    entityId: '5',
    outcome: 'REFUSED',
    ip: '10.0.0.9',
    patientCount: 1,
  },
  {
    id: 40,
    at: '2026-11-23T14:00:00.000Z',
    userId: 3,
    userEmail: 'coordinator@carelane.local',
    userName: 'Cora Coordinator',
    impersonatorEmail: 'admin@carelane.local',
    kind: 'patientList',
    entityId: null,
    outcome: 'ALLOWED',
    ip: '10.0.0.7',
    patientCount: 10,
  },
];

const accessCalls = (calls: ApiCall[]) =>
  calls.filter((call) => call.url.pathname === '/api/admin/patients/5/access');
const params = (call: ApiCall | undefined) => Object.fromEntries(call?.url.searchParams ?? []);

function open(roleId: number, referralSourceId?: number) {
  return renderPage(<PatientPage />, {
    url: '/patient?id=5',
    roleId,
    referralSourceId,
    route: (call) => {
      if (call.url.pathname === '/api/admin/patients/5') return jsonResponse(patient);
      if (call.url.pathname === '/api/admin/episodes') return jsonResponse({ rows: [], paging: paging(0) });
      if (call.url.pathname === '/api/admin/patients/5/access') {
        const userId = call.url.searchParams.get('userId');
        const rows = userId ? reads.filter((r) => String(r.userId) === userId) : reads;
        return jsonResponse({ rows, paging: paging(rows.length, 1, 20) });
      }
      if (call.url.pathname === '/api/admin/patients/5/access/export')
        return new Response('\uFEFFWhen,User\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="patient-5-access-2026-10-26-to-2026-11-24.csv"',
          },
        });
      return undefined;
    },
  });
}

describe('Who has seen this patient', () => {
  it('lists the reads of the last 30 days for the audit roles: who, what, refused or allowed, from where', async () => {
    const page = open(ROLE.ADMINISTRATOR);
    const table = await screen.findByRole('table', { name: 'Who has seen this patient' });
    const rows = await waitFor(() => {
      const found = within(table).getAllByRole('row').slice(1);
      expect(found).toHaveLength(2);
      return found.map((row) => row.textContent);
    });
    expect(rows[0]).toContain('Lee Lake (lakeside.user@carelane.local)');
    expect(rows[0]).toContain('Patient detail');
    expect(rows[0]).toContain('Refused');
    expect(rows[0]).toContain('10.0.0.9');
    expect(rows[1]).toContain('Patient list (10 patients)');
    expect(rows[1]).toContain('switched in by admin@carelane.local');
    expect(rows[1]).toContain('Allowed');
    const first = params(accessCalls(page.calls)[0]);
    const day = (offset: number) => {
      const d = new Date();
      d.setDate(d.getDate() + offset);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    expect(first).toMatchObject({ pageNumber: '1', pageSize: '20', startDate: day(-29), endDate: day(0) });
    page.done();
  });

  it('narrows to one user from a row, in the URL, and back to everyone', async () => {
    const page = open(ROLE.ADMINISTRATOR);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'Only the reads of Lee Lake (lakeside.user@carelane.local)',
      }),
    );
    await waitFor(() => expect(params(accessCalls(page.calls).at(-1))).toMatchObject({ userId: '7' }));
    expect(window.location.search).toContain('accessUser=7');
    expect(await screen.findByText('Only Lee Lake (lakeside.user@carelane.local)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show every user' }));
    await waitFor(() => expect(window.location.search).not.toContain('accessUser'));
    const table = screen.getByRole('table', { name: 'Who has seen this patient' });
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(2));
    page.done();
  });

  it('exports the report as CSV with the filters shown', async () => {
    const page = open(ROLE.OPERATIONS_DIRECTOR);
    const user = userEvent.setup();
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:test');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['patient-5-access-2026-10-26-to-2026-11-24.csv']));
    const exported = page.calls.find((call) => call.url.pathname.endsWith('/access/export'));
    expect(params(exported)).toHaveProperty('startDate');
    click.mockRestore();
    page.done();
  });

  it.each([
    ['a care coordinator', ROLE.CARE_COORDINATOR, undefined],
    ['an organization user', ROLE.ORGANIZATION_USER, 3],
  ])('is not on the page for %s, and is never asked for', async (_who, roleId, referralSourceId) => {
    const page = open(roleId, referralSourceId);
    expect(await screen.findByRole('heading', { name: 'Doe, Jane' })).toBeTruthy();
    expect(screen.queryByText('Who has seen this patient')).toBeNull();
    expect(accessCalls(page.calls)).toEqual([]);
    page.done();
  });
});
