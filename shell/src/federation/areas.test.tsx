// Areas as single-spa really loads and mounts them; outside are only the network (fetch: the client log) and the
// federation runtime's loader (what each remote's ./app answers).
import { loadRemote } from '@module-federation/enhanced/runtime';
import { AppProviders } from '@carelane/shared-ui';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOAD_ERROR, getAppStatus, navigateToUrl, start } from 'single-spa';
import { AreaSlot } from '../app/AreaSlot';
import { AreaStatus } from '../app/AreaStatus';
import type { AreaDeployment } from '../deployment/remotes-file';
import { areaState, registerAreas, retryArea, subscribeAreas } from './areas';
import type { AreaLifecycles } from './federation';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

jest.setTimeout(30_000);

const area = (name: string, title: string, path: string): AreaDeployment => ({
  name,
  federationName: name.replace('-', '_'),
  title,
  description: '',
  manifest: `/remotes/${name}/mf-manifest.json`,
  routes: [{ path, title, pages: [], menu: true, public: false, built: true }],
});
const billing = area('mf-billing', 'Billing', '/invoices');
const notes = area('mf-notes', 'Visit notes', '/notes');
const reports = area('mf-reports', 'Reports', '/reports');
const calendar = area('mf-calendar', 'Calendar', '/calendar');
const messages = area('mf-messages', 'Messages', '/messages');
const AREAS = [billing, notes, reports, calendar, messages];

type Props = { domElementGetter: () => HTMLElement };

/** An area's ./app whose page is a heading with its title. */
function areaApp(title: string): AreaLifecycles {
  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      (props as Props).domElementGetter().innerHTML = `<h1>${title} page</h1>`;
    },
    unmount: async (props) => {
      (props as Props).domElementGetter().innerHTML = '';
    },
  };
}

/** What each remote's ./app answers: its lifecycles, or the error its load fails with. */
const remotes = new Map<string, () => Promise<unknown>>();
jest.mocked(loadRemote).mockImplementation((id: string) => {
  const answer = remotes.get(id);
  return (answer ? answer() : Promise.reject(new Error(`no remote ${id}`))) as never;
});

/** What the page sent the network: the client log's lines. */
type Sent = { url: string; method: string; body: unknown };
let sent: Sent[];
let errors: jest.SpyInstance;

beforeAll(() => {
  // jsdom has no CSS.escape, which every browser has (the area's element is found by its id).
  globalThis.CSS ??= { escape: (text: string) => text.replace(/[^\w-]/g, '\\$&') } as typeof CSS;
  registerAreas(AREAS, (deployed, pathname) => deployed.routes.some((route) => route.path === pathname));
  start({ urlRerouteOnly: true });
});

beforeEach(() => {
  sent = [];
  globalThis.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(url), method: init?.method ?? 'GET', body: JSON.parse(String(init?.body)) });
    return new Response(null, { status: 204 });
  }) as typeof fetch;
  errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => errors.mockRestore());

/** The shell's content for a deployed area: its status above the slot the areas mount in, and a shell link. */
function Content({ shown }: { shown: AreaDeployment }) {
  return (
    <AppProviders>
      <a href="/help">Help</a>
      <AreaStatus area={shown} />
      <AreaSlot visible />
    </AppProviders>
  );
}

async function open(path: string) {
  await act(async () => navigateToUrl(path));
}

describe('areas', () => {
  it('shows a spinner while an area loads, then the area’s own page in the slot', async () => {
    let arrive: (app: AreaLifecycles) => void = () => undefined;
    remotes.set('mf_notes/app', () => new Promise((resolve) => (arrive = resolve)));
    const view = render(<Content shown={notes} />);
    await open('/notes');
    expect((await screen.findByRole('status')).textContent).toContain('Loading Visit notes…');
    expect(areaState('mf-notes').state).toBe('loading');

    await act(async () => arrive(areaApp('Visit notes')));
    expect(await screen.findByRole('heading', { name: 'Visit notes page' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(document.getElementById('carelane-area-mf-notes')?.textContent).toBe('Visit notes page');
    view.unmount();
  });

  it('tells the user an area failed to load, logs it, and the rest keeps working; Retry loads it', async () => {
    remotes.set('mf_billing/app', () => Promise.reject(new Error('Failed to fetch mf-manifest.json')));
    remotes.set('mf_reports/app', async () => areaApp('Reports'));
    const view = render(<Content shown={billing} />);
    await open('/invoices');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This page could not be loaded')).toBeTruthy();
    expect(alert.textContent).toContain(
      'Dynamic page loading failed: Billing is not available right now. The other pages still work.',
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'Help' })).toBeTruthy();

    // The server's log hears of it, with where and why.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/api/clientLog', method: 'POST' });
    expect(sent[0]?.body).toEqual({
      level: 'error',
      message: 'Dynamic page loading failed',
      context: {
        area: 'mf-billing',
        manifest: '/remotes/mf-billing/mf-manifest.json',
        stage: 'load',
        path: '/invoices',
        error: 'Failed to fetch mf-manifest.json',
      },
    });
    expect(errors).toHaveBeenCalledWith('Dynamic page loading failed', expect.anything());

    // Another area still opens.
    view.rerender(<Content shown={reports} />);
    await open('/reports');
    expect(await screen.findByRole('heading', { name: 'Reports page' })).toBeTruthy();

    // Back at the failed page, Retry loads the area once its remote answers.
    view.rerender(<Content shown={billing} />);
    await open('/invoices');
    expect(await screen.findByRole('alert')).toBeTruthy();
    remotes.set('mf_billing/app', async () => areaApp('Billing'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Billing page' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(areaState('mf-billing').state).toBe('loaded');
    view.unmount();
  });

  it('Retry pressed at once loads the area, even when the error page was slow to show (a slow phone)', async () => {
    remotes.set('mf_calendar/app', () => Promise.reject(new Error('Failed to fetch remoteEntry.js')));
    // The error page takes 300 ms to render, between the shell's record of the failure and single-spa's.
    const slowRender = subscribeAreas(() => {
      if (areaState('mf-calendar').state !== 'failed') return;
      slowRender();
      const until = Date.now() + 300;
      while (Date.now() < until) {
        // rendering
      }
    });
    // Retry (what the error page's button calls) the moment single-spa has settled the failed load.
    const retryAtOnce = () => {
      if (getAppStatus('mf-calendar') !== LOAD_ERROR) return;
      window.removeEventListener('single-spa:routing-event', retryAtOnce);
      remotes.set('mf_calendar/app', async () => areaApp('Calendar'));
      void retryArea('mf-calendar');
    };
    window.addEventListener('single-spa:routing-event', retryAtOnce);
    const view = render(<Content shown={calendar} />);
    await open('/calendar');
    expect(await screen.findByRole('heading', { name: 'Calendar page' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(areaState('mf-calendar').state).toBe('loaded');
    view.unmount();
  });

  it('tells the user an area that loaded but failed to start, logs it, and Retry starts it again', async () => {
    let broken = true;
    const app = areaApp('Messages');
    remotes.set('mf_messages/app', async () => ({
      ...app,
      mount: async (props: unknown) => {
        if (broken) throw new Error('mount exploded');
        return app.mount(props);
      },
    }));
    const view = render(<Content shown={messages} />);
    await open('/messages');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Dynamic page loading failed: Messages is not available right now.');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({
      level: 'error',
      message: 'mf-messages failed to start',
      context: { area: 'mf-messages', path: '/messages' },
    });

    broken = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Messages page' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    view.unmount();
  });
});
