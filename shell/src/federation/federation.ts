import {
  init,
  loadRemote,
  preloadRemote,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import type { AreaDeployment } from '../deployment/remotes-file';

/** single-spa lifecycles, as each area's `./app` exposes them. */
export type AreaLifecycles = {
  bootstrap: (props: unknown) => Promise<unknown>;
  mount: (props: unknown) => Promise<unknown>;
  unmount: (props: unknown) => Promise<unknown>;
};

/** How long an area may take to load before it counts as failed (a remote that never answers). */
export const AREA_LOAD_TIMEOUT_MS = 20_000;

/** The federation stage that failed for each remote, for the log (filled by the runtime plugin). */
const failedStages = new Map<string, string>();

/**
 * Records where a remote failed (manifest, entry, module) and lets the error through: the loading
 * function turns it into the 'Dynamic page loading failed' page, so a dead remote cannot hang the shell.
 */
function recordLoadErrors(): ModuleFederationRuntimePlugin {
  return {
    name: 'carelane-record-load-errors',
    errorLoadRemote(args) {
      const remote = (args as { remote?: { name?: string } }).remote?.name;
      const stage = `${args.lifecycle ?? 'load'}${args.from ? ` (${args.from})` : ''}`;
      if (remote) failedStages.set(remote, stage);
      return undefined;
    },
  };
}

/** Joins the page's federation instance (created by the build) with our options. */
export function initFederation(): void {
  init({
    name: 'carelane_shell',
    remotes: [],
    shareStrategy: 'loaded-first',
    plugins: [recordLoadErrors()],
  });
}

function remoteOf(area: AreaDeployment) {
  return { name: area.federationName, entry: new URL(area.manifest, window.location.href).href };
}

export function registerAreaRemotes(areas: readonly AreaDeployment[]): void {
  registerRemotes(areas.map(remoteOf));
}

/**
 * Starts fetching the area's manifest, remoteEntry.js and the chunks of its `./app` (decision 042): the page's
 * area is known as soon as the deployment file and the session are, so its files load beside the shell's first
 * render instead of after it. A failure is left to the real load, which reports it.
 */
export function preloadArea(area: AreaDeployment): void {
  try {
    void preloadRemote([
      {
        nameOrAlias: area.federationName,
        exposes: ['./app'],
        resourceCategory: 'sync',
        share: false,
        depsRemote: false,
      },
    ]).catch(() => undefined);
  } catch {
    // the real load reports it
  }
}

/** Registers the area's remote again, dropping what the runtime cached of a failed load. */
export function forgetAreaRemote(area: AreaDeployment): void {
  failedStages.delete(area.federationName);
  registerRemotes([remoteOf(area)], { force: true });
}

export function failedStageOf(area: AreaDeployment): string | undefined {
  return failedStages.get(area.federationName);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Loads the area's `./app` and checks it is single-spa lifecycles. */
export async function loadAreaLifecycles(area: AreaDeployment): Promise<AreaLifecycles> {
  const exposed = await withTimeout(
    loadRemote<Partial<AreaLifecycles>>(`${area.federationName}/app`),
    AREA_LOAD_TIMEOUT_MS,
    area.name,
  );
  if (!exposed || typeof exposed.mount !== 'function' || typeof exposed.unmount !== 'function') {
    throw new Error(`${area.name}/app does not export single-spa lifecycles`);
  }
  const { bootstrap, mount, unmount } = exposed as AreaLifecycles;
  return { bootstrap: bootstrap ?? (() => Promise.resolve()), mount, unmount };
}
