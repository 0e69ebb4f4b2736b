import { ROLE, type GlobalSearchResponse } from '@carelane/shared-domain';
import { getBus, getQueryClient, invalidateOnEntityChanged, setSession } from '@carelane/shared-session';
import {
  apiError,
  currentUser,
  jsonResponse,
  mockFetch,
  sessionOf,
  type FetchCall,
} from '@carelane/shared-session/testing';
import { AppProviders } from '@carelane/shared-ui';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShellHeader, initialsOf } from './Header';
import { ToastOutlet } from './toasts';

jest.mock('@ant-design/icons', () => jest.requireActual('../test/header-icons'));

jest.setTimeout(30_000);

afterEach(() => {
  setSession(null);
  getQueryClient().clear();
});

const notification = (id: number, title: string, link: string | null = null) => ({
  id,
  kind: 'noteRejected',
  title,
  body: `body of ${title}`,
  link,
  createdAt: '2026-12-01T15:00:00.000Z',
  dismissedAt: null,
});

/** A global search answer with these groups' hits; the others empty. */
function searchAnswer(groups: Partial<GlobalSearchResponse['groups']> = {}): GlobalSearchResponse {
  return {
    groups: { patients: [], serviceRequests: [], clinicians: [], organizations: [], invoices: [], ...groups },
  };
}

/** The header's own reads (notifications, pending tasks) answered from `state`; undefined for anything else. */
function headerAnswer(
  call: FetchCall,
  state: {
    notifications: ReturnType<typeof notification>[];
    pendingTasks: number;
    unread?: number;
    /** The global search's answer, whatever was typed. */
    search?: GlobalSearchResponse;
  } = {
    notifications: [],
    pendingTasks: 0,
  },
): Response | undefined {
  if (call.url.pathname === '/api/admin/notifications')
    return jsonResponse({
      rows: state.notifications,
      paging: { pageNumber: 1, pageSize: 10, pageCount: 1, totalCount: state.notifications.length },
      undismissedCount: state.notifications.length,
    });
  if (call.url.pathname === '/api/admin/tasks/pendingCount')
    return jsonResponse({ pendingTasksCount: state.pendingTasks });
  if (call.url.pathname === '/api/chat/counts')
    return jsonResponse({ totalUnreadMessages: state.unread ?? 0 });
  if (call.url.pathname === '/api/admin/search') return jsonResponse(state.search ?? searchAnswer());
  return undefined;
}

function showHeader(roleId: number, options: { compact?: boolean; impersonatorId?: number } = {}) {
  globalThis.history.replaceState(null, '', '/help');
  const session = sessionOf(roleId, { impersonatorId: options.impersonatorId ?? null });
  setSession(session);
  return render(
    <AppProviders queryClient={getQueryClient()}>
      <ToastOutlet />
      <ShellHeader
        session={session}
        home="/episodes"
        compact={options.compact}
        menuButton={options.compact ? <button type="button">Menu</button> : undefined}
      />
    </AppProviders>,
  );
}

/** Opens the user menu and answers its entries as the user reads them. */
async function openUserMenu(name: RegExp) {
  await userEvent.setup().click(screen.getByRole('button', { name }));
  const menu = await screen.findByRole('menu');
  return {
    menu,
    entries: within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent),
  };
}

describe('ShellHeader', () => {
  it('shows the product name linking home, the search, notifications, tasks and who is signed in', () => {
    showHeader(ROLE.ADMINISTRATOR);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Carelane' }).getAttribute('href')).toBe('/episodes');
    const search = within(banner).getByRole('combobox', { name: 'Search' });
    expect(search.getAttribute('aria-keyshortcuts')).toBe('/');
    // Until their counts arrive the buttons name no number: not a 0 that is not known.
    expect(within(banner).getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'Pending tasks' })).toBeTruthy();
    const user = within(banner).getByRole('button', { name: 'Test Role 1 ADMINISTRATOR: user menu' });
    expect(user.textContent).toContain('Test Role 1');
    expect(user.textContent).toContain('ADMINISTRATOR');
  });

  it('goes home from the product name', async () => {
    showHeader(ROLE.ADMINISTRATOR);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Carelane' }));
    expect(window.location.pathname).toBe('/episodes');
  });

  it('shows pending tasks only to a role that has the task list', () => {
    showHeader(ROLE.CLINICIAN);
    expect(screen.queryByRole('button', { name: /Pending tasks/ })).toBeNull();
    expect(screen.getByRole('button', { name: /^Notifications/ })).toBeTruthy();
  });

  it('says there are no new notifications when the bell is pressed', async () => {
    mockFetch(async (call) => headerAnswer(call) ?? apiError(404, 'NOT_FOUND', 'not found'));
    showHeader(ROLE.ADMINISTRATOR);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Notifications: 0' }));
    expect(await screen.findByText('You have no new notifications.')).toBeTruthy();
  });

  it('focuses the search on / pressed outside a field, and leaves a / typed in a field alone', async () => {
    const user = userEvent.setup();
    showHeader(ROLE.ADMINISTRATOR);
    const search = screen.getByRole('combobox', { name: 'Search' });
    await user.keyboard('/');
    expect(document.activeElement).toBe(search);
    expect(search).toHaveProperty('value', '');

    const other = document.body.appendChild(document.createElement('input'));
    other.focus();
    await user.keyboard('/');
    expect(document.activeElement).toBe(other);
    expect(other.value).toBe('/');
    other.remove();
  });

  it('lists profile, password, switch user and log out for an administrator', async () => {
    showHeader(ROLE.ADMINISTRATOR);
    const { entries } = await openUserMenu(/user menu$/);
    expect(entries).toEqual(['Profile', 'Change password', 'Switch user', 'Log out']);
  });

  it('does not offer switching users to a role that may not', async () => {
    showHeader(ROLE.CARE_COORDINATOR);
    const { entries } = await openUserMenu(/^Test Role 5 CARE COORDINATOR: user menu$/);
    expect(entries).toEqual(['Profile', 'Change password', 'Log out']);
  });

  it('shows a switched session as such, with the way back', async () => {
    showHeader(ROLE.ADMINISTRATOR, { impersonatorId: 3 });
    const { entries } = await openUserMenu(/^Test Role 1 ADMINISTRATOR \(switched\): user menu$/);
    expect(entries).toEqual([
      'Profile',
      'Change password',
      'Switch user',
      'Switch back to myself',
      'Log out',
    ]);
  });

  it('opens the profile from the user menu', async () => {
    showHeader(ROLE.ADMINISTRATOR);
    const { menu } = await openUserMenu(/user menu$/);
    await userEvent.setup().click(within(menu).getByText('Profile'));
    expect(window.location.pathname).toBe('/profile');
  });

  it('signs out: tells the server, ends the session and goes to the sign-in page', async () => {
    const { calls } = mockFetch(async () => jsonResponse({}));
    showHeader(ROLE.ADMINISTRATOR);
    const { menu } = await openUserMenu(/user menu$/);
    await userEvent.setup().click(within(menu).getByText('Log out'));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual([
      '/api/security/logout',
    ]);
    expect(calls[0]?.headers.get('authorization')).toContain('token-1');
    expect(getBus().session$.getValue()).toBeNull();
  });
});

describe('ShellHeader switching users', () => {
  it('switches back to oneself: tells the server, says so, and opens the users', async () => {
    const { calls } = mockFetch(async (call) => {
      if (call.url.pathname === '/api/security/switchBack')
        return jsonResponse({ user: [currentUser({ firstName: 'Ada', lastName: 'Admin' })], token: 'back' });
      if (call.url.pathname === '/api/admin/constants') return jsonResponse([]);
      return apiError(404, 'NOT_FOUND', 'not found');
    });
    showHeader(ROLE.ADMINISTRATOR, { impersonatorId: 3 });
    const { menu } = await openUserMenu(/\(switched\): user menu$/);
    await userEvent.setup().click(within(menu).getByText('Switch back to myself'));
    expect(await screen.findByText('You are yourself again: Ada Admin.')).toBeTruthy();
    expect(window.location.pathname).toBe('/users');
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toContain(
      'POST /api/security/switchBack',
    );
    expect(getBus().session$.getValue()?.user.firstName).toBe('Ada');
  });

  it('says why switching back failed, and stays where it was', async () => {
    mockFetch(async () => apiError(403, 'FORBIDDEN', 'You are not switched to another user.'));
    showHeader(ROLE.ADMINISTRATOR, { impersonatorId: 3 });
    const { menu } = await openUserMenu(/\(switched\): user menu$/);
    await userEvent.setup().click(within(menu).getByText('Switch back to myself'));
    expect(await screen.findByText(/You are not switched to another user\./)).toBeTruthy();
    expect(window.location.pathname).toBe('/help');
  });

  it('opens the switch user dialog, which lists the users one may act as', async () => {
    const { calls } = mockFetch(async () =>
      jsonResponse({ rows: [], paging: { pageNumber: 1, pageSize: 10, pageCount: 0, totalCount: 0 } }),
    );
    showHeader(ROLE.ADMINISTRATOR);
    const { menu } = await openUserMenu(/user menu$/);
    await userEvent.setup().click(within(menu).getByText('Switch user'));
    const dialog = await screen.findByRole('dialog', { name: 'Switch user' });
    expect(within(dialog).getByRole('searchbox', { name: 'Find a user' })).toBeTruthy();
    expect(await within(dialog).findByText('No active user of a role you manage matches.')).toBeTruthy();
    const users = calls.find((call) => call.url.pathname === '/api/admin/users');
    expect(users?.url.searchParams.get('status')).toBe('ACTIVE');
  });
});

describe('ShellHeader on a phone (compact)', () => {
  it('puts the menu button first, the search behind a button, and the user’s initials', async () => {
    const user = userEvent.setup();
    showHeader(ROLE.ADMINISTRATOR, { compact: true });
    const banner = screen.getByRole('banner');
    expect(within(banner).getAllByRole('button')[0]?.textContent).toBe('Menu');
    const initials = within(banner).getByRole('button', { name: 'TR, Test Role 1 ADMINISTRATOR: user menu' });
    expect(initials.textContent).toBe('TR');
    expect(banner.textContent).not.toContain('ADMINISTRATOR');

    const open = within(banner).getByRole('button', { name: 'Open search' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('combobox', { name: 'Search' })).toBeNull(); // hidden
    await user.click(open);
    const search = await screen.findByRole('combobox', { name: 'Search' });
    await waitFor(() => expect(document.activeElement).toBe(search));
    expect(within(banner).getByRole('button', { name: 'Close search' })).toBeTruthy();
  });

  it('names who is signed in above the user menu’s entries', async () => {
    showHeader(ROLE.ADMINISTRATOR, { compact: true });
    await userEvent.setup().click(screen.getByRole('button', { name: /^TR, .*user menu$/ }));
    const menu = await screen.findByRole('menu');
    const popup = menu.closest('.carelane-user-menu-compact') as HTMLElement;
    expect(within(popup).getByText('Test Role 1')).toBeTruthy();
    expect(within(popup).getByText('ADMINISTRATOR')).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Profile', 'Change password', 'Switch user', 'Log out']);
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the names, upper-cased, or ? without names', () => {
    expect(initialsOf('clara', ' Doe')).toBe('CD');
    expect(initialsOf('', '')).toBe('?');
  });
});

describe('ShellHeader live counts', () => {
  it('shows the notifications not dismissed and the pending tasks, and follows the server’s events', async () => {
    const state = {
      notifications: [notification(1, 'Visit notes sent back for changes')],
      pendingTasks: 2,
      unread: 4,
    };
    const { calls } = mockFetch(async (call) => {
      if (call.method === 'POST' && call.url.pathname === '/api/admin/notifications/1/dismiss') {
        const [dismissed] = state.notifications.splice(0, 1);
        return jsonResponse({ notification: { ...dismissed, dismissedAt: 'now' }, undismissedCount: 0 });
      }
      return headerAnswer(call, state) ?? apiError(404, 'NOT_FOUND', 'not found');
    });
    invalidateOnEntityChanged(getQueryClient(), getBus());
    showHeader(ROLE.CARE_COORDINATOR);
    expect(await screen.findByRole('button', { name: 'Notifications: 1' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Pending tasks: 2' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Unread messages: 4' })).toBeTruthy();
    expect(
      calls
        .find((call) => call.url.pathname === '/api/admin/notifications')
        ?.url.searchParams.get('undismissed'),
    ).toBe('true');

    // A task assigned to this user elsewhere: the server's event refreshes the count without a reload.
    state.pendingTasks = 3;
    getBus().entityChanged$.next({
      entity: 'task',
      id: 9,
      action: 'created',
      at: '2026-12-01T15:00:00.000Z',
    });
    expect(await screen.findByRole('button', { name: 'Pending tasks: 3' })).toBeTruthy();
    state.unread = 0;
    getBus().entityChanged$.next({
      entity: 'chatMessage',
      id: 5,
      action: 'updated',
      at: '2026-12-01T15:00:00.000Z',
    });
    expect(await screen.findByRole('button', { name: 'Unread messages: 0' })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Notifications: 1' }));
    expect(await screen.findByText('body of Visit notes sent back for changes')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dismiss: Visit notes sent back for changes' }));
    expect(await screen.findByText('You have no new notifications.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Notifications: 0' })).toBeTruthy();
  });

  it('opens what a notification is about, and dismisses them all at once', async () => {
    const state = {
      notifications: [notification(1, 'First', '/note?visitId=12'), notification(2, 'Second')],
      pendingTasks: 0,
    };
    const { calls } = mockFetch(async (call) => {
      if (call.method === 'POST' && call.url.pathname === '/api/admin/notifications/dismissAll') {
        const dismissed = state.notifications.splice(0).length;
        return jsonResponse({ dismissed, undismissedCount: 0 });
      }
      if (call.method === 'POST')
        return jsonResponse({ notification: state.notifications[0], undismissedCount: 1 });
      return headerAnswer(call, state) ?? apiError(404, 'NOT_FOUND', 'not found');
    });
    showHeader(ROLE.CLINICIAN);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications: 2' }));
    await user.click(await screen.findByRole('button', { name: 'Open' }));
    expect(window.location.pathname + window.location.search).toBe('/note?visitId=12');
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toContain(
        'POST /api/admin/notifications/1/dismiss',
      ),
    );
    await user.click(screen.getByRole('button', { name: /^Notifications: / }));
    await user.click(await screen.findByRole('button', { name: 'Dismiss all' }));
    expect(await screen.findByText('You have no new notifications.')).toBeTruthy();
  });
});

describe('ShellHeader global search', () => {
  const jones = searchAnswer({
    patients: [
      { id: 7, title: 'Mary Jones', detail: 'Born 3/4/1950 · Sunrise Home Health', path: '/patient?id=7' },
    ],
    clinicians: [{ id: 3, title: 'Tom Jones', detail: 'tom@example.com', path: '/provider?providerId=3' }],
  });
  const searches = (calls: FetchCall[]) => calls.filter((call) => call.url.pathname === '/api/admin/search');

  it('searches what is typed once typing pauses, and lists the hits in groups', async () => {
    const { calls } = mockFetch(
      async (call) =>
        headerAnswer(call, { notifications: [], pendingTasks: 0, search: jones }) ??
        apiError(404, 'NOT_FOUND', 'not found'),
    );
    const user = userEvent.setup();
    showHeader(ROLE.ADMINISTRATOR);
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'jones');
    const listbox = await screen.findByRole('listbox');
    expect(await within(listbox).findByRole('option', { name: /Mary Jones/ })).toBeTruthy();
    expect(within(listbox).getByRole('option', { name: /Tom Jones/ }).textContent).toContain(
      'tom@example.com',
    );
    expect(within(listbox).getByText('Patients')).toBeTruthy();
    expect(within(listbox).getByText('Clinicians')).toBeTruthy();
    expect(within(listbox).queryByText('Invoices')).toBeNull(); // no hits, no group
    expect(searches(calls).map((call) => call.url.searchParams.get('q'))).toEqual(['jones']);
  });

  it('opens the page of the hit chosen with the arrow keys and Enter, and does nothing on Enter alone', async () => {
    mockFetch(
      async (call) =>
        headerAnswer(call, { notifications: [], pendingTasks: 0, search: jones }) ??
        apiError(404, 'NOT_FOUND', 'not found'),
    );
    const user = userEvent.setup();
    showHeader(ROLE.ADMINISTRATOR);
    const search = screen.getByRole('combobox', { name: 'Search' });
    await user.type(search, 'jones');
    await screen.findByRole('option', { name: /Mary Jones/ });
    // The list reads the key code, which user-event leaves out (browsers set it): the keys are sent by hand.
    const press = (key: string, keyCode: number) => {
      fireEvent.keyDown(search, { key, keyCode, which: keyCode });
      fireEvent.keyUp(search, { key, keyCode, which: keyCode });
    };
    press('Enter', 13);
    expect(window.location.pathname).toBe('/help');
    expect(screen.getByRole('option', { name: /Mary Jones/ })).toBeTruthy(); // still open, nothing chosen
    press('ArrowDown', 40);
    press('Enter', 13);
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/patient?id=7'));
    expect(search).toHaveProperty('value', '');
  });

  it('opens a hit clicked', async () => {
    mockFetch(
      async (call) =>
        headerAnswer(call, { notifications: [], pendingTasks: 0, search: jones }) ??
        apiError(404, 'NOT_FOUND', 'not found'),
    );
    const user = userEvent.setup();
    showHeader(ROLE.ADMINISTRATOR);
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'jones');
    await user.click(await screen.findByRole('option', { name: /Tom Jones/ }));
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/provider?providerId=3'),
    );
  });

  it('says there are no matches', async () => {
    mockFetch(async (call) => headerAnswer(call) ?? apiError(404, 'NOT_FOUND', 'not found'));
    const user = userEvent.setup();
    showHeader(ROLE.ORGANIZATION_USER);
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'zzz');
    expect(await screen.findByText('No matches')).toBeTruthy();
  });

  it('does not search fewer than 2 characters', async () => {
    const { calls } = mockFetch(
      async (call) => headerAnswer(call) ?? apiError(404, 'NOT_FOUND', 'not found'),
    );
    const user = userEvent.setup();
    showHeader(ROLE.ADMINISTRATOR);
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'j ');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(searches(calls)).toEqual([]);
    expect(screen.queryByText('No matches')).toBeNull();
  });
});
