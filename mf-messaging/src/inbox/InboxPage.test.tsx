import {
  apiError,
  cardValues,
  paging,
  phoneScreen,
  renderPage,
  type ApiCall,
} from '@carelane/shared-ui/testing';
import { jsonResponse } from '@carelane/shared-session/testing';
import { MESSAGING_TEXTS, ROLE, type InboxItem, type SmsBlock } from '@carelane/shared-domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import InboxPage from './InboxPage';

jest.setTimeout(60_000);

const item = (id: number, over: Partial<InboxItem> = {}): InboxItem => ({
  id,
  channel: 'sms',
  from: '5125550134',
  to: '5125550100',
  subject: null,
  body: 'Running 10 minutes late to the visit',
  receivedAt: '2026-12-05T15:30:00.000Z',
  status: 'Pending',
  keyword: null,
  sender: { kind: 'clinician', providerId: 40, userId: null, name: 'Nora Nurse', referralSourceId: null },
  topicId: 7,
  handledAt: null,
  handledByName: null,
  ...over,
});

const late = item(31);
const stranger = item(32, {
  channel: 'email',
  from: 'someone@example.com',
  subject: 'About my mother',
  body: 'Who visits on Friday?',
  sender: { kind: 'unknown', providerId: null, userId: null, name: null, referralSourceId: null },
  topicId: null,
});
const silent: SmsBlock = {
  providerId: 41,
  name: 'Sam Silent',
  phoneNumber: '5125550177',
  reason: 'unanswered',
  unansweredCount: 5,
  since: '2026-12-01T14:00:00.000Z',
};

const inboxList = (rows: InboxItem[], pendingCount = 2) =>
  jsonResponse({ rows, paging: paging(rows.length), pendingCount });

function routeWith(reply: (call: ApiCall) => Response = () => jsonResponse({})) {
  return (call: ApiCall) => {
    const path = call.url.pathname;
    if (path === '/api/messaging/inbox' && call.method === 'GET') return inboxList([late, stranger]);
    if (path === '/api/messaging/inbox/31/reply') return reply(call);
    if (path === '/api/messaging/inbox/31/handled')
      return jsonResponse({ item: { ...late, status: 'Handled' }, message: MESSAGING_TEXTS.markedHandled });
    if (path === '/api/messaging/smsBlocks') return jsonResponse({ rows: [silent] });
    return undefined;
  };
}

const listCalls = (calls: ApiCall[]) => calls.filter((call) => call.url.pathname === '/api/messaging/inbox');

describe('InboxPage', () => {
  it('asks for the pending messages by default and shows them with their sender, channel and conversation', async () => {
    const page = renderPage(<InboxPage />, { url: '/inbox', route: routeWith() });
    const table = await screen.findByRole('table', { name: 'Inbox messages' });
    expect(await within(table).findByText('Running 10 minutes late to the visit')).toBeTruthy();
    const asked = listCalls(page.calls)[0]!.url.searchParams;
    expect(asked.get('status')).toBe('Pending');
    expect(asked.get('pageNumber')).toBe('1');
    expect(asked.get('channel')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Inbox' })).toBeTruthy();
    expect(screen.getByText('2 messages wait for an answer')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Nora Nurse' }).getAttribute('href')).toBe(
      '/provider?providerId=40',
    );
    expect(within(table).getByText('Clinician')).toBeTruthy();
    expect(within(table).getByText('512-555-0134')).toBeTruthy();
    expect(within(table).getByText('Unknown sender')).toBeTruthy();
    expect(within(table).getByText('someone@example.com')).toBeTruthy();
    expect(within(table).getByText('About my mother')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Open conversation' }).getAttribute('href')).toBe(
      '/messages?topic=7',
    );
    page.done();
  });

  it('writes the filters to the URL and asks the server with them', async () => {
    const page = renderPage(<InboxPage />, { url: '/inbox?pageNumber=2', route: routeWith() });
    await screen.findByRole('table', { name: 'Inbox messages' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Channel' }));
    await user.click((await screen.findAllByTitle('Email')).at(-1)!);
    await waitFor(() => expect(new URLSearchParams(location.search).get('channel')).toBe('email'));
    expect(new URLSearchParams(location.search).get('pageNumber')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click((await screen.findAllByTitle('All')).at(-1)!);
    await user.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'mother');
    await waitFor(() => expect(new URLSearchParams(location.search).get('search')).toBe('mother'));
    expect(new URLSearchParams(location.search).get('status')).toBe('All');
    await waitFor(() =>
      expect(
        listCalls(page.calls).some(
          (call) =>
            call.url.searchParams.get('search') === 'mother' &&
            call.url.searchParams.get('channel') === 'email' &&
            call.url.searchParams.get('status') === 'All',
        ),
      ).toBe(true),
    );
    page.done();
  });

  it('sends a reply from the dialog and says so', async () => {
    const page = renderPage(<InboxPage />, {
      url: '/inbox',
      route: routeWith(() =>
        jsonResponse({ item: { ...late, status: 'Handled' }, message: MESSAGING_TEXTS.replySent }),
      ),
    });
    const table = await screen.findByRole('table', { name: 'Inbox messages' });
    const user = userEvent.setup();
    await user.click((await within(table).findAllByRole('button', { name: 'Reply' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reply'), 'Thanks, I will tell the family.');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(page.toasts).toEqual([MESSAGING_TEXTS.replySent]));
    const sent = page.calls.find((call) => call.url.pathname === '/api/messaging/inbox/31/reply')!;
    expect(sent.method).toBe('POST');
    expect(sent.body).toEqual({ body: 'Thanks, I will tell the family.' });
    page.done();
  });

  it('shows a refused reply in the dialog and keeps the text', async () => {
    const refusal = MESSAGING_TEXTS.smsBlocked(40);
    const page = renderPage(<InboxPage />, {
      url: '/inbox',
      route: routeWith(() => apiError(409, refusal)),
    });
    const table = await screen.findByRole('table', { name: 'Inbox messages' });
    const user = userEvent.setup();
    await user.click((await within(table).findAllByRole('button', { name: 'Reply' }))[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reply'), 'Are you there?');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(refusal);
    expect((within(dialog).getByLabelText('Reply') as HTMLTextAreaElement).value).toBe('Are you there?');
    expect(page.toasts).toEqual([]);
    page.done();
  });

  it('marks a message handled', async () => {
    const page = renderPage(<InboxPage />, { url: '/inbox', route: routeWith() });
    const table = await screen.findByRole('table', { name: 'Inbox messages' });
    const user = userEvent.setup();
    await user.click((await within(table).findAllByRole('button', { name: 'Mark handled' }))[0]!);
    await waitFor(() => expect(page.toasts).toEqual([MESSAGING_TEXTS.markedHandled]));
    expect(page.calls.some((call) => call.url.pathname === '/api/messaging/inbox/31/handled')).toBe(true);
    page.done();
  });

  it('lets an organization user read their own messages, without actions or the blocks tab', async () => {
    const handled = item(33, {
      status: 'Handled',
      handledAt: '2026-12-05T16:00:00.000Z',
      handledByName: 'Cora Coordinator',
      sender: { kind: 'user', providerId: null, userId: 9, name: 'Olive Org', referralSourceId: 2 },
      topicId: null,
    });
    const page = renderPage(<InboxPage />, {
      url: '/inbox?status=All',
      roleId: ROLE.ORGANIZATION_USER,
      referralSourceId: 2,
      route: (call) =>
        call.url.pathname === '/api/messaging/inbox' ? inboxList([handled, late], 1) : undefined,
    });
    const table = await screen.findByRole('table', { name: 'Inbox messages' });
    expect(await within(table).findByText('Olive Org')).toBeTruthy();
    expect(within(table).getByText(/Handled by Cora Coordinator at/)).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Mark handled' })).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getByText(/These are the messages you sent us/)).toBeTruthy();
    expect(page.calls.some((call) => call.url.pathname === '/api/messaging/smsBlocks')).toBe(false);
    page.done();
  });

  it('lists the clinicians SMS cannot reach, and why, on the second tab', async () => {
    const page = renderPage(<InboxPage />, { url: '/inbox', route: routeWith() });
    await screen.findByRole('table', { name: 'Inbox messages' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Who SMS can’t reach' }));
    await waitFor(() => expect(new URLSearchParams(location.search).get('tab')).toBe('blocks'));
    const blocks = await screen.findByRole('table', { name: 'Clinicians SMS cannot reach' });
    expect(await within(blocks).findByRole('link', { name: 'Sam Silent' })).toBeTruthy();
    expect(within(blocks).getByText('No answer to 5 recent SMS')).toBeTruthy();
    expect(within(blocks).getByText('512-555-0177')).toBeTruthy();
    page.done();
  });

  it('says when nothing waits for an answer', async () => {
    const page = renderPage(<InboxPage />, {
      url: '/inbox',
      route: (call) => (call.url.pathname === '/api/messaging/inbox' ? inboxList([], 0) : undefined),
    });
    expect(await screen.findByText('Nothing waits for an answer.')).toBeTruthy();
    expect(await screen.findByText('0 messages wait for an answer')).toBeTruthy();
    await act(async () => undefined);
    page.done();
  });

  it('shows each message as a card on a 390 px phone, with its actions', async () => {
    const restore = phoneScreen();
    try {
      const page = renderPage(<InboxPage />, { url: '/inbox', route: routeWith() });
      const list = await screen.findByRole('list', { name: 'Inbox messages' });
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      expect(cardValues(cards[0]!)).toMatchObject({ Channel: 'SMS', Conversation: 'Open conversation' });
      expect(within(cards[0]!).getByRole('button', { name: 'Reply' })).toBeTruthy();
      expect(within(cards[1]!).getByText('Unknown sender')).toBeTruthy();
      page.done();
    } finally {
      restore();
    }
  });

  it('says when the inbox could not be loaded, and tries again', async () => {
    let failures = 1;
    const page = renderPage(<InboxPage />, {
      url: '/inbox',
      route: (call) => {
        if (call.url.pathname !== '/api/messaging/inbox') return undefined;
        return failures-- > 0 ? apiError(403, MESSAGING_TEXTS.staffOnly) : inboxList([late]);
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sorry, the inbox could not be loaded.');
    const user = userEvent.setup();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Running 10 minutes late to the visit')).toBeTruthy();
    page.done();
  });
});
