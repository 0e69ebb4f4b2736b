import { MESSAGES, TASK_MESSAGES, type TimelineEntry } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import {
  apiError,
  cardValues,
  choose,
  paging,
  phoneScreen,
  renderPage,
  type ApiCall,
} from '@carelane/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { task } from '../tasks/test-fixtures';
import TimelinePage, { NO_SUBJECT_TEXT } from './TimelinePage';
import { timelineQueries } from './timeline-queries';

jest.setTimeout(60_000);

const ENTRIES: TimelineEntry[] = [
  {
    key: 'sms:31',
    kind: 'sms',
    at: '2026-12-07T15:30:00.000Z',
    title: 'SMS from 512-555-0104',
    body: 'Running late,\nbe there at 10.',
    actorName: 'Mary Jones',
    link: '/inbox?id=31',
  },
  {
    key: 'task:8',
    kind: 'task',
    at: '2026-12-06T14:00:00.000Z',
    title: 'Task: Call the family',
    body: null,
    actorName: 'Cole Manager',
    link: '/tasks?id=8',
  },
  {
    key: 'comment:4',
    kind: 'comment',
    at: '2026-12-05T09:00:00.000Z',
    title: 'Comment',
    body: 'Prefers morning visits.',
    actorName: null,
    link: null,
  },
];

const NOTE_ENTRY: TimelineEntry = {
  key: 'callLog:9',
  kind: 'callLog',
  at: '2026-12-07T16:00:00.000Z',
  title: 'Outgoing call with Ann Jones',
  body: 'Confirmed the visit.',
  actorName: 'Sara Staffing',
  link: null,
};

function route(call: ApiCall) {
  const path = call.url.pathname;
  if (path === '/api/messaging/timeline' && call.method === 'GET') {
    const kinds = call.url.searchParams.get('kinds')?.split(',');
    const rows = kinds ? ENTRIES.filter((entry) => kinds.includes(entry.kind)) : ENTRIES;
    return jsonResponse({
      subject: 'patient',
      id: 12,
      name: 'Mary Jones',
      rows,
      paging: paging(rows.length),
    });
  }
  if (path === '/api/messaging/timeline/notes' && call.method === 'POST') {
    const body = call.body as { body: string };
    if (body.body === 'x')
      return apiError(400, 'The note is not valid.', [{ field: 'body', message: 'says too little' }]);
    return jsonResponse({ entry: NOTE_ENTRY, message: MESSAGES.callLogAdded }, 201);
  }
  if (path === '/api/admin/tasks/assignees')
    return jsonResponse({ rows: [{ id: 7, name: 'Cole Manager', roleId: 7 }] });
  if (path === '/api/admin/tasks' && call.method === 'POST')
    return jsonResponse({ message: TASK_MESSAGES.saved, task: task(30, 'Call the daughter') }, 201);
  return undefined;
}

const listCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.url.pathname === '/api/messaging/timeline' && c.method === 'GET');
const postCalls = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');

/** The open modal, checked by its title (the test kit's ids are not unique enough to name it). */
async function openedDialog(title: string) {
  const dialog = await screen.findByRole('dialog');
  expect(dialog.querySelector('.ant-modal-title')!.textContent).toBe(title);
  return within(dialog);
}

async function openCallLog() {
  await screen.findByText('Task: Call the family');
  await userEvent.click(screen.getByRole('button', { name: 'Add call log' }));
  return openedDialog('Add call log');
}

describe('TimelinePage', () => {
  it('without a subject explains where a timeline opens from, asking nothing', () => {
    const page = renderPage(<TimelinePage />, { url: '/timeline', roleId: 5, route });
    expect(screen.getByRole('heading', { level: 1, name: 'Timeline' })).toBeTruthy();
    expect(screen.getByText(NO_SUBJECT_TEXT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add call log' })).toBeNull();
    expect(page.calls).toEqual([]);
    page.done();
  });

  it("lists a patient's entries newest first with their kind, title, text, who and link", async () => {
    const page = renderPage(<TimelinePage />, { url: '/timeline?patientId=12', roleId: 5, route });
    expect(await screen.findByText('Timeline of Mary Jones (patient)')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Timeline entries' });
    const asked = listCalls(page.calls)[0]!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      subject: 'patient',
      id: '12',
      pageNumber: '1',
      pageSize: '10',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('time')!.getAttribute('dateTime'))).toEqual(
      ENTRIES.map((entry) => entry.at),
    );
    expect(within(rows[0]!).getByText('SMS')).toBeTruthy();
    expect(within(rows[0]!).getByText('SMS from 512-555-0104')).toBeTruthy();
    expect(within(rows[0]!).getByText(/Running late,\s+be there at 10\./)).toBeTruthy();
    expect(within(rows[0]!).getByText('Mary Jones')).toBeTruthy();
    expect(
      within(rows[0]!).getByRole('link', { name: 'Open (SMS from 512-555-0104)' }).getAttribute('href'),
    ).toBe('/inbox?id=31');
    expect(within(rows[1]!).getByText('Tasks')).toBeTruthy();
    expect(
      within(rows[1]!).getByRole('link', { name: 'Open (Task: Call the family)' }).getAttribute('href'),
    ).toBe('/tasks?id=8');
    expect(within(rows[2]!).getByText('Comments')).toBeTruthy();
    expect(within(rows[2]!).getByText('Prefers morning visits.')).toBeTruthy();
    expect(within(rows[2]!).queryByRole('link')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Entries' })).toBeTruthy();
    page.done();
  });

  it('choosing kinds writes them to the URL, back on page 1, and asks the API with them', async () => {
    const page = renderPage(<TimelinePage />, {
      url: '/timeline?patientId=12&pageNumber=2',
      roleId: 5,
      route,
    });
    await screen.findByText('Task: Call the family');
    await choose('Kinds', 'SMS');
    await waitFor(() => expect(new URLSearchParams(globalThis.location.search).get('kinds')).toBe('sms'));
    expect(new URLSearchParams(globalThis.location.search).get('pageNumber')).toBeNull();
    await waitFor(() => expect(screen.queryByText('Task: Call the family')).toBeNull());
    await choose('Kinds', 'Emails');
    await waitFor(() =>
      expect(new URLSearchParams(globalThis.location.search).get('kinds')).toBe('sms,email'),
    );
    await waitFor(() =>
      expect(listCalls(page.calls).at(-1)!.url.searchParams.get('kinds')).toBe('sms,email'),
    );
    expect(listCalls(page.calls).at(-1)!.url.searchParams.get('pageNumber')).toBe('1');
    page.done();
  });

  it('the days from / to go to the URL and to the API, an end before the start giving one day', async () => {
    const page = renderPage(<TimelinePage />, {
      url: '/timeline?patientId=12&pageNumber=2',
      roleId: 5,
      route,
    });
    await screen.findByText('Task: Call the family');
    const search = () => new URLSearchParams(globalThis.location.search);
    await userEvent.type(screen.getByRole('textbox', { name: 'From' }), '12/3/2026{Enter}');
    await waitFor(() => expect(search().get('from')).toBe('2026-12-03'));
    expect(search().get('pageNumber')).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'To' }), '12/1/2026{Enter}');
    await waitFor(() => expect(search().get('to')).toBe('2026-12-03'));
    await waitFor(() => expect(listCalls(page.calls).at(-1)!.url.searchParams.get('to')).toBe('2026-12-03'));
    expect(listCalls(page.calls).at(-1)!.url.searchParams.get('from')).toBe('2026-12-03');
    page.done();
  });

  it('says when nothing matches the filters, and offers the access log only on a patient', async () => {
    const empty = (call: ApiCall) =>
      call.url.pathname === '/api/messaging/timeline'
        ? jsonResponse({ subject: 'clinician', id: 40, name: 'Nora Nurse', rows: [], paging: paging(0) })
        : undefined;
    const page = renderPage(<TimelinePage />, {
      url: '/timeline?providerId=40&kinds=incident',
      roleId: 5,
      route: empty,
    });
    expect(await screen.findByText('Timeline of Nora Nurse (clinician)')).toBeTruthy();
    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
    expect(listCalls(page.calls)[0]!.url.searchParams.get('subject')).toBe('clinician');
    await userEvent.click(screen.getByRole('combobox', { name: 'Kinds' }));
    expect((await screen.findAllByTitle('Changes')).length).toBeGreaterThan(0);
    expect(screen.queryByTitle('Patient access log')).toBeNull();
    page.done();
  });

  it('adds a call log: posts it, toasts the answer and reads the timeline again', async () => {
    const page = renderPage(<TimelinePage />, { url: '/timeline?patientId=12', roleId: 5, route });
    const dialog = await openCallLog();
    await choose('Direction', 'Outgoing');
    await userEvent.type(dialog.getByLabelText('Contact'), 'Ann Jones');
    await userEvent.type(dialog.getByLabelText('Text'), 'Confirmed the visit.');
    const before = listCalls(page.calls).length;
    await userEvent.click(dialog.getByRole('button', { name: 'Add call log' }));
    await waitFor(() => expect(page.toasts).toEqual(['Call log added successfully!']));
    expect(postCalls(page.calls)[0]!.body).toEqual({
      subject: 'patient',
      id: 12,
      kind: 'callLog',
      direction: 'Outgoing',
      contactName: 'Ann Jones',
      body: 'Confirmed the visit.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listCalls(page.calls).length).toBeGreaterThan(before));
    page.done();
  });

  it('adds a task about the patient: the drawer names them, the task is linked, the timeline read again', async () => {
    const page = renderPage(<TimelinePage />, { url: '/timeline?patientId=12', roleId: 5, route });
    await screen.findByText('Task: Call the family');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    const drawer = within(await screen.findByRole('dialog'));
    expect(drawer.getByText('About Mary Jones (patient)')).toBeTruthy();
    await user.type(drawer.getByLabelText('Title'), 'Call the daughter');
    await user.click(drawer.getByLabelText('Assignee'));
    await user.click(await screen.findByTitle('Cole Manager'));
    await user.type(drawer.getByLabelText('Due date'), '2026-12-10');
    const before = listCalls(page.calls).length;
    await user.click(drawer.getByRole('button', { name: 'Save task' }));
    await waitFor(() => expect(page.toasts).toEqual([TASK_MESSAGES.saved]));
    expect(postCalls(page.calls)[0]!.body).toMatchObject({
      title: 'Call the daughter',
      assigneeId: 7,
      dueDate: '2026-12-10',
      patientId: 12,
    });
    await waitFor(() => expect(listCalls(page.calls).length).toBeGreaterThan(before));
    page.done();
  });

  it('a call log needs its direction and text before anything is sent', async () => {
    const page = renderPage(<TimelinePage />, { url: '/timeline?patientId=12', roleId: 5, route });
    const dialog = await openCallLog();
    await userEvent.click(dialog.getByRole('button', { name: 'Add call log' }));
    expect(await dialog.findByText('Choose the direction of the call.')).toBeTruthy();
    expect(await dialog.findByText('Write the text.')).toBeTruthy();
    expect(postCalls(page.calls)).toEqual([]);
    page.done();
  });

  it('a refused note shows the reason on the Text field, on the form and in an error toast', async () => {
    const page = renderPage(<TimelinePage />, { url: '/timeline?patientId=12', roleId: 5, route });
    await screen.findByText('Task: Call the family');
    await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    const dialog = await openedDialog('Add comment');
    expect(dialog.queryByLabelText('Direction')).toBeNull();
    await userEvent.type(dialog.getByLabelText('Text'), 'x');
    await userEvent.click(dialog.getByRole('button', { name: 'Add comment' }));
    expect(await dialog.findByText('says too little')).toBeTruthy();
    const alert = dialog.getByRole('alert');
    expect(alert.textContent).toBe('Sorry, the comment could not be added. Text: says too little');
    expect(page.errorToasts).toEqual([alert.textContent]);
    expect(postCalls(page.calls)[0]!.body).toEqual({
      subject: 'patient',
      id: 12,
      kind: 'comment',
      body: 'x',
    });
    expect(page.toasts).toEqual([]);
    page.done();
  });

  it('a clinician reads the timeline without the Add buttons', async () => {
    const page = renderPage(<TimelinePage />, { url: '/timeline?patientId=12', roleId: 4, route });
    expect(await screen.findByText('Task: Call the family')).toBeTruthy();
    for (const name of ['Add call log', 'Add communication note', 'Add comment', 'Add task'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    page.done();
  });

  it('a clinician who names no subject reads their own timeline', async () => {
    const own = (call: ApiCall) => {
      if (call.url.pathname === '/api/admin/myOnboarding')
        return jsonResponse({
          providerId: 40,
          providerName: 'Nora Nurse',
          providerTypeId: 1,
          providerStatusId: 3,
          onboardStep: 'Done',
          steps: [],
          missing: [],
          toast: null,
        });
      if (call.url.pathname === '/api/messaging/timeline')
        return jsonResponse({
          subject: 'clinician',
          id: 40,
          name: 'Nora Nurse',
          rows: [],
          paging: paging(0),
        });
      return undefined;
    };
    const page = renderPage(<TimelinePage />, { url: '/timeline', roleId: 4, route: own });
    expect(await screen.findByText('Timeline of Nora Nurse (clinician)')).toBeTruthy();
    const asked = listCalls(page.calls)[0]!.url.searchParams;
    expect([asked.get('subject'), asked.get('id')]).toEqual(['clinician', '40']);
    expect(await screen.findByText('Nothing on this timeline yet.')).toBeTruthy();
    page.done();
  });

  it('a timeline that cannot be read says so', async () => {
    const refused = (call: ApiCall) =>
      call.url.pathname === '/api/messaging/timeline'
        ? apiError(403, 'You may not read this timeline.')
        : undefined;
    const page = renderPage(<TimelinePage />, {
      url: '/timeline?referralSourceId=7',
      roleId: 9,
      route: refused,
    });
    expect(await screen.findByText(/Sorry, the timeline could not be loaded\./)).toBeTruthy();
    expect(listCalls(page.calls)[0]!.url.searchParams.get('subject')).toBe('organization');
    page.done();
  });

  it('keeps every key under timeline', () => {
    const key = timelineQueries.list({ subject: 'patient', id: 12, pageNumber: 1, pageSize: 10 }).queryKey;
    expect(key[0]).toBe('timeline');
  });

  it('on a 390 px phone the entries are cards', async () => {
    const restore = phoneScreen();
    try {
      const page = renderPage(<TimelinePage />, { url: '/timeline?patientId=12', roleId: 5, route });
      const list = await screen.findByRole('list', { name: 'Timeline entries' });
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(3);
      expect(cardValues(cards[1]!)).toMatchObject({ Kind: 'Tasks', By: 'Cole Manager' });
      expect(within(cards[0]!).getByRole('link', { name: 'Open (SMS from 512-555-0104)' })).toBeTruthy();
      page.done();
    } finally {
      restore();
    }
  });
});
