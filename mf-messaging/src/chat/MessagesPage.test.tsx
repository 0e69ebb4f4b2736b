import { getBus, invalidateOnEntityChanged } from '@carelane/shared-session';
import { FILE_MESSAGES } from '@carelane/shared-domain';
import {
  apiError,
  captureDownloads,
  phoneScreen,
  renderPage,
  type RenderedPage,
} from '@carelane/shared-ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STREAM_DOWN_MESSAGE } from './ChatView';
import { EMPTY_MESSAGE } from './Composer';
import MessagesPage from './MessagesPage';
import { acceptUploads, chatFile, fakeChat, message, topic, withFile, type FakeChat } from './test-fixtures';
import { ATTACH_OFFLINE_TITLE } from './use-attachment';

// antd renders slowly in jsdom on a busy machine.
jest.setTimeout(60_000);

const wound = topic(7, 'Wound care for Jane Doe', {
  unreadCount: 2,
  lastMessage: message(3, 'See you at 9.'),
});
const direct = topic(8, 'Nina Park', { kind: 'direct', episodeId: null, unreadCount: 0 });

function chatServer(): FakeChat {
  return fakeChat([wound, direct], {
    7: [
      message(1, 'Hello team.'),
      message(2, 'Patient prefers mornings.', 'Nina Park'),
      message(3, 'See you at 9.'),
    ],
    8: [],
  });
}

const callsTo = (page: RenderedPage, path: string, method = 'GET') =>
  page.calls.filter((call) => call.url.pathname === path && call.method === method);

const filePicker = (page: RenderedPage) =>
  page.container.querySelector<HTMLInputElement>('input[type=file]')!;

const bodiesIn = (name: RegExp) =>
  within(screen.getByRole('log', { name }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('div.ant-typography')?.textContent);

afterEach(() => act(() => getBus().eventStream$.next('closed')));

describe('MessagesPage', () => {
  it('lists my topics with their unread counts, latest first', async () => {
    const page = renderPage(<MessagesPage />, { url: '/messages', route: chatServer().route });
    const list = await screen.findByRole('navigation', { name: 'Your conversations' });
    const topics = within(list).getAllByRole('button');
    expect(topics).toHaveLength(2);
    expect(topics[0]).toBe(
      within(list).getByRole('button', {
        name: 'Wound care for Jane Doe (2 unread) Cora Whitfield: See you at 9.',
      }),
    );
    expect(topics[1]).toBe(within(list).getByRole('button', { name: 'Nina Park No messages yet' }));
    expect(within(list).getByText('2 unread in all')).toBeTruthy();
    expect(within(list).getByText('Cora Whitfield: See you at 9.')).toBeTruthy();
    expect(within(list).getByText('No messages yet')).toBeTruthy();
    expect(callsTo(page, '/api/chat/topics')[0]!.url.searchParams.get('pageSize')).toBe('20');
    page.done();
  });

  it('opens a topic into the URL, shows its messages oldest first and marks them read', async () => {
    const page = renderPage(<MessagesPage />, { url: '/messages', route: chatServer().route });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Wound care for Jane Doe \(2 unread\)/ }));
    await waitFor(() => expect(globalThis.location.search).toBe('?topic=7'));
    const log = await screen.findByRole('log', { name: 'Messages of Wound care for Jane Doe' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    await within(log).findByText('See you at 9.');
    expect(bodiesIn(/Wound care/)).toEqual(['Hello team.', 'Patient prefers mornings.', 'See you at 9.']);
    await waitFor(() => expect(callsTo(page, '/api/chat/topics/7/read', 'POST')).toHaveLength(1));
    expect(callsTo(page, '/api/chat/topics/7/read', 'POST')[0]!.body).toEqual({ messageId: 3 });
    page.done();
  });

  it('shows the empty states: no topics yet, and no messages in a topic yet', async () => {
    const page = renderPage(<MessagesPage />, { url: '/messages', route: fakeChat([], {}).route });
    expect(await screen.findByText('No conversations yet.')).toBeTruthy();
    page.done();
    const again = renderPage(<MessagesPage />, { url: '/messages?topic=8', route: chatServer().route });
    expect(await screen.findByText('No messages in this topic yet.')).toBeTruthy();
    again.done();
  });

  it('sends with Enter: posts the body with a fresh idempotency key and shows the message', async () => {
    const chat = chatServer();
    const page = renderPage(<MessagesPage />, { url: '/messages?topic=7', route: chat.route });
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'On my way{Shift>}{Enter}{/Shift}ETA 10 min');
    expect((box as HTMLTextAreaElement).value).toBe('On my way\nETA 10 min');
    await user.type(box, '{Enter}');
    await waitFor(() => expect(callsTo(page, '/api/chat/topics/7/messages', 'POST')).toHaveLength(1));
    const sent = callsTo(page, '/api/chat/topics/7/messages', 'POST')[0]!.body as Record<string, string>;
    expect(sent.body).toBe('On my way\nETA 10 min');
    expect(sent.idempotencyKey).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    const log = screen.getByRole('log', { name: /Wound care/ });
    await waitFor(() => expect(bodiesIn(/Wound care/).at(-1)).toBe('On my way\nETA 10 min'));
    expect(within(log).queryByText('Sending…')).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe('');
    // A second send has a key of its own.
    await user.type(box, 'Parked.{Enter}');
    await waitFor(() => expect(callsTo(page, '/api/chat/topics/7/messages', 'POST')).toHaveLength(2));
    const second = callsTo(page, '/api/chat/topics/7/messages', 'POST')[1]!.body as Record<string, string>;
    expect(second.idempotencyKey).not.toBe(sent.idempotencyKey);
    page.done();
  });

  it('refuses an empty message with a clear text and sends nothing', async () => {
    const page = renderPage(<MessagesPage />, { url: '/messages?topic=7', route: chatServer().route });
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(EMPTY_MESSAGE)).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(page, '/api/chat/topics/7/messages', 'POST')).toHaveLength(0);
    page.done();
  });

  it('keeps a failed send on screen with Retry, and the retry reuses its idempotency key', async () => {
    const chat = chatServer();
    chat.failSends.push(500);
    const page = renderPage(<MessagesPage />, { url: '/messages?topic=7', route: chat.route });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Gate code 1234{Enter}');
    const log = screen.getByRole('log', { name: /Wound care/ });
    const retry = await within(log).findByRole('button', { name: 'Retry' });
    expect(
      within(log).getByText('Sorry, the message could not be sent. Something went wrong on our side.'),
    ).toBeTruthy();
    expect(page.errorToasts).toEqual([
      'Sorry, the message could not be sent. Something went wrong on our side.',
    ]);
    await user.click(retry);
    expect(within(log).getByText('Gate code 1234')).toBeTruthy();
    await waitFor(() => expect(within(log).queryByRole('button', { name: 'Retry' })).toBeNull());
    const posts = callsTo(page, '/api/chat/topics/7/messages', 'POST').map(
      (call) => call.body as Record<string, string>,
    );
    expect(posts).toHaveLength(2);
    expect(posts[1]).toEqual(posts[0]);
    await waitFor(() => expect(within(log).getAllByText('Gate code 1234')).toHaveLength(1));
    expect(chat.messages.get(7)!.filter((m) => m.body === 'Gate code 1234')).toHaveLength(1);
    page.done();
  });

  it('attaches a file: uploads its bytes at once, shows a removable chip, and Send posts its id (text optional)', async () => {
    const chat = chatServer();
    const page = renderPage(<MessagesPage />, { url: '/messages?topic=7', route: chat.route });
    acceptUploads(page, chat);
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Message' });
    const bytes = `%PDF-1.7 ${'x'.repeat(12 * 1024 - 9)}`;
    await user.click(screen.getByRole('button', { name: 'Attach a file' }));
    await user.upload(filePicker(page), new File([bytes], 'report.pdf', { type: 'application/pdf' }));
    const chip = await screen.findByRole('group', { name: 'Attachment' });
    expect(within(chip).getByText('report.pdf, 12 KB')).toBeTruthy();
    await waitFor(() => expect(within(chip).queryByText('Uploading…')).toBeNull());
    const uploads = callsTo(page, '/api/chat/topics/7/files', 'POST');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.url.searchParams.get('fileName')).toBe('report.pdf');
    expect(uploads[0]!.headers.get('content-type')).toBe('application/pdf');
    expect(uploads[0]!.body).toBe(bytes);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(callsTo(page, '/api/chat/topics/7/messages', 'POST')).toHaveLength(1));
    expect(callsTo(page, '/api/chat/topics/7/messages', 'POST')[0]!.body).toEqual({
      body: '',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_.:-]{8,100}$/) as unknown,
      attachmentFileId: 500,
    });
    const log = screen.getByRole('log', { name: /Wound care/ });
    expect(await within(log).findByRole('button', { name: 'Download report.pdf (12 KB)' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Attachment' })).toBeNull();

    // A file removed before sending is not sent; the next message goes without it.
    await user.upload(filePicker(page), new File(['draft'], 'draft.txt', { type: 'text/plain' }));
    const second = await screen.findByRole('group', { name: 'Attachment' });
    await waitFor(() => expect(within(second).queryByText('Uploading…')).toBeNull());
    await user.click(within(second).getByRole('button', { name: 'Remove attachment' }));
    expect(screen.queryByRole('group', { name: 'Attachment' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Thanks.{Enter}');
    await waitFor(() => expect(callsTo(page, '/api/chat/topics/7/messages', 'POST')).toHaveLength(2));
    expect(callsTo(page, '/api/chat/topics/7/messages', 'POST')[1]!.body).toEqual({
      body: 'Thanks.',
      idempotencyKey: expect.any(String) as unknown,
    });
    page.done();
  });

  it("shows the server's refusal of a file under the composer, and no chip", async () => {
    const chat = chatServer();
    chat.refuseUploads.push(() =>
      apiError(400, 'The request is not valid.', [
        { field: 'file', message: 'The content of the file is not what its extension says.' },
      ]),
    );
    const page = renderPage(<MessagesPage />, { url: '/messages?topic=7', route: chat.route });
    acceptUploads(page, chat);
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole('textbox', { name: 'Message' });
    await user.upload(filePicker(page), new File(['not a png'], 'scan.png', { type: 'image/png' }));
    expect(
      await screen.findByText(
        'Sorry, the file could not be attached. The content of the file is not what its extension says.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Attachment' })).toBeNull();
    expect(callsTo(page, '/api/chat/topics/7/files', 'POST')).toHaveLength(1);
    // A type that is never accepted is refused before any upload.
    await user.upload(filePicker(page), new File(['MZ'], 'setup.exe'));
    expect(
      await screen.findByText(`Sorry, the file could not be attached. ${FILE_MESSAGES.wrongType}`),
    ).toBeTruthy();
    expect(callsTo(page, '/api/chat/topics/7/files', 'POST')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(EMPTY_MESSAGE)).toBeTruthy();
    expect(callsTo(page, '/api/chat/topics/7/messages', 'POST')).toHaveLength(0);
    page.done();
  });

  it("shows a message's file in the log and downloads it by its name", async () => {
    const report = chatFile(31, 'report.pdf', 12 * 1024);
    const chat = fakeChat([wound], {
      7: [message(1, 'Hello team.'), withFile(message(2, 'Report attached.'), report)],
    });
    const page = renderPage(<MessagesPage />, { url: '/messages?topic=7', route: chat.route });
    const downloads = captureDownloads();
    const user = userEvent.setup();
    const log = await screen.findByRole('log', { name: /Wound care/ });
    const link = await within(log).findByRole('button', { name: 'Download report.pdf (12 KB)' });
    expect(link.textContent).toContain('report.pdf (12 KB)');
    await user.click(link);
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(downloads.saved[0]!.name).toBe('report.pdf');
    // The bytes are the fetch's own Blob, which jsdom's FileReader (the kit's text()) does not read.
    const blob = (URL.createObjectURL as jest.Mock<string, [Blob]>).mock.calls[0]![0];
    expect(await blob.text()).toBe('bytes of report.pdf');
    expect(callsTo(page, '/api/chat/topics/7/files/31')).toHaveLength(1);
    downloads.restore();
    page.done();
  });

  it('keeps the file with a failed send: the retry posts the same key and the same attachmentFileId', async () => {
    const chat = chatServer();
    chat.failSends.push(500);
    const page = renderPage(<MessagesPage />, { url: '/messages?topic=7', route: chat.route });
    acceptUploads(page, chat);
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Message' });
    await user.upload(filePicker(page), new File(['Plan'], 'plan.txt', { type: 'text/plain' }));
    const chip = await screen.findByRole('group', { name: 'Attachment' });
    await waitFor(() => expect(within(chip).queryByText('Uploading…')).toBeNull());
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'The plan.{Enter}');
    const log = screen.getByRole('log', { name: /Wound care/ });
    await user.click(await within(log).findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(log).queryByRole('button', { name: 'Retry' })).toBeNull());
    const posts = callsTo(page, '/api/chat/topics/7/messages', 'POST').map((call) => call.body);
    expect(posts).toHaveLength(2);
    expect(posts[1]).toEqual(posts[0]);
    expect(posts[0]).toMatchObject({ body: 'The plan.', attachmentFileId: 500 });
    expect(chat.messages.get(7)!.filter((m) => m.attachmentFileId === 500)).toHaveLength(1);
    page.done();
  });

  it('disables attaching while offline, saying a file needs a connection', async () => {
    let online = false;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    const page = renderPage(<MessagesPage />, { url: '/messages?topic=7', route: chatServer().route });
    try {
      await screen.findByRole('textbox', { name: 'Message' });
      const attach = screen.getByRole('button', { name: 'Attach a file' });
      expect(attach).toHaveProperty('disabled', true);
      expect(attach.getAttribute('title')).toBe(ATTACH_OFFLINE_TITLE);
      online = true;
      act(() => {
        globalThis.dispatchEvent(new Event('online'));
      });
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Attach a file' })).toHaveProperty('disabled', false),
      );
    } finally {
      online = true;
      page.done();
    }
  });

  it('warns with the exact text while the event stream is down, and refetches when it is back', async () => {
    const page = renderPage(<MessagesPage />, { url: '/messages?topic=7', route: chatServer().route });
    await screen.findByText('See you at 9.');
    expect(screen.queryByText(STREAM_DOWN_MESSAGE)).toBeNull();
    act(() => getBus().eventStream$.next('down'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Something is not right with messaging. You may not receive messages on time.',
    );
    const before = callsTo(page, '/api/chat/topics/7/messages').length;
    act(() => getBus().eventStream$.next('open'));
    await waitFor(() => expect(screen.queryByText(STREAM_DOWN_MESSAGE)).toBeNull());
    await waitFor(() => expect(callsTo(page, '/api/chat/topics/7/messages').length).toBe(before + 1));
    page.done();
  });

  it('shows a new message live when a chatMessage event arrives, with the unread counts refetched', async () => {
    const stop = invalidateOnEntityChanged(); // as the shell wires the shared cache
    const chat = chatServer();
    const page = renderPage(<MessagesPage />, { url: '/messages?topic=7', route: chat.route });
    await screen.findByText('See you at 9.');
    const topicReads = callsTo(page, '/api/chat/topics').length;
    chat.messages.set(7, [...chat.messages.get(7)!, message(4, 'Running late.', 'Nina Park')]);
    act(() =>
      getBus().entityChanged$.next({
        entity: 'chatMessage',
        id: 4,
        action: 'created',
        at: '2026-05-02T10:04:00Z',
      }),
    );
    expect(await screen.findByText('Running late.')).toBeTruthy();
    expect(callsTo(page, '/api/chat/topics').length).toBeGreaterThan(topicReads);
    await waitFor(() =>
      expect(callsTo(page, '/api/chat/topics/7/read', 'POST').at(-1)!.body).toEqual({ messageId: 4 }),
    );
    stop();
    page.done();
  });

  it('loads older messages 20 at a time above the newer ones, and searches the topic from the URL', async () => {
    const many = Array.from({ length: 25 }, (_, index) => message(index + 1, `Note ${index + 1}`));
    const chat = fakeChat([wound], { 7: many });
    const page = renderPage(<MessagesPage />, { url: '/messages?topic=7', route: chat.route });
    await screen.findByText('Note 25');
    expect(bodiesIn(/Wound care/)).toHaveLength(20);
    expect(bodiesIn(/Wound care/)[0]).toBe('Note 6');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    await screen.findByText('Note 1');
    expect(bodiesIn(/Wound care/)).toEqual(many.map((m) => m.body));
    expect(callsTo(page, '/api/chat/topics/7/messages').at(-1)!.url.searchParams.get('before')).toBe('6');
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Search this conversation' }), 'note 2{Enter}');
    await waitFor(() => expect(globalThis.location.search).toBe('?topic=7&q=note+2'));
    await waitFor(() =>
      expect(bodiesIn(/Wound care/)).toEqual(['Note 2', ...many.slice(19).map((m) => m.body)]),
    );
    expect(callsTo(page, '/api/chat/topics/7/messages').at(-1)!.url.searchParams.get('search')).toBe(
      'note 2',
    );
    page.done();
  });

  it('pages the topic list 20 at a time, the page in the URL', async () => {
    const many = Array.from({ length: 23 }, (_, index) => topic(100 + index, `Request ${index + 1}`));
    const page = renderPage(<MessagesPage />, { url: '/messages', route: fakeChat(many, {}).route });
    const list = await screen.findByRole('navigation', { name: 'Your conversations' });
    expect(within(list).getByText('Page 1 of 2')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Newer conversations' })).toHaveProperty(
      'disabled',
      true,
    );
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Older conversations' }));
    expect(await within(list).findByRole('button', { name: /^Request 23 / })).toBeTruthy();
    expect(globalThis.location.search).toBe('?page=2');
    expect(within(list).queryByRole('button', { name: /^Request 1 / })).toBeNull();
    expect(callsTo(page, '/api/chat/topics').at(-1)!.url.searchParams.get('pageNumber')).toBe('2');
    page.done();
  });

  it('stacks the panes on a 390 px phone: the list, then the open topic with a way back', async () => {
    const restore = phoneScreen();
    const page = renderPage(<MessagesPage />, { url: '/messages', route: chatServer().route });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Nina Park / }));
    expect(await screen.findByText('No messages in this topic yet.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Nina Park' }));
    expect(screen.queryByRole('navigation', { name: 'Your conversations' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(await screen.findByRole('navigation', { name: 'Your conversations' })).toBeTruthy();
    expect(globalThis.location.search).toBe('');
    restore();
    page.done();
  });
});
