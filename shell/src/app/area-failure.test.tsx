// The whole shell around an area that fails to load: single-spa, the layout and the menu are the product's; outside
// are only the federation runtime's loader (what each remote's ./app answers) and the network (the client log).
import { loadRemote } from '@module-federation/enhanced/runtime';
import { ROLE } from '@carelane/shared-domain';
import { getQueryClient, getSession, setSession } from '@carelane/shared-session';
import { sessionOf } from '@carelane/shared-session/testing';
import { AppProviders } from '@carelane/shared-ui';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navigateToUrl, start } from 'single-spa';
import type { AreaDeployment, Deployment } from '../deployment/remotes-file';
import { registerAreas } from '../federation/areas';
import type { AreaLifecycles } from '../federation/federation';
import { accessTo, resolvePath } from '../routing/routes';
import { ShellLayout } from './ShellLayout';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

jest.mock('@ant-design/icons', () => jest.requireActual('../test/header-icons'));

jest.setTimeout(30_000);

const area = (name: string, title: string, path: string, routeTitle: string): AreaDeployment => ({
  name,
  federationName: name.replace('-', '_'),
  title,
  description: '',
  manifest: `/remotes/${name}/mf-manifest.json`,
  routes: [{ path, title: routeTitle, pages: [], menu: true, public: false, built: true }],
});
const DEPLOYMENT: Deployment = {
  areas: [
    area('mf-billing', 'Billing', '/invoices', 'Invoices'),
    area('mf-scheduling', 'Scheduling', '/episodes', 'Episodes'),
  ],
  problems: [],
};

type Props = { domElementGetter: () => HTMLElement };
const episodesApp: AreaLifecycles = {
  bootstrap: async () => undefined,
  mount: async (props) => {
    (props as Props).domElementGetter().innerHTML = '<h1>Episodes of care</h1>';
  },
  unmount: async (props) => {
    (props as Props).domElementGetter().innerHTML = '';
  },
};

beforeAll(() => {
  // jsdom has no CSS.escape, which every browser has (the area's element is found by its id).
  globalThis.CSS ??= { escape: (text: string) => text.replace(/[^\w-]/g, '\\$&') } as typeof CSS;
  jest
    .mocked(loadRemote)
    .mockImplementation(((id: string) =>
      id === 'mf_scheduling/app'
        ? Promise.resolve(episodesApp)
        : Promise.reject(new Error('Failed to fetch mf-manifest.json'))) as typeof loadRemote);
  // As the bootstrap registers them: active on their routes when the session may open them.
  registerAreas(DEPLOYMENT.areas, (deployed, pathname) => {
    const resolved = resolvePath(pathname, DEPLOYMENT.areas);
    return (
      resolved.kind === 'area' &&
      resolved.area.name === deployed.name &&
      accessTo(getSession(), resolved.route) === 'open'
    );
  });
  start({ urlRerouteOnly: true });
});

describe('an area that fails to load', () => {
  it('says so in the page, while the menu, the header and the other areas keep working', async () => {
    globalThis.fetch = jest.fn(async () => new Response(null, { status: 204 })) as typeof fetch;
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    setSession(sessionOf(ROLE.ADMINISTRATOR));
    render(
      <AppProviders queryClient={getQueryClient()}>
        <ShellLayout deployment={DEPLOYMENT} />
      </AppProviders>,
    );
    await act(async () => navigateToUrl('/invoices'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page could not be loaded');
    expect(alert.textContent).toContain('Billing is not available right now. The other pages still work.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Test Role 1 ADMINISTRATOR: user menu' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Invoices · Carelane'));

    // The menu still leads to the shell's pages…
    const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
    await user.click(within(navigation).getByRole('link', { name: 'Help' }));
    expect(await screen.findByRole('heading', { name: 'Help', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    // …and to the other areas.
    await user.click(within(navigation).getByText('Scheduling'));
    await user.click(await within(navigation).findByRole('link', { name: 'Episodes' }));
    expect(await screen.findByRole('heading', { name: 'Episodes of care' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    errors.mockRestore();
    setSession(null);
  });
});
