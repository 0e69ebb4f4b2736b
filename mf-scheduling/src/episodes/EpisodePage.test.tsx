import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, paging, renderPage } from '../common/test-kit';
import { EPISODE_TOASTS } from './episode-actions';
import EpisodePage, { printAllNotesPath } from './EpisodePage';
import { episode, visits } from './test-fixtures';

jest.setTimeout(90_000);

function open(answer: (method: string, path: string) => Response | undefined, roleId = 9) {
  return renderPage(<EpisodePage />, {
    url: '/episode?id=42',
    roleId,
    referralSourceId: 3,
    route: (call) => {
      const path = call.url.pathname;
      const custom = answer(call.method, path);
      if (custom) return custom;
      if (path === '/api/admin/episodes/42' && call.method === 'GET') return jsonResponse(episode);
      if (path === '/api/admin/episodes/42/visits')
        return jsonResponse({ rows: visits, paging: paging(3, 1, 1000) });
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
          ],
        });
      if (path === '/api/admin/providerTypes') return jsonResponse({ rows: [{ id: 1, type: 'RN' }] });
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

describe('EpisodePage care-team conversation', () => {
  it('links an organization user to the conversation on /messages once it exists', async () => {
    const page = open((method, path) =>
      method === 'GET' && path === '/api/admin/episodes/42'
        ? jsonResponse({ ...episode, careTeamTopicId: 17 })
        : undefined,
    );
    const link = await screen.findByRole('link', { name: 'Care team conversation' });
    expect(link.getAttribute('href')).toBe('/messages?topic=17');
    page.done();
  });

  it('opens it for a coordinator who starts it, then goes to it on /collaboration', async () => {
    const page = open(
      (method, path) =>
        method === 'POST' && path === '/api/chat/topics'
          ? jsonResponse(
              {
                topic: {
                  id: 5,
                  kind: 'careTeam',
                  episodeId: 42,
                  referralSourceId: 3,
                  title: episode.title,
                  unreadCount: 0,
                  lastReadMessageId: null,
                  lastMessage: null,
                },
              },
              201,
            )
          : undefined,
      5,
    );
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Start the care team conversation' }));
    await waitFor(() => expect(page.navigations).toEqual(['/collaboration?topic=5']));
    const post = page.calls.find(
      (call) => call.method === 'POST' && call.url.pathname === '/api/chat/topics',
    );
    expect(post?.body).toEqual({ kind: 'careTeam', episodeId: 42 });
    page.done();
  });
});

describe('EpisodePage', () => {
  it('lists the visits with their labels, rates as money and "Find clinicians" for Active ones', async () => {
    const page = open(() => undefined);
    const table = await screen.findByRole('table', { name: 'Visits of this service request' });
    await within(table).findByText('Published');
    expect(within(table).getByText('Staffed, Facility Unaccepted')).toBeTruthy();
    expect(within(table).getByText('Late Cancelled')).toBeTruthy();
    expect(within(table).getByText('$96.80/h')).toBeTruthy();
    // One line a visit: the date and its times in one cell.
    const dateCell = within(table).getAllByText('12/3/2026')[0]!.closest('td')!;
    // On the organization's clock, its zone named when the browser's differs (decision 039).
    expect(dateCell.textContent).toMatch(
      /^12\/3\/2026 \d{1,2}:00 [AP]M( [A-Z]{3,4})?–\d{1,2}:00 [AP]M( [A-Z]{3,4})?$/,
    );
    const find = within(table).getAllByRole('button', { name: /^Find clinicians/ });
    expect(find.map((button) => button.textContent)).toEqual(['Find clinicians']);
    const visitCall = page.calls.find((call) => call.url.pathname === '/api/admin/episodes/42/visits')!;
    expect(visitCall.url.searchParams.get('pageSize')).toBe('1000');
    page.done();
  });

  it("links 'Print all notes' to the notes' print page for this service request, from its start once started", async () => {
    const page = open(() => undefined);
    const link = await screen.findByRole('link', { name: 'Print all notes' });
    expect(link.getAttribute('href')).toBe(printAllNotesPath(episode));
    expect(printAllNotesPath({ id: 42, startDate: '2020-03-01' })).toBe(
      '/notesPrint?episodeId=42&startDate=2020-03-01',
    );
    expect(printAllNotesPath({ id: 42, startDate: '2999-01-01' })).toBe('/notesPrint?episodeId=42');
    page.done();
  });

  it(`toasts '${EPISODE_TOASTS.published}' after saving then publishing`, async () => {
    const page = open((method, path) => {
      if (method === 'PUT' && path === '/api/admin/episodes/42')
        return jsonResponse({ ...episode, version: 5 });
      if (method === 'POST' && path === '/api/admin/episodes/42/publish')
        return jsonResponse({ ...episode, status: 'Active', version: 6 });
      return undefined;
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(page.toasts).toEqual([EPISODE_TOASTS.published]));
    const publish = page.calls.find((call) => call.url.pathname === '/api/admin/episodes/42/publish')!;
    expect(publish.body).toEqual({ version: 5 });
    page.done();
  });

  it('shows the stale-edit message with a reload, and the failure toast, when someone else saved first', async () => {
    const text =
      'Someone else changed this service request since you opened it. Reload to see their changes.';
    const page = open((method) =>
      method === 'PUT'
        ? jsonResponse({ statusCode: 409, code: 'STALE_VERSION', error: text }, 409)
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeTruthy();
    await waitFor(() =>
      expect(page.errorToasts).toEqual([`Sorry, Service Request could not be saved. ${text}`]),
    );
    const put = page.calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({ title: 'Night shifts', episodeType: 'Shift', version: 4 });
    page.done();
  });

  it(`asks before deleting, then toasts '${EPISODE_TOASTS.deleted}' and goes back to the list`, async () => {
    const page = open((method, path) =>
      method === 'POST' && path === '/api/admin/episodes/42/delete'
        ? jsonResponse({ ...episode, status: 'Deleted', version: 5 })
        : undefined,
    );
    const user = userEvent.setup();
    // The service request's own Delete, not a visit's (in the visits table).
    const deletes = await screen.findAllByRole('button', { name: 'Delete' });
    await user.click(deletes.find((button) => !button.closest('table'))!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Delete this service request?').length).toBeGreaterThan(0);
    expect(page.calls.some((call) => call.url.pathname.endsWith('/delete'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(page.toasts).toEqual([EPISODE_TOASTS.deleted]));
    expect(page.navigations).toContain('/episodes');
    page.done();
  }, 180_000);

  it(`archives a Completed (read-only) service request with a reason, then toasts '${EPISODE_TOASTS.archived}'`, async () => {
    const completed = { ...episode, status: 'Completed' };
    const page = open((method, path) => {
      if (method === 'GET' && path === '/api/admin/episodes/42') return jsonResponse(completed);
      if (method === 'POST' && path === '/api/admin/episodes/42/archive')
        return jsonResponse({
          ...completed,
          status: 'Archived',
          archiveReason: 'Patient discharged',
          version: 5,
        });
      return undefined;
    });
    const user = userEvent.setup();
    expect(
      await screen.findByText('This service request is Completed; it can no longer be changed.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Archive' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: 'Archive reason' }));
    await user.click(await screen.findByTitle('Patient discharged'));
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(page.toasts).toEqual([EPISODE_TOASTS.archived]));
    const post = page.calls.find((call) => call.url.pathname.endsWith('/archive'))!;
    expect(post.body).toEqual({ version: 4, reason: 'Patient discharged' });
    page.done();
  }, 180_000);
});
