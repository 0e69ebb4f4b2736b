import { renderPage } from '@carelane/shared-ui/testing';
import { jsonResponse } from '@carelane/shared-session/testing';
import { TASK_MESSAGES } from '@carelane/shared-domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TasksPage from './TasksPage';
import { task } from './test-fixtures';

jest.setTimeout(60_000);

const paging = (totalCount: number) => ({ pageNumber: 1, pageSize: 10, pageCount: 1, totalCount });
const callFamily = task(11, 'Call the family', {
  priority: 'High',
  patientId: 12,
  patientName: 'Mary Jones',
});

const route = (call: { url: URL; method: string }) => {
  if (call.url.pathname === '/api/admin/tasks' && call.method === 'GET')
    return jsonResponse({
      rows: [callFamily],
      paging: paging(1),
      period: { from: '2026-11-07', to: '2027-01-06' },
    });
  if (call.url.pathname === '/api/admin/tasks/assignees')
    return jsonResponse({ rows: [{ id: 5, name: 'Cora Coordinator', roleId: 5 }] });
  if (call.url.pathname === '/api/admin/tasks/11' && call.method === 'DELETE')
    return jsonResponse({ message: TASK_MESSAGES.deleted, id: 11 });
  if (call.url.pathname === '/api/admin/tasks/11/followUps')
    return jsonResponse({ message: TASK_MESSAGES.followUpAdded, task: task(12, 'Call back') }, 201);
  return undefined;
};

describe('TasksPage', () => {
  it('lists with the filters of the URL and the period the server read, and deletes only after confirmation', async () => {
    const page = renderPage(<TasksPage />, { url: '/tasks?mine=true', route });
    const table = await screen.findByRole('table', { name: 'Tasks' });
    expect(await within(table).findByText('Call the family')).toBeTruthy();
    expect(within(table).getByText('Patient: Mary Jones')).toBeTruthy();
    const list = page.calls.find((call) => call.url.pathname === '/api/admin/tasks')!;
    expect(list.url.searchParams.get('status')).toBe('1Pending');
    expect(list.url.searchParams.get('mine')).toBe('true');
    expect((screen.getByLabelText('Due from') as HTMLInputElement).value).toBe('2026-11-07');
    expect((screen.getByLabelText('Due to') as HTMLInputElement).value).toBe('2027-01-06');

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Delete' }));
    expect(page.calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(await screen.findByText('Delete Call the family?')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    await waitFor(() => expect(page.toasts).toEqual([TASK_MESSAGES.deleted]));
    const remove = page.calls.find((call) => call.method === 'DELETE')!;
    expect(remove.url.pathname + remove.url.search).toBe('/api/admin/tasks/11?version=3');
    page.done();
  });

  it('adds a follow-up from the drawer', async () => {
    const page = renderPage(<TasksPage />, { url: '/tasks', route });
    const table = await screen.findByRole('table', { name: 'Tasks' });
    const user = userEvent.setup();
    await user.click(await within(table).findByRole('button', { name: 'Follow-up' }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('Title'), 'Call back');
    await user.click(within(drawer).getByLabelText('Assignee'));
    await user.click(await screen.findByTitle('Cora Coordinator'));
    const due = within(drawer).getByLabelText('Due date');
    await user.type(due, '2026-12-10');
    await user.click(within(drawer).getByRole('button', { name: 'Save task' }));
    await waitFor(() => expect(page.toasts).toEqual([TASK_MESSAGES.followUpAdded]));
    const posted = page.calls.find((call) => call.url.pathname === '/api/admin/tasks/11/followUps')!;
    expect(posted.body).toMatchObject({
      title: 'Call back',
      assigneeId: 5,
      dueDate: '2026-12-10',
      priority: 'Normal',
    });
    page.done();
  });
});
