import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { episodeSchema } from '@carelane/shared-domain';
import { jsonResponse, paging, renderPage } from '../common/test-kit';
import { EpisodeVisits } from './EpisodeVisits';
import { episode, visit, visits } from './test-fixtures';

// The visits part of a service request's page, alone (the whole page renders too slowly in jsdom for these).
jest.setTimeout(300_000);

const visitRow = {
  id: 1,
  episodeId: 42,
  episodeTitle: 'Night shifts',
  episodeType: 'Shift',
  referralSourceId: 3,
  organizationName: 'Sunrise Home Health',
  patientId: null,
  patientName: null,
  visitTypeId: 400,
  visitType: 'RN Shift',
  providerTypeId: 1,
  providerType: 'RN',
  dateOfService: '2026-12-03',
  startAt: '2026-12-03T13:00:00.000Z',
  endAt: '2026-12-03T21:00:00.000Z',
  duration: 480,
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

const fitScoreAnswer = {
  visit: { ...visitRow, zipcode: '75201', latitude: 32.7, longitude: -96.8 },
  providerList: [
    {
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
    },
  ],
  paging: paging(1),
  providerTypeRates: [],
  rateVisibility: 'all',
};

/** The request's organization: in Texas, its visits' times are Central (decision 039). */
const organization = {
  id: 3,
  name: 'Sunrise Home Health',
  status: 'ACTIVE',
  zipcode: '78701',
  latitude: 30.27,
  longitude: -97.74,
  phone: null,
  fax: null,
  email: null,
  idleTimeout: null,
  dashboardVisitDateRange: null,
  missedVisitDateRange: null,
  tasksDateRange: null,
  incidentsDateRange: null,
  caseManager: false,
  actionType: null,
  onboardStepRS: 'Done',
  timeZone: 'America/Chicago',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};

function open(
  answer: (method: string, path: string) => Response | undefined,
  options: { roleId?: number; request?: typeof episode } = {},
) {
  const roleId = options.roleId ?? 9;
  return renderPage(<EpisodeVisits episode={episodeSchema.parse(options.request ?? episode)} />, {
    url: '/episode?id=42',
    roleId,
    referralSourceId: [8, 9, 12].includes(roleId) ? 3 : undefined,
    route: (call) => {
      const path = call.url.pathname;
      const custom = answer(call.method, path);
      if (custom) return custom;
      if (path === '/api/admin/episodes/42' && call.method === 'GET')
        return jsonResponse(options.request ?? episode);
      if (path === '/api/admin/episodes/42/visits')
        return jsonResponse({ rows: visits, paging: paging(3, 1, 1000) });
      if (path.startsWith('/api/admin/referralSources/')) return jsonResponse(organization);
      if (path === '/api/admin/visitTypes')
        return jsonResponse({
          rows: [
            {
              id: 400,
              type: 'RN Shift',
              description: 'Registered nurse shift',
              unit: '$/Hour',
              evaluation: false,
              discharge: false,
              serviceType: 'Shift',
              telehealth: false,
              providerTypeIds: [1],
            },
            {
              id: 401,
              type: 'LVN Shift',
              description: 'Licensed vocational nurse shift',
              unit: '$/Hour',
              evaluation: false,
              discharge: false,
              serviceType: 'Shift',
              telehealth: false,
              providerTypeIds: [2],
            },
            {
              id: 304,
              type: 'RN Routine',
              description: 'Routine visit',
              unit: '$/Visit',
              evaluation: false,
              discharge: false,
              serviceType: 'Visit',
              telehealth: false,
              providerTypeIds: [1],
            },
          ],
        });
      if (path === '/api/admin/providerTypes')
        return jsonResponse({
          rows: [
            { id: 1, type: 'RN' },
            { id: 2, type: 'LVN' },
          ],
        });
      // No reason lists on the server: the page offers the shipped ones.
      if (path === '/api/admin/constants') return jsonResponse([]);
      if (path === '/api/fileserver/episodes/42/files') return jsonResponse({ rows: [], fileSizeLimitMb: 5 });
      if (path === '/api/admin/insurances' || path === '/api/admin/facilities')
        return jsonResponse({ rows: [] });
      if (['/api/admin/patients', '/api/admin/physicians', '/api/admin/contacts'].includes(path))
        return jsonResponse({ rows: [], paging: paging(0) });
      return undefined;
    },
  });
}

describe('EpisodeVisits', () => {
  it('finds clinicians in place: the drawer opens on the request, and after assigning the visit stays listed', async () => {
    let assigned = false;
    const page = open(
      (method, path) => {
        if (path === '/api/admin/episodes/42/visits' && assigned)
          return jsonResponse({
            rows: [visit(1, 'Staffed', { providerId: 7, providerName: 'Lopez, Ana' }), ...visits.slice(1)],
            paging: paging(3, 1, 1000),
          });
        if (path === '/api/operation/fitScore') return jsonResponse(fitScoreAnswer);
        if (method === 'POST' && path === '/api/admin/assignVisit') {
          assigned = true;
          return jsonResponse({ ...visitRow, status: 'Staffed', providerId: 7, providerName: 'Lopez, Ana' });
        }
        return undefined;
      },
      { roleId: 5 },
    );
    const table = await screen.findByRole('table', { name: 'Visits of this service request' });
    fireEvent.click(await within(table).findByRole('button', { name: /^Find clinicians/ }));
    // (antd names the drawer by its title; in jsdom every antd id is 'test-id', so the title is read instead.)
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Find clinicians', { selector: '.ant-drawer-title' })).toBeTruthy();
    expect(globalThis.location.pathname).toBe('/episode');
    expect(new URLSearchParams(globalThis.location.search).get('match')).toBe('1');
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Assign Ana Lopez' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(page.toasts).toEqual(['Lopez, Ana assigned. The clinician and the facility are notified.']),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(table).findByText('Lopez, Ana')).toBeTruthy();
    expect(globalThis.location.pathname).toBe('/episode');
    expect(new URLSearchParams(globalThis.location.search).get('id')).toBe('42');
    page.done();
  });

  it('Enter in "Date of service" takes the date as typed and adds nothing; the button adds it and says so', async () => {
    const page = open((method, path) =>
      method === 'POST' && path === '/api/admin/episodes/42/visits'
        ? jsonResponse({ rows: [visit(9, 'Draft', { dateOfService: '2099-12-24' })] })
        : undefined,
    );
    const user = userEvent.setup();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Visit type' }));
    fireEvent.click((await screen.findAllByTitle('RN Shift — Registered nurse shift')).at(-1)!);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Provider type' }));
    fireEvent.click((await screen.findAllByTitle('RN')).at(-1)!);
    const date = screen.getByLabelText('Date of service') as HTMLInputElement;
    // 12/23 committed by leaving the field, then 12/24 typed over it and Enter pressed.
    await user.click(date);
    await user.paste('12/23/2099');
    await user.tab();
    await user.click(date);
    await user.keyboard('{Control>}a{/Control}');
    await user.paste('12/24/2099');
    await user.keyboard('{Enter}');
    expect(date.value).toBe('12/24/2099');
    expect(page.calls.some((call) => call.method === 'POST')).toBe(false);
    // No time, no shift: the form says so and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Add shifts' }));
    expect(await screen.findByText('Enter the start time.')).toBeTruthy();
    expect(page.calls.some((call) => call.method === 'POST')).toBe(false);
    // The time as people type it, on the organization's clock (named: the test runs in UTC).
    const time = screen.getByRole('textbox', { name: 'Start time' }) as HTMLInputElement;
    await user.type(time, '7pm');
    await user.tab();
    expect(time.value).toBe('7:00 PM');
    expect(screen.getByText('CST')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add shifts' }));
    await waitFor(() => expect(page.toasts).toEqual(['Shift added for 12/24/2099.']));
    const posts = page.calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toMatchObject({
      dateOfService: '2099-12-24',
      startTime: '19:00',
      visitTypeId: 400,
      providerTypeId: 1,
    });
    page.done();
  });

  it("pre-fills the request's only visit and provider type, offers only the request's types, and names a refused field by its label", async () => {
    const message = 'Fixed rate cannot be more than $50.00';
    const page = open(
      (method, path) =>
        method === 'POST' && path === '/api/admin/episodes/42/visits'
          ? jsonResponse(
              {
                statusCode: 400,
                code: 'VALIDATION',
                error: `rates: ${message}, duration: must be at most 1440`,
                errors: [
                  { field: 'rates', message },
                  { field: 'duration', message: 'must be at most 1440' },
                ],
              },
              400,
            )
          : undefined,
      { request: { ...episode, visitTypeIds: [400], providerTypeIds: [1] } },
    );
    const user = userEvent.setup();
    const form = (await screen.findByRole('button', { name: 'Add shifts' })).closest('form')!;
    expect(within(form).getByTitle('RN Shift — Registered nurse shift')).toBeTruthy();
    expect(within(form).getByTitle('RN')).toBeTruthy();
    await user.click(within(form).getByRole('combobox', { name: 'Visit type' }));
    expect(await screen.findAllByTitle('RN Shift — Registered nurse shift')).toHaveLength(2);
    expect(screen.queryByTitle('LVN Shift — Licensed vocational nurse shift')).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(within(form).getByLabelText('Date of service'));
    // A calendar opens (the typed date is still taken as typed).
    await waitFor(() =>
      expect(document.querySelector('.ant-picker-dropdown .ant-picker-date-panel')).not.toBeNull(),
    );
    await user.keyboard('12/24/2099');
    await user.type(within(form).getByRole('textbox', { name: 'Start time' }), '10:00 AM');
    await user.click(within(form).getByLabelText('Fixed rate'));
    await user.paste('60');
    await user.click(screen.getByRole('button', { name: 'Add shifts' }));
    expect(await within(form).findByText(message)).toBeTruthy();
    await waitFor(() =>
      expect(page.errorToasts).toEqual([
        `Sorry, the shift could not be saved. ${message}, Duration (minutes): must be at most 1440`,
      ]),
    );
    const post = page.calls.find((call) => call.method === 'POST')!;
    expect(post.body).toMatchObject({
      visitTypeId: 400,
      providerTypeId: 1,
      dateOfService: '2099-12-24',
      duration: 480,
      isHourly: true,
      fixedRate: 60,
      rateTier: 'regular',
    });
    page.done();
  });

  it('says which visit was deleted', async () => {
    const page = open(
      (method, path) =>
        method === 'DELETE' && path === '/api/admin/episodes/42/visits/1'
          ? jsonResponse({ ...visit(1, 'Deleted'), version: 1 })
          : undefined,
      { roleId: 5 },
    );
    const table = await screen.findByRole('table', { name: 'Visits of this service request' });
    fireEvent.click((await within(table).findAllByRole('button', { name: 'Delete' }))[0]!);
    const confirm = await waitFor(() => document.querySelector<HTMLElement>('.ant-popconfirm')!);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(page.toasts).toEqual(['Shift of 12/3/2026 deleted.']));
    page.done();
  });
});
