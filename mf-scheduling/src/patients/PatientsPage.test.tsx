import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, paging, renderPage } from '../common/test-kit';
import PatientsPage from './PatientsPage';

jest.setTimeout(120_000);

function open(url: string, roleId: number) {
  return renderPage(<PatientsPage />, {
    url,
    roleId,
    referralSourceId: roleId === 9 ? 3 : undefined,
    route: (call) => {
      if (call.url.pathname === '/api/admin/patients') return jsonResponse({ rows: [], paging: paging(0) });
      if (call.url.pathname === '/api/admin/referralSources')
        return jsonResponse({ rows: [], paging: paging(0) });
      return undefined;
    },
  });
}

const patientCall = (page: ReturnType<typeof open>) =>
  page.calls.find((call) => call.url.pathname === '/api/admin/patients')!.url.searchParams;

describe('PatientsPage', () => {
  it('asks for active patients created in the last 180 days, 10 a page, with an organization filter for staff', async () => {
    const page = open('/patients', 1);
    expect(await screen.findByText('No patients match these filters.')).toBeTruthy();
    const params = patientCall(page);
    expect([params.get('status'), params.get('pageSize')]).toEqual(['ACTIVE', '10']);
    const days =
      (new Date(`${params.get('createdTo')}T00:00:00`).getTime() -
        new Date(`${params.get('createdFrom')}T00:00:00`).getTime()) /
      86_400_000;
    expect(Math.round(days)).toBe(179);
    expect(screen.getByRole('combobox', { name: 'Organization' })).toBeTruthy();
    page.done();
  });

  it('keeps URL filters and shows no organization filter to organization users', async () => {
    const page = open('/patients?status=ARCHIVED&search=doe&createdFrom=2026-01-01&createdTo=2026-03-01', 9);
    expect(await screen.findByText('No patients match these filters.')).toBeTruthy();
    const params = patientCall(page);
    expect([
      params.get('status'),
      params.get('search'),
      params.get('createdFrom'),
      params.get('createdTo'),
    ]).toEqual(['ARCHIVED', 'doe', '2026-01-01', '2026-03-01']);
    expect(screen.queryByRole('combobox', { name: 'Organization' })).toBeNull();
    expect(screen.getByRole('button', { name: 'New patient' })).toBeTruthy();
    page.done();
  });

  it('makes an end date typed before the start the one day of the start (SPEC §5), not a swapped range', async () => {
    const page = open('/patients?createdFrom=2026-11-01&createdTo=2026-11-20', 1);
    expect(await screen.findByText('No patients match these filters.')).toBeTruthy();
    const user = userEvent.setup();
    const end = screen.getByDisplayValue('11/20/2026');
    await user.click(end);
    await user.keyboard('{Control>}a{/Control}');
    await user.paste('10/15/2026');
    await user.keyboard('{Enter}');
    await user.tab();
    await waitFor(() =>
      expect([...new URLSearchParams(globalThis.location.search).entries()]).toEqual(
        expect.arrayContaining([
          ['createdFrom', '2026-11-01'],
          ['createdTo', '2026-11-01'],
        ]),
      ),
    );
    const last = page.calls.filter((call) => call.url.pathname === '/api/admin/patients').at(-1)!;
    expect([last.url.searchParams.get('createdFrom'), last.url.searchParams.get('createdTo')]).toEqual([
      '2026-11-01',
      '2026-11-01',
    ]);
    page.done();
  });
});
