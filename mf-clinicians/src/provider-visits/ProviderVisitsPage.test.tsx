import type { ProviderVisitList, ProviderVisitRow } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import {
  apiError,
  paging,
  phoneScreen,
  renderPage,
  type RenderedPage,
  type Route,
} from '@carelane/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import ProviderVisitsPage from './ProviderVisitsPage';

jest.setTimeout(120_000);

const today = dayjs().format('YYYY-MM-DD');
const tomorrow = dayjs().add(1, 'day').format('YYYY-MM-DD');
const visit = (id: number, changes: Partial<ProviderVisitRow> = {}): ProviderVisitRow => ({
  id,
  episodeId: 3,
  episodeType: 'Visit',
  organizationName: 'Hill Country Home Health',
  patientId: 9,
  patientName: 'Nguyen, Mai',
  placeName: 'Nguyen, Mai',
  address: {
    addressLine1: '1200 Barton Springs Rd',
    addressLine2: null,
    city: 'Austin',
    state: 'TX',
    zipcode: '78704',
    latitude: 30.26,
    longitude: -97.76,
  },
  visitType: 'Skilled Nursing Visit',
  telehealth: false,
  dateOfService: today,
  startAt: `${today}T14:00:00.000Z`,
  endAt: `${today}T15:00:00.000Z`,
  timeZone: 'America/Chicago',
  status: 'Staffed',
  lateCancellation: false,
  shiftConfirmedByFacility: false,
  timeIn: null,
  timeOut: null,
  version: 2,
  ...changes,
});
const list = (rows: ProviderVisitRow[], changes: Partial<ProviderVisitList> = {}): ProviderVisitList => ({
  providerId: 40,
  providerName: 'Casey Rivera',
  status: 'PendingVisits',
  startDate: dayjs().subtract(120, 'day').format('YYYY-MM-DD'),
  endDate: dayjs().add(45, 'day').format('YYYY-MM-DD'),
  rows,
  paging: paging(rows.length, 1, 50),
  ...changes,
});

let page: RenderedPage | undefined;
afterEach(() => page?.done());
beforeEach(() => {
  Object.defineProperty(globalThis.navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: (p: { coords: { latitude: number; longitude: number } }) => void) =>
        ok({ coords: { latitude: 30.2672, longitude: -97.7431 } }),
    },
  });
});

const open = (url: string, roleId: number, route: Route) => {
  page = renderPage(<ProviderVisitsPage />, { url, roleId, route });
  return page;
};

describe('/providervisits', () => {
  it('shows a clinician their pending visits from 120 days ago to 45 ahead, by day, with the address as a maps link', async () => {
    const view = open('/providervisits', 4, (call) =>
      call.url.pathname === '/api/admin/myVisits'
        ? jsonResponse(
            list([
              visit(1),
              visit(2, {
                dateOfService: tomorrow,
                status: 'NotesDue',
                patientName: 'Ortiz, Ana',
                placeName: 'Ortiz, Ana',
              }),
            ]),
          )
        : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'My visits' })).toBeTruthy();
    expect(await screen.findByText('Nguyen, Mai')).toBeTruthy();
    const call = view.calls.find((c) => c.url.pathname === '/api/admin/myVisits')!;
    expect(call.url.searchParams.get('status')).toBe('PendingVisits');
    expect(call.url.searchParams.get('startDate')).toBe(dayjs().subtract(120, 'day').format('YYYY-MM-DD'));
    expect(call.url.searchParams.get('endDate')).toBe(dayjs().add(45, 'day').format('YYYY-MM-DD'));
    expect(screen.getByRole('heading', { name: dayjs(today).format('dddd M/D/YYYY') })).toBeTruthy();
    expect(screen.getByRole('heading', { name: dayjs(tomorrow).format('dddd M/D/YYYY') })).toBeTruthy();
    const link = screen.getAllByRole('link', { name: '1200 Barton Springs Rd, Austin, TX 78704' })[0]!;
    expect(link.getAttribute('href')).toContain(
      'google.com/maps/search/?api=1&query=1200%20Barton%20Springs%20Rd',
    );
    expect(screen.getAllByRole('button', { name: 'Check in' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Check out' })).toBeNull();
    // The visit whose notes are due links to its note; the staffed one has none yet.
    expect(screen.getAllByRole('link', { name: 'Write notes' }).map((a) => a.getAttribute('href'))).toEqual([
      '/note?visitId=2',
    ]);
  });

  it('keeps the status filter in the URL', async () => {
    const view = open('/providervisits?status=ALL', 4, (call) =>
      call.url.pathname === '/api/admin/myVisits' ? jsonResponse(list([])) : undefined,
    );
    expect(await screen.findByText('No visits')).toBeTruthy();
    expect(view.calls[0]!.url.searchParams.get('status')).toBe('ALL');
  });

  it('checks in after the confirmation, with the position, time and version', async () => {
    let checkedIn = false;
    const view = open('/providervisits', 4, (call) => {
      if (call.url.pathname === '/api/admin/myVisits')
        return jsonResponse(list([visit(1, checkedIn ? { status: 'AfterStaffed', version: 3 } : {})]));
      if (call.url.pathname === '/api/admin/myVisits/1/checkIn') {
        checkedIn = true;
        return jsonResponse({
          visit: visit(1, { status: 'AfterStaffed', version: 3 }),
          message: 'Checked in.',
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Check in to this visit now?')).toBeTruthy();
    const confirm = within(document.querySelector('.ant-popconfirm') as HTMLElement).getByRole('button', {
      name: 'Check in',
    });
    await user.click(confirm);
    await waitFor(() => expect(view.toasts).toContain('Checked in.'));
    const call = view.calls.find((c) => c.url.pathname === '/api/admin/myVisits/1/checkIn')!;
    expect(call.body).toMatchObject({ latitude: 30.2672, longitude: -97.7431, version: 2 });
    expect(typeof (call.body as { at: string }).at).toBe('string');
    expect(await screen.findByRole('button', { name: 'Check out' })).toBeTruthy();
  });

  it("shows the server's refusal of a check-out", async () => {
    const view = open('/providervisits', 4, (call) => {
      if (call.url.pathname === '/api/admin/myVisits')
        return jsonResponse(list([visit(1, { status: 'AfterStaffed' })]));
      if (call.url.pathname === '/api/admin/myVisits/1/checkOut')
        return apiError(409, 'This visit is Notes Due: only a checked-in visit can be checked out.');
      return undefined;
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Check out' }));
    await user.click(
      within(document.querySelector('.ant-popconfirm') as HTMLElement).getByRole('button', {
        name: 'Check out',
      }),
    );
    await waitFor(() =>
      expect(view.errorToasts).toContain(
        'Sorry, the visit could not be checked out. This visit is Notes Due: only a checked-in visit can be checked out.',
      ),
    );
  });

  it("shows staff a chosen clinician's visits from 29 days ago to 30 ahead, without check-in", async () => {
    const view = open('/providervisits?providerId=40', 5, (call) =>
      call.url.pathname === '/api/admin/providers/40/visits'
        ? jsonResponse(list([visit(1)], { status: 'ALL' }))
        : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Visits of Casey Rivera' })).toBeTruthy();
    const call = view.calls[0]!;
    expect(call.url.searchParams.get('status')).toBe('ALL');
    expect(call.url.searchParams.get('startDate')).toBe(dayjs().subtract(29, 'day').format('YYYY-MM-DD'));
    expect(call.url.searchParams.get('endDate')).toBe(dayjs().add(30, 'day').format('YYYY-MM-DD'));
    expect(screen.queryByRole('button', { name: 'Check in' })).toBeNull();
  });

  it('asks staff to choose a clinician, and refuses an organization user', async () => {
    open('/providervisits', 5, () => undefined);
    expect(await screen.findByText('Choose a clinician')).toBeTruthy();
    page!.done();
    page = undefined;
    open('/providervisits', 9, () => undefined);
    expect(await screen.findByText('Nothing to show')).toBeTruthy();
  });
});

describe('/providervisits on a phone', () => {
  it("shows a visit's hours on its organization's clock, naming the zone when the phone's clock differs", async () => {
    // New York's clock, whatever the test machine's zone (never New York's here: the suite runs in UTC or Central).
    const newYork = (iso: string) =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      })
        .format(new Date(iso))
        .replace(/\s/g, ' ');
    const restore = phoneScreen();
    try {
      open('/providervisits', 4, (call) =>
        call.url.pathname === '/api/admin/myVisits'
          ? jsonResponse(list([visit(1, { timeZone: 'America/New_York', timeIn: `${today}T14:05:00.000Z` })]))
          : undefined,
      );
      const card = await screen.findByRole('listitem');
      expect(
        within(card).getByText(`${newYork(`${today}T14:00:00.000Z`)} – ${newYork(`${today}T15:00:00.000Z`)}`),
      ).toBeTruthy();
      expect(within(card).getByText(`Checked in ${newYork(`${today}T14:05:00.000Z`)}`)).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("lists a day's visits as cards: who, when, where, and Check in", async () => {
    const restore = phoneScreen();
    try {
      open('/providervisits', 4, (call) =>
        call.url.pathname === '/api/admin/myVisits' ? jsonResponse(list([visit(1)])) : undefined,
      );
      const day = await screen.findByRole('region', { name: dayjs(today).format('dddd M/D/YYYY') });
      const card = within(within(day).getByRole('list')).getByRole('listitem');
      expect(within(card).getByText('Nguyen, Mai')).toBeTruthy();
      expect(within(card).getByText('Skilled Nursing Visit')).toBeTruthy();
      expect(
        within(card).getByRole('link', { name: '1200 Barton Springs Rd, Austin, TX 78704' }),
      ).toBeTruthy();
      expect(within(card).getByRole('button', { name: 'Check in' })).toBeTruthy();
      expect(screen.getByRole('group', { name: 'Visit filters' })).toBeTruthy();
    } finally {
      restore();
    }
  });
});
