import { getByRole, getByText } from '@testing-library/react';
import { act } from 'react';
import { RENDER_ERROR_MESSAGE } from '../app-providers/AppProviders';
import type { AreaRouteTable } from './area-routes';
import { type AreaLifecycles, createAreaLifecycles } from './create-area-lifecycles';
import { singletonRecords, TEST_SINGLETONS } from './test-singletons';

const TABLE: AreaRouteTable = {
  title: 'Notes',
  description: 'Visit notes',
  routes: [{ path: '/notes', title: 'Notes', pages: ['notes'] }],
};

type AppProps = Parameters<AreaLifecycles['mount']>[0];

/** What single-spa passes each lifecycle (the slot comes from the shell's domElementGetter). */
function appProps(name: string, domElement: HTMLElement): AppProps {
  return { name, singleSpa: {}, mountParcel: jest.fn(), domElement } as unknown as AppProps;
}

/**
 * Runs a lifecycle as single-spa would. React renders inside act; the lifecycle settles afterwards (on a
 * timer set once the root has committed), so it is awaited outside act.
 */
async function run(lifecycle: AreaLifecycles['mount'], props: AppProps) {
  let settled: Promise<unknown> = Promise.resolve();
  await act(async () => {
    settled = lifecycle(props);
  });
  await settled;
}

/** The lifecycles of an area on TABLE (or another table), bootstrapped and mounted into `slot`. */
async function mountArea(area: string, slot: HTMLElement, table: AreaRouteTable = TABLE) {
  const lifecycles = createAreaLifecycles({
    area,
    table,
    pages: {},
    singletons: TEST_SINGLETONS,
    build: 'test',
  });
  const props = appProps(area, slot);
  await run(lifecycles.bootstrap, props);
  await run(lifecycles.mount, props);
  return { unmount: () => run(lifecycles.unmount, props) };
}

describe('createAreaLifecycles', () => {
  let slot: HTMLElement;

  beforeEach(() => {
    slot = document.createElement('main');
    document.body.append(slot);
    window.history.pushState(null, '', '/notes');
  });

  afterEach(() => slot.remove());

  it('gives single-spa bootstrap, mount and unmount', () => {
    const lifecycles = createAreaLifecycles({
      build: 'test',
      area: 'mf-notes',
      table: TABLE,
      pages: {},
      singletons: TEST_SINGLETONS,
    });
    expect(Object.keys(lifecycles).sort()).toEqual(['bootstrap', 'mount', 'unmount']);
    for (const lifecycle of Object.values(lifecycles)) expect(typeof lifecycle).toBe('function');
  });

  it('mounts one React root showing the area frame and its probe, and unmounts it', async () => {
    const { unmount } = await mountArea('mf-notes', slot);
    expect(getByRole(slot, 'heading', { level: 1, name: 'Notes' })).toBeTruthy();
    expect(getByText(slot, 'Not built yet')).toBeTruthy();
    expect(slot.querySelector('[data-area="mf-notes"]')?.getAttribute('data-build')).toBe('test');
    expect(singletonRecords()['mf-notes']?.react).toBe(TEST_SINGLETONS.React.useState);
    expect(singletonRecords()['mf-notes']?.colorPrimary).toBe('#0f766e');

    await unmount();
    expect(slot.textContent).toBe('');
  });

  it('shows AreaCrashed when the area fails outside its pages', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = { ...TABLE, routes: null } as unknown as AreaRouteTable;
    const { unmount } = await mountArea('mf-broken', slot, broken);
    expect(getByText(slot, RENDER_ERROR_MESSAGE)).toBeTruthy();
    expect(errors).toHaveBeenCalledWith('mf-broken: the area failed to render', expect.any(TypeError));
    await unmount();
  });
});
