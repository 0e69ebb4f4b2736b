import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse, paging, renderPage } from '../common/test-kit';
import EpisodesPage from './EpisodesPage';

jest.setTimeout(30_000);

const row = {
  id: 42,
  title: 'Wound care',
  episodeType: 'Visit',
  status: 'Active',
  startDate: '2026-12-01',
  endDate: null,
  referralSourceId: 3,
  referralSourceName: 'Sunrise Home Health',
  patientId: 9,
  patientName: 'Doe, Jane',
  careCoordinatorName: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

function open(url: string, roleId: number) {
  return renderPage(<EpisodesPage />, {
    url,
    roleId,
    referralSourceId: [8, 9, 12].includes(roleId) ? 3 : undefined,
    route: (call) => {
      if (call.url.pathname === '/api/admin/episodes')
        return jsonResponse({ rows: [row], paging: paging(1) });
      if (call.url.pathname === '/api/admin/referralSources')
        return jsonResponse({ rows: [], paging: paging(0) });
      return undefined;
    },
  });
}

const episodeCall = (page: ReturnType<typeof open>) =>
  page.calls.find((call) => call.url.pathname === '/api/admin/episodes')!.url.searchParams;

describe('EpisodesPage default filters (SPEC §4, §6, §9)', () => {
  // "Only mine" starts on only for care coordinators, whose work is their own list (decision 044).
  it.each([
    [1, 'Active', 'false'],
    [2, 'Active', 'false'],
    [5, 'ALL', 'true'],
    [6, 'ALL', 'false'],
    [7, 'Active', 'false'],
    [8, 'Active', 'false'],
    [9, 'Active', 'false'],
    [12, 'Active', 'false'],
    [13, 'Active', 'false'],
    [14, 'Active', 'false'],
  ])(
    'role %i: status %s, only mine %s, created in the last 365 days, page size 10',
    async (roleId, status, mine) => {
      const page = open('/episodes', roleId);
      expect(await screen.findByRole('link', { name: '#42 Wound care' })).toBeTruthy();
      const params = episodeCall(page);
      expect(params.get('status')).toBe(status);
      expect(params.get('mine')).toBe(mine);
      expect(params.get('pageSize')).toBe('10');
      const from = new Date(`${params.get('createdFrom')}T00:00:00`);
      const days = Math.round((Date.now() - from.getTime()) / 86_400_000);
      expect(days).toBeGreaterThanOrEqual(365);
      expect(days).toBeLessThanOrEqual(366);
      expect(screen.getByRole('switch', { name: 'Only mine' }).getAttribute('aria-checked')).toBe(mine);
      page.done();
    },
  );

  it('shows All when a patient filter is set, and keeps URL filters over the defaults', async () => {
    const byPatient = open('/episodes?patientId=9', 1);
    await screen.findByRole('link', { name: '#42 Wound care' });
    expect(episodeCall(byPatient).get('status')).toBe('ALL');
    expect(episodeCall(byPatient).get('patientId')).toBe('9');
    byPatient.done();
    const chosen = open('/episodes?status=Hold&mine=false&episodeType=Shift', 5);
    await screen.findByRole('link', { name: '#42 Wound care' });
    const params = episodeCall(chosen);
    expect([params.get('status'), params.get('mine'), params.get('episodeType')]).toEqual([
      'Hold',
      'false',
      'Shift',
    ]);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Doe, Jane' }).getAttribute('href')).toBe('/patient?id=9'),
    );
    chosen.done();
  });
});

describe('EpisodesPage "Only mine"', () => {
  it('when it hides every row, says how many and offers to show them', async () => {
    const page = renderPage(<EpisodesPage />, {
      url: '/episodes',
      roleId: 5,
      route: (call) => {
        if (call.url.pathname === '/api/admin/episodes')
          return call.url.searchParams.get('mine') === 'true'
            ? jsonResponse({ rows: [], paging: paging(0) })
            : jsonResponse({
                rows: [row],
                paging: paging(7, 1, Number(call.url.searchParams.get('pageSize'))),
              });
        if (call.url.pathname === '/api/admin/referralSources')
          return jsonResponse({ rows: [], paging: paging(0) });
        return undefined;
      },
    });
    expect(await screen.findByText('"Only mine" is hiding 7 service requests of others.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all 7' }));
    expect(await screen.findByRole('link', { name: '#42 Wound care' })).toBeTruthy();
    expect(new URLSearchParams(globalThis.location.search).get('mine')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Only mine' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByText(/is hiding/)).toBeNull();
    page.done();
  }, 180_000);
});
