// The federation runtime is the one thing outside: its loader is replaced, everything else is the product's.
import {
  init,
  loadRemote,
  preloadRemote,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { AreaDeployment } from '../deployment/remotes-file';
import {
  AREA_LOAD_TIMEOUT_MS,
  failedStageOf,
  forgetAreaRemote,
  initFederation,
  loadAreaLifecycles,
  preloadArea,
  registerAreaRemotes,
} from './federation';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const mocked = {
  init: jest.mocked(init),
  loadRemote: jest.mocked(loadRemote),
  preloadRemote: jest.mocked(preloadRemote),
  registerRemotes: jest.mocked(registerRemotes),
};

const billing: AreaDeployment = {
  name: 'mf-billing',
  federationName: 'mf_billing',
  title: 'Billing',
  description: 'Invoices',
  manifest: '/remotes/mf-billing/mf-manifest.json',
  routes: [],
};
const notes: AreaDeployment = {
  ...billing,
  name: 'mf-notes',
  federationName: 'mf_notes',
  title: 'Visit notes',
  manifest: 'https://cdn.carelane.test/mf-notes/mf-manifest.json',
};

/** The plugin initFederation hands the runtime, as the runtime would call it on a failed load. */
function loadErrorPlugin(): ModuleFederationRuntimePlugin {
  initFederation();
  const options = mocked.init.mock.calls.at(-1)![0];
  return options.plugins![0]!;
}

function failLoad(remote: string, lifecycle: string, from?: string) {
  const plugin = loadErrorPlugin();
  const answer = plugin.errorLoadRemote!({
    id: `${remote}/app`,
    error: new Error('boom'),
    lifecycle,
    from,
    remote: { name: remote },
  } as unknown as Parameters<NonNullable<ModuleFederationRuntimePlugin['errorLoadRemote']>>[0]);
  return answer;
}

beforeEach(() => jest.clearAllMocks());

describe('initFederation', () => {
  it('joins the page’s federation as the shell, with no remotes until the deployment file is read', () => {
    initFederation();
    expect(mocked.init).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'carelane_shell', remotes: [], shareStrategy: 'loaded-first' }),
    );
  });

  it('records where a remote failed and lets the error through (no fallback module hides it)', () => {
    expect(failLoad('mf_billing', 'afterResolve', 'manifest')).toBeUndefined();
    expect(failedStageOf(billing)).toBe('afterResolve (manifest)');
    expect(failedStageOf(notes)).toBeUndefined();
    failLoad('mf_notes', 'onLoad');
    expect(failedStageOf(notes)).toBe('onLoad');
  });
});

describe('registerAreaRemotes', () => {
  it('registers each area under its federation name, its manifest made a full address', () => {
    registerAreaRemotes([billing, notes]);
    expect(mocked.registerRemotes).toHaveBeenCalledTimes(1);
    expect(mocked.registerRemotes).toHaveBeenCalledWith([
      { name: 'mf_billing', entry: 'http://localhost/remotes/mf-billing/mf-manifest.json' },
      { name: 'mf_notes', entry: 'https://cdn.carelane.test/mf-notes/mf-manifest.json' },
    ]);
  });
});

describe('forgetAreaRemote', () => {
  it('registers the remote again by force and forgets where it failed (Retry)', () => {
    failLoad('mf_billing', 'afterResolve', 'manifest');
    forgetAreaRemote(billing);
    expect(mocked.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mf_billing', entry: 'http://localhost/remotes/mf-billing/mf-manifest.json' }],
      { force: true },
    );
    expect(failedStageOf(billing)).toBeUndefined();
  });
});

describe('preloadArea', () => {
  it('starts fetching the area’s ./app', () => {
    mocked.preloadRemote.mockResolvedValue(undefined);
    preloadArea(billing);
    expect(mocked.preloadRemote).toHaveBeenCalledWith([
      expect.objectContaining({ nameOrAlias: 'mf_billing', exposes: ['./app'] }),
    ]);
  });

  it('never throws nor leaves a rejection unhandled: the real load reports the failure', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    mocked.preloadRemote.mockRejectedValueOnce(new Error('offline'));
    expect(() => preloadArea(billing)).not.toThrow();
    mocked.preloadRemote.mockImplementationOnce(() => {
      throw new Error('not registered');
    });
    expect(() => preloadArea(notes)).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe('loadAreaLifecycles', () => {
  const mount = jest.fn(async () => undefined);
  const unmount = jest.fn(async () => undefined);

  it('loads the area’s ./app and hands over its single-spa lifecycles', async () => {
    const bootstrap = jest.fn(async () => undefined);
    mocked.loadRemote.mockResolvedValueOnce({ bootstrap, mount, unmount });
    const lifecycles = await loadAreaLifecycles(billing);
    expect(mocked.loadRemote).toHaveBeenCalledWith('mf_billing/app');
    expect(lifecycles).toEqual({ bootstrap, mount, unmount });
  });

  it('gives an area without bootstrap one that does nothing', async () => {
    mocked.loadRemote.mockResolvedValueOnce({ mount, unmount });
    const lifecycles = await loadAreaLifecycles(billing);
    await expect(lifecycles.bootstrap({})).resolves.toBeUndefined();
    expect(lifecycles.mount).toBe(mount);
  });

  it.each([
    ['nothing', null],
    ['no mount', { unmount }],
    ['no unmount', { mount }],
    ['a mount that is not a function', { mount: 'yes', unmount }],
  ])('refuses an ./app that exports %s', async (_what, exposed) => {
    mocked.loadRemote.mockResolvedValueOnce(exposed);
    await expect(loadAreaLifecycles(billing)).rejects.toThrow(
      'mf-billing/app does not export single-spa lifecycles',
    );
  });

  it('passes on the runtime’s own error', async () => {
    mocked.loadRemote.mockRejectedValueOnce(new Error('Failed to fetch mf-manifest.json'));
    await expect(loadAreaLifecycles(billing)).rejects.toThrow('Failed to fetch mf-manifest.json');
  });

  it('gives up on a remote that never answers after 20 s, so the page cannot hang', async () => {
    jest.useFakeTimers();
    try {
      mocked.loadRemote.mockReturnValueOnce(new Promise(() => undefined));
      const loading = loadAreaLifecycles(billing);
      const settled = jest.fn();
      loading.catch(settled);
      await jest.advanceTimersByTimeAsync(AREA_LOAD_TIMEOUT_MS - 1);
      expect(settled).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(1);
      await expect(loading).rejects.toThrow('mf-billing did not load within 20 s');
    } finally {
      jest.useRealTimers();
    }
  });
});
