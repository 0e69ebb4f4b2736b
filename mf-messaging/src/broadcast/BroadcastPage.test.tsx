import {
  apiError,
  cardValues,
  paging,
  phoneScreen,
  renderPage,
  type ApiCall,
} from '@carelane/shared-ui/testing';
import { jsonResponse } from '@carelane/shared-session/testing';
import type { Broadcast, BroadcastRecipient } from '@carelane/shared-domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BroadcastPage, { BROADCAST_NOTE } from './BroadcastPage';
import { broadcastQueries } from './broadcast-queries';

jest.setTimeout(60_000);

const broadcast: Broadcast = {
  id: 12,
  episodeId: 42,
  episodeTitle: 'Wound care for Jane Doe',
  visitIds: [5, 6],
  status: 'Sending',
  recipientCount: 3,
  sentCount: 1,
  skippedCount: 1,
  failedCount: 0,
  createdAt: '2026-12-07T15:30:00.000Z',
  createdByName: 'Sara Staffing',
  finishedAt: null,
};

const recipients: BroadcastRecipient[] = [
  {
    providerId: 40,
    name: 'Nora Nurse',
    credentialState: 3,
    status: 'Sent',
    channels: ['email', 'sms', 'app'],
    reason: null,
  },
  {
    providerId: 41,
    name: 'Sam Silent',
    credentialState: 1,
    status: 'Skipped',
    channels: [],
    reason: 'SMS: not answered 5 recent SMS. No email address.',
  },
];

function route(call: ApiCall) {
  const path = call.url.pathname;
  if (path === '/api/messaging/broadcasts') return jsonResponse({ rows: [broadcast], paging: paging(1) });
  if (path === '/api/messaging/broadcasts/12') return jsonResponse(broadcast);
  if (path === '/api/messaging/broadcasts/12/recipients') {
    const status = call.url.searchParams.get('status');
    const rows = status ? recipients.filter((r) => r.status === status) : recipients;
    return jsonResponse({ rows, paging: paging(rows.length) });
  }
  if (path === '/api/messaging/broadcasts/13') return apiError(404, 'This broadcast was not found.');
  return undefined;
}

const callsTo = (calls: ApiCall[], path: string) => calls.filter((c) => c.url.pathname === path);

describe('BroadcastPage', () => {
  it('lists the broadcasts from the API, each row opening its delivery', async () => {
    const page = renderPage(<BroadcastPage />, { url: '/broadcast', roleId: 5, route });
    expect(screen.getByRole('heading', { name: 'Broadcast' })).toBeTruthy();
    expect(screen.getByText(BROADCAST_NOTE)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Broadcasts' });
    expect(await within(table).findByText('Sara Staffing')).toBeTruthy();
    const asked = callsTo(page.calls, '/api/messaging/broadcasts')[0]!.url.searchParams;
    expect(asked.get('pageNumber')).toBe('1');
    expect(asked.get('pageSize')).toBe('10');
    expect(within(table).getByRole('link', { name: 'Wound care for Jane Doe' }).getAttribute('href')).toBe(
      '/episode?id=42',
    );
    expect(within(table).getByText('Sending')).toBeTruthy();
    expect(within(table).getByText('1 sent / 1 skipped / 0 failed of 3')).toBeTruthy();
    expect(within(table).getByText('2')).toBeTruthy();
    const bar = within(table).getByRole('progressbar', { name: 'Delivery of broadcast 12' });
    expect(bar.getAttribute('aria-valuenow')).toBe('67');
    await userEvent.click(within(table).getByRole('link', { name: /open broadcast 12/ }));
    await waitFor(() => expect(globalThis.location.search).toBe('?id=12'));
    expect(await screen.findByRole('heading', { name: 'Broadcast 12' })).toBeTruthy();
    page.done();
  });

  it('?id= shows the figures and the recipients with their channels and reasons', async () => {
    const page = renderPage(<BroadcastPage />, { url: '/broadcast?id=12', roleId: 5, route });
    const table = await screen.findByRole('table', { name: 'Recipients' });
    expect(await within(table).findByRole('link', { name: 'Nora Nurse' })).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Nora Nurse' }).getAttribute('href')).toBe(
      '/provider?providerId=40',
    );
    const nora = within(table).getByRole('link', { name: 'Nora Nurse' }).closest('tr')!;
    for (const text of ['Fully credentialed', 'Sent', 'Email', 'SMS', 'App'])
      expect(within(nora).getByText(text)).toBeTruthy();
    const sam = within(table).getByText('Sam Silent').closest('tr')!;
    expect(within(sam).getByText('Uncredentialed')).toBeTruthy();
    expect(within(sam).getByText('Skipped')).toBeTruthy();
    expect(within(sam).getByText('SMS: not answered 5 recent SMS. No email address.')).toBeTruthy();
    const figures = screen.getByLabelText('Broadcast figures');
    expect(within(figures).getByText('#5, #6')).toBeTruthy();
    expect(within(figures).getByText('1 sent / 1 skipped / 0 failed of 3')).toBeTruthy();
    expect(callsTo(page.calls, '/api/messaging/broadcasts').length).toBe(0);
    page.done();
  });

  it('the recipient status filter goes to the URL and to the API', async () => {
    const page = renderPage(<BroadcastPage />, { url: '/broadcast?id=12', roleId: 5, route });
    await screen.findByRole('link', { name: 'Nora Nurse' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Recipient status' }));
    await userEvent.click(await screen.findByTitle('Skipped'));
    await waitFor(() =>
      expect(new URLSearchParams(globalThis.location.search).get('status')).toBe('Skipped'),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Nora Nurse' })).toBeNull());
    const last = callsTo(page.calls, '/api/messaging/broadcasts/12/recipients').at(-1)!;
    expect(last.url.searchParams.get('status')).toBe('Skipped');
    page.done();
  });

  it('refreshes every 2 s only while the broadcast sends, under keys the broadcast events refresh', () => {
    const one = broadcastQueries.one(12);
    expect(one.queryKey[0]).toBe('broadcast');
    const refetch = one.refetchInterval as (q: { state: { data?: Broadcast } }) => number | false;
    expect(refetch({ state: { data: broadcast } })).toBe(2000);
    expect(refetch({ state: { data: { ...broadcast, status: 'Queued' } } })).toBe(2000);
    expect(refetch({ state: { data: { ...broadcast, status: 'Done' } } })).toBe(false);
    expect(broadcastQueries.recipients(12, { pageNumber: 1, pageSize: 10 }, true).refetchInterval).toBe(2000);
    expect(broadcastQueries.recipients(12, { pageNumber: 1, pageSize: 10 }, false).refetchInterval).toBe(
      false,
    );
  });

  it('a broadcast that cannot be read says so, with the way back', async () => {
    const page = renderPage(<BroadcastPage />, { url: '/broadcast?id=13', roleId: 5, route });
    expect(await screen.findByText(/Sorry, the broadcast could not be loaded\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'All broadcasts' })).toBeTruthy();
    page.done();
  });

  it('on a 390 px phone the broadcasts and the recipients are cards', async () => {
    const restore = phoneScreen();
    try {
      const page = renderPage(<BroadcastPage />, { url: '/broadcast', roleId: 5, route });
      const list = await screen.findByRole('list', { name: 'Broadcasts' });
      const [card] = within(list).getAllByRole('listitem');
      expect(cardValues(card!)).toMatchObject({ Visits: '2', By: 'Sara Staffing', Status: 'Sending' });
      expect(within(card!).getByRole('link', { name: /open broadcast 12/ })).toBeTruthy();
      page.done();
      const detail = renderPage(<BroadcastPage />, { url: '/broadcast?id=12', roleId: 5, route });
      const recipientsList = await screen.findByRole('list', { name: 'Recipients' });
      expect(await within(recipientsList).findByRole('link', { name: 'Nora Nurse' })).toBeTruthy();
      expect(within(recipientsList).getAllByRole('listitem')).toHaveLength(2);
      detail.done();
    } finally {
      restore();
    }
  });
});
