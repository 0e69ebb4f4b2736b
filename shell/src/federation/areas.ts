import {
  SKIP_BECAUSE_BROKEN,
  addErrorHandler,
  getAppStatus,
  getMountedApps,
  registerApplication,
  triggerAppChange,
  unregisterApplication,
} from 'single-spa';
import type { AreaDeployment } from '../deployment/remotes-file';
import { DYNAMIC_PAGE_LOADING_FAILED, sendClientLog } from './client-log';
import { failedStageOf, forgetAreaRemote, loadAreaLifecycles } from './federation';

export type AreaLoadState =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'loaded' }
  | { state: 'failed'; reason: string; at: number };

const states = new Map<string, AreaLoadState>();
const listeners = new Set<() => void>();
let version = 0;

function setState(name: string, next: AreaLoadState) {
  states.set(name, next);
  version += 1;
  for (const listener of listeners) listener();
}

export function areaState(name: string): AreaLoadState {
  return states.get(name) ?? { state: 'idle' };
}

/** For useSyncExternalStore: changes whenever an area's state or the mounted areas change. */
export function subscribeAreas(listener: () => void): () => void {
  listeners.add(listener);
  const onAppChange = () => listener();
  window.addEventListener('single-spa:app-change', onAppChange);
  window.addEventListener('single-spa:routing-event', onAppChange);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('single-spa:app-change', onAppChange);
    window.removeEventListener('single-spa:routing-event', onAppChange);
  };
}

export function areasSnapshot(): string {
  return `${version}:${getMountedApps().join(',')}`;
}

export function isAreaMounted(name: string): boolean {
  return getMountedApps().includes(name);
}

/** Where areas mount: one persistent element; each area gets its own child in it. */
export const areaSlot: HTMLDivElement = document.createElement('div');
areaSlot.id = 'carelane-area-slot';

function areaContainer(name: string): HTMLElement {
  const id = `carelane-area-${name}`;
  let element = areaSlot.querySelector<HTMLElement>(`#${CSS.escape(id)}`);
  if (!element) {
    element = document.createElement('div');
    element.id = id;
    areaSlot.append(element);
  }
  return element;
}

function reportLoadFailure(area: AreaDeployment, error: unknown) {
  const reason = error instanceof Error ? error.message : String(error);
  const context = {
    area: area.name,
    manifest: area.manifest,
    stage: failedStageOf(area) ?? 'load',
    path: window.location.pathname,
    error: reason.slice(0, 500),
  };
  console.error(DYNAMIC_PAGE_LOADING_FAILED, context);
  sendClientLog('error', DYNAMIC_PAGE_LOADING_FAILED, context);
  setState(area.name, { state: 'failed', reason, at: Date.now() });
}

type ActivityCheck = (area: AreaDeployment, pathname: string) => boolean;

function register(area: AreaDeployment, isActive: ActivityCheck) {
  registerApplication({
    name: area.name,
    app: async () => {
      setState(area.name, { state: 'loading' });
      try {
        const lifecycles = await loadAreaLifecycles(area);
        setState(area.name, { state: 'loaded' });
        return lifecycles;
      } catch (error) {
        reportLoadFailure(area, error);
        throw error;
      }
    },
    activeWhen: (location) => isActive(area, location.pathname),
    customProps: { domElementGetter: () => areaContainer(area.name), area: area.name },
  });
}

const registered = new Map<string, { area: AreaDeployment; isActive: ActivityCheck }>();

/** Registers each deployed area as a single-spa application, active on its routes when it may open. */
export function registerAreas(areas: readonly AreaDeployment[], isActive: ActivityCheck): void {
  for (const area of areas) {
    registered.set(area.name, { area, isActive });
    register(area, isActive);
  }
}

addErrorHandler((error) => {
  const name = (error as { appOrParcelName?: string }).appOrParcelName;
  const entry = name ? registered.get(name) : undefined;
  if (!entry) {
    console.error(error);
    return;
  }
  // Load failures were reported by the loading function. single-spa retries one only 200 ms after it settles
  // it, now (the error page may have rendered since the report): Retry waits from this moment.
  const state = areaState(entry.area.name);
  if (state.state === 'failed') {
    states.set(entry.area.name, { ...state, at: Date.now() });
    return;
  }
  // A lifecycle (mount, unmount) failure.
  const context = { area: entry.area.name, path: window.location.pathname, error: String(error.message) };
  console.error(`${entry.area.name} failed to start`, context);
  sendClientLog('error', `${entry.area.name} failed to start`, context);
  setState(entry.area.name, { state: 'failed', reason: error.message, at: Date.now() });
});

/** single-spa retries a failed load on the next route change 200 ms or more after the failure. */
const RETRY_AFTER_MS = 250;

/** The error page's Retry: forget the failed load, then let single-spa load and mount the area again. */
export async function retryArea(name: string): Promise<void> {
  const entry = registered.get(name);
  if (!entry) return;
  const previous = areaState(name);
  forgetAreaRemote(entry.area);
  if (getAppStatus(name) === SKIP_BECAUSE_BROKEN) {
    await unregisterApplication(name);
    register(entry.area, entry.isActive);
  }
  setState(name, { state: 'loading' });
  const wait = previous.state === 'failed' ? previous.at + RETRY_AFTER_MS - Date.now() : 0;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  await triggerAppChange();
}
