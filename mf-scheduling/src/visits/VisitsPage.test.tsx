import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiError, jsonResponse, paging, renderPage, type ApiCall } from '../common/test-kit';
import VisitsPage from './VisitsPage';

// antd tables, selects and modals render slowly in jsdom: a busy 2-core machine needs the margin.
jest.setTimeout(90_000);

const row = {
  id: 5,
  episodeId: 42,
  episodeTitle: 'Wound care',
  episodeType: 'Visit',
  referralSourceId: 3,
  organizationName: 'Sunrise Home Health',
  patientId: 9,
  patientName: 'Doe, Jane',
  visitTypeId: 304,
  visitType: 'RN Routine',
  providerTypeId: 1,
  providerType: 'RN',
  dateOfService: '2030-06-04',
  startAt: '2030-06-04T09:00:00.000Z',
  endAt: '2030-06-04T10:00:00.000Z',
  duration: 60,
  status: 'Active',
  paused: false,
  nonVisit: false,
  lateCancellation: false,
  shiftConfirmedByFacility: false,
  providerId: null,
  providerName: null,
  providerAmount: null,
  rsAmount: null,
  facilityResponse: null,
  expireReason: null,
  version: 0,
};

const candidate = {
  providerUserId: 7,
  givenName: 'Ana',
  familyName: 'Lopez',
  providerType: 'RN',
  providerTypeId: 1,
  patientsCount: 0,
  visitsCount: 0,
  shiftsCount: 0,
  providerRatingDetails: {},
  skills: [],
  rating: null,
  lastLogin: null,
  fitScore: 71,
  careCoordinator: null,
  vacations: [],
  coverage: '2COVERED',
  distanceMiles: 1,
  factors: [],
  amounts: { organizationAmount: 100, clinicianAmount: 60, netProfit: 40, requiredMargin: 20 },
  selectable: true,
  notSelectableReason: null,
};

function route(call: ApiCall) {
  const path = call.url.pathname;
  if (path === '/api/operation/visits') return jsonResponse({ rows: [row], paging: paging(1) });
  if (path === '/api/operation/fitScore')
    return jsonResponse({
      visit: { ...row, zipcode: '75201', latitude: 32.7, longitude: -96.8 },
      providerList: [candidate],
      paging: paging(1),
      providerTypeRates: [],
      rateVisibility: 'all',
    });
  if (['/api/admin/visitTypes', '/api/admin/providerTypes'].includes(path)) return jsonResponse({ rows: [] });
  if (path === '/api/admin/constants')
    return jsonResponse([
      {
        type: 'visit',
        name: 'expireVisitReasonTypes',
        value: '[{"id":1,"label":"Patient moved"}]',
        description: '',
      },
    ]);
  if (path === '/api/admin/patients') return jsonResponse({ rows: [], paging: paging(0) });
  if (path === '/api/admin/expireVisit') return jsonResponse({ count: 1, message: '1 visit(s) expired.' });
  if (path === '/api/admin/assignVisit')
    return jsonResponse({ ...row, status: 'Staffed', providerId: 7, providerName: 'Lopez, Ana', version: 1 });
  return undefined;
}

describe('VisitsPage', () => {
  it('lists Published visits by default, 10 a page, sorted by date', async () => {
    const page = renderPage(<VisitsPage />, { url: '/visits', roleId: 5, route });
    expect(await screen.findByText('Doe, Jane')).toBeTruthy();
    expect(screen.getAllByText('Published').length).toBeGreaterThan(0);
    const params = page.calls.find((c) => c.url.pathname === '/api/operation/visits')!.url.searchParams;
    expect(params.get('status')).toBe('Active');
    expect(params.get('pageSize')).toBe('10');
    expect(params.get('sort')).toBe('dateOfService');
    page.done();
  });

  it('approving visits none of which await approval says so and calls nothing', async () => {
    const page = renderPage(<VisitsPage />, { url: '/visits', roleId: 5, route });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select visit 5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(page.errorToasts).toEqual(['There is no visits for approval. ']));
    expect(page.calls.some((c) => c.url.pathname === '/api/admin/approveVisits')).toBe(false);
    page.done();
  });

  it('opens the match drawer at ?match= with the SPEC fit-score defaults', async () => {
    const page = renderPage(<VisitsPage />, { url: '/visits?match=5', roleId: 5, route });
    expect(await screen.findByLabelText('Fit score 71 of 100')).toBeTruthy();
    const params = page.calls.find((c) => c.url.pathname === '/api/operation/fitScore')!.url.searchParams;
    expect(params.get('visitId')).toBe('5');
    expect(params.get('searchClinicianDistance')).toBe('5');
    expect(params.get('ignoreWeekdayPreferences')).toBe('true');
    expect(params.get('fewerThanFiveVisits')).toBe('true');
    expect(params.get('fullyCredentialed')).toBe('true');
    expect(params.get('includePreviousAssignments')).toBe('true');
    expect(params.get('ignoreVacations')).toBe('false');
    expect(screen.getByRole('button', { name: 'Assign Ana Lopez' })).toBeTruthy();
    page.done();
  });

  it('assigns a candidate after confirmation and closes the drawer', async () => {
    const page = renderPage(<VisitsPage />, {
      url: '/visits?match=5&fullyCredentialed=false',
      roleId: 5,
      route,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Assign Ana Lopez' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(page.toasts).toEqual(['Lopez, Ana assigned. The clinician and the facility are notified.']),
    );
    const post = page.calls.find((c) => c.url.pathname === '/api/admin/assignVisit')!;
    expect(post.body).toEqual({ visitId: 5, providerId: 7, version: 0 });
    expect(globalThis.location.search).toBe('');
    page.done();
  });

  it('an assign the server refuses: the toast is its plain sentence and the card, read again, says it', async () => {
    const reason = 'Not fully credentialed on 6/4/2030: Licence or certification expired on 6/3/2030.';
    let refused = false;
    const page = renderPage(<VisitsPage />, {
      url: '/visits?match=5&fullyCredentialed=false',
      roleId: 5,
      route: (call) => {
        if (call.url.pathname === '/api/admin/assignVisit') {
          refused = true;
          return apiError(409, reason);
        }
        if (call.url.pathname === '/api/operation/fitScore' && refused)
          return jsonResponse({
            visit: { ...row, zipcode: '75201', latitude: 32.7, longitude: -96.8 },
            providerList: [{ ...candidate, selectable: false, notSelectableReason: reason }],
            paging: paging(1),
            providerTypeRates: [],
            rateVisibility: 'all',
          });
        return route(call);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Assign Ana Lopez' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(page.errorToasts).toEqual([`Sorry, the visit could not be assigned. ${reason}`]),
    );
    expect(await screen.findByText(`Not selectable: ${reason}`)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Assign Ana Lopez' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(globalThis.location.search).toContain('match=5');
    page.done();
  });

  it('expires the selected visits with a reason of the server list, after confirmation', async () => {
    const page = renderPage(<VisitsPage />, { url: '/visits', roleId: 5, route });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select visit 5' }));
    await waitFor(() => expect(page.calls.some((c) => c.url.pathname === '/api/admin/constants')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Expire' }));
    const select = await screen.findByRole('combobox', { name: 'Expire reason' });
    fireEvent.mouseDown(select);
    fireEvent.click((await screen.findAllByText('Patient moved')).at(-1)!);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(page.toasts).toEqual(['1 visit(s) expired.']));
    const post = page.calls.find((c) => c.url.pathname === '/api/admin/expireVisit')!;
    expect(post.body).toEqual({ visits: [{ id: 5, version: 0 }], reason: 'Patient moved' });
    page.done();
  });
});

describe('VisitsPage rows and roles', () => {
  it('shows a row on one line: the date and time together, long texts cut with an ellipsis', async () => {
    const page = renderPage(<VisitsPage />, { url: '/visits', roleId: 5, route });
    const cell = (await screen.findByText('6/4/2030')).closest('td')!;
    // On the organization's clock (Central: 4:00 AM CDT for 09:00Z), named: the test's browser runs in UTC.
    expect(cell.textContent).toMatch(/^6\/4\/2030 \d{1,2}:00 [AP]M CDT–\d{1,2}:00 [AP]M CDT$/);
    expect(screen.getByText('Doe, Jane').closest('td')!.className).toContain('ant-table-cell-ellipsis');
    expect(screen.getByRole('link', { name: '#42 Wound care' }).getAttribute('href')).toBe('/episode?id=42');
    expect(screen.getByRole('button', { name: 'Find clinicians for visit 5' }).textContent).toBe(
      'Find clinicians',
    );
    page.done();
  });

  it.each([8, 9, 12])('offers organization users (role %i) no bulk Approve or Delete', async (roleId) => {
    const page = renderPage(<VisitsPage />, { url: '/visits', roleId, referralSourceId: 3, route });
    expect(await screen.findByText('Doe, Jane')).toBeTruthy();
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select visit 5' })).toBeNull();
    page.done();
  });
});
