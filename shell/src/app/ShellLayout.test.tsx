import { ROLE } from '@carelane/shared-domain';
import { getQueryClient, setSession } from '@carelane/shared-session';
import { sessionOf } from '@carelane/shared-session/testing';
import { AppProviders } from '@carelane/shared-ui';
import { phoneScreen } from '@carelane/shared-ui/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { start } from 'single-spa';
import type { AreaDeployment, Deployment } from '../deployment/remotes-file';
import { ShellLayout } from './ShellLayout';

// The federation runtime is outside: no remote is loaded by these pages.
jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  loadRemote: jest.fn(() => new Promise(() => undefined)),
  preloadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

jest.mock('@ant-design/icons', () => jest.requireActual('../test/header-icons'));

jest.setTimeout(30_000);

const area = (
  name: string,
  title: string,
  routes: [string, string, string[], boolean?][],
): AreaDeployment => ({
  name,
  federationName: name.replace('-', '_'),
  title,
  description: '',
  manifest: `/remotes/${name}/mf-manifest.json`,
  routes: routes.map(([path, routeTitle, pages, menu = true]) => ({
    path,
    title: routeTitle,
    pages,
    menu,
    public: false,
    built: true,
  })),
});

const DEPLOYMENT: Deployment = {
  areas: [
    area('mf-billing', 'Billing', [
      ['/invoices', 'Invoices', ['invoices', 'myInvoices']],
      ['/providerpayments', 'Clinician payments', ['providerPayments']],
    ]),
    area('mf-scheduling', 'Scheduling', [
      ['/episodes', 'Episodes', ['serviceRequest']],
      ['/episode', 'Episode', ['serviceRequestDetail'], false],
    ]),
  ],
  problems: [],
};

let undoPhone: (() => void) | undefined;

// As in the browser: single-spa tells the shell of every change of address, its redirects too.
beforeAll(() => start({ urlRerouteOnly: true }));

afterEach(() => {
  undoPhone?.();
  undoPhone = undefined;
  setSession(null);
  getQueryClient().clear();
});

function showShell(url: string, roleId: number | null, deployment = DEPLOYMENT, mustChangePassword = false) {
  globalThis.history.replaceState(null, '', url);
  setSession(roleId === null ? null : sessionOf(roleId, { changePassword: mustChangePassword }));
  return render(
    <AppProviders queryClient={getQueryClient()}>
      <ShellLayout deployment={deployment} />
    </AppProviders>,
  );
}

/** The menu's top entries as the user reads them: each area's title, Administration, Help. */
async function menuEntries() {
  const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
  await within(navigation).findByText('Help');
  return within(navigation)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

/** Opens the menu group `title` and answers the pages listed in it. */
async function pagesUnder(title: string) {
  const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
  await userEvent.setup().click(within(navigation).getByText(title));
  const group = within(navigation).getByText(title).closest('li')!;
  return within(group)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('ShellLayout menu', () => {
  it('shows an administrator every area’s pages and the administration, under the header', async () => {
    showShell('/help', ROLE.ADMINISTRATOR);
    expect(await menuEntries()).toEqual(['Billing', 'Scheduling', 'Administration', 'Help']);
    expect(await pagesUnder('Billing')).toEqual(['Invoices', 'Clinician payments']);
    expect(await pagesUnder('Scheduling')).toEqual(['Episodes']);
    expect(await pagesUnder('Administration')).toEqual(['Users', 'Audit logs', 'Outbox', 'Short links']);
    expect(screen.getByRole('banner').textContent).toContain('Carelane');
    expect(screen.getByRole('button', { name: /^Test Role 1 ADMINISTRATOR: user menu$/ })).toBeTruthy();
    expect(screen.getByRole('main').textContent).toContain('Help');
    await waitFor(() => expect(document.title).toBe('Help · Carelane'));
  });

  it('shows a care coordinator scheduling only: no billing, no administration', async () => {
    showShell('/help', ROLE.CARE_COORDINATOR);
    expect(await menuEntries()).toEqual(['Scheduling', 'Help']);
    expect(await pagesUnder('Scheduling')).toEqual(['Episodes']);
    expect(screen.queryByText('Invoices')).toBeNull();
    expect(screen.queryByText('Users')).toBeNull();
  });

  it('shows an organization user their invoices but not the clinicians’ payments', async () => {
    showShell('/help', ROLE.ORGANIZATION_USER);
    expect(await menuEntries()).toEqual(['Billing', 'Scheduling', 'Help']);
    expect(await pagesUnder('Billing')).toEqual(['Invoices']);
  });

  it('shows a clinician Help alone', async () => {
    showShell('/help', ROLE.CLINICIAN);
    expect(await menuEntries()).toEqual(['Help']);
  });

  it('opens the group of the page being shown, with the page marked', async () => {
    showShell('/users', ROLE.ADMINISTRATOR);
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    const users = await within(navigation).findByRole('link', { name: 'Users' });
    expect(users.closest('li')?.className).toContain('ant-menu-item-selected');
  });

  it('shows neither header nor menu on the sign-in page', async () => {
    showShell('/', null);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('shows a user who must change their password the header but no menu', async () => {
    showShell('/changePassword', ROLE.ADMINISTRATOR, DEPLOYMENT, true);
    expect(
      await screen.findByRole('button', { name: /^Test Role 1 ADMINISTRATOR: user menu$/ }),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
  });

  it('keeps the menu and the shell’s pages when the list of parts could not be read', async () => {
    showShell('/invoices', ROLE.ADMINISTRATOR, {
      areas: [],
      problems: ['remotes.json could not be read: HTTP 503'],
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be loaded');
    expect(alert.textContent).toContain("the list of Carelane's parts could not be read");
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(await menuEntries()).toEqual(['Administration', 'Help']);
  });
});

describe('ShellLayout pages', () => {
  it('shows an area’s page loading inside the shell, titled', async () => {
    showShell('/invoices', ROLE.ADMINISTRATOR);
    expect((await screen.findByRole('status')).textContent).toContain('Loading Billing…');
    expect(screen.getByRole('main').getAttribute('data-owner')).toBe('mf-billing');
    await waitFor(() => expect(document.title).toBe('Invoices · Carelane'));
  });

  it('tells a role without the privilege it has no access, and offers the start page', async () => {
    showShell('/invoices', ROLE.CARE_COORDINATOR);
    expect(await screen.findByText('No access')).toBeTruthy();
    expect(
      screen.getByText(
        "You don't have access to Invoices. If you need it, ask your administrator for the privilege.",
      ),
    ).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to the start page' }));
    expect(window.location.pathname).toBe('/episodes');
  });

  it('sends a signed-out visitor to sign in, to come back afterwards', async () => {
    showShell('/invoices', null);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/?returnTo=%2Finvoices');
    expect(screen.queryByText('Loading Billing…')).toBeNull();
  });
});

describe('ShellLayout on a phone', () => {
  it('hides the menu in a drawer behind a labelled menu button, reached first with the keyboard', async () => {
    undoPhone = phoneScreen();
    const user = userEvent.setup();
    showShell('/help', ROLE.ADMINISTRATOR);
    const button = await screen.findByRole('button', { name: 'Menu' });
    // Nothing open unasked.
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open search' }).getAttribute('aria-expanded')).toBe('false');

    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const navigation = await within(drawer).findByRole('navigation', { name: 'Main navigation' });
    expect(
      within(navigation)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Billing', 'Scheduling', 'Administration', 'Help']);

    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('has no menu button for a page without navigation (the sign-in page)', async () => {
    undoPhone = phoneScreen();
    showShell('/', null);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });
});
