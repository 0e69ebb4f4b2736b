import type { RouteInfo } from '../routing/routes';
import { REMOTES_FILE, requestRemotesFile, takeRemotesFileRequest } from './early-fetch';

// Checked by hand, not with zod: this file is read before the login page shows (zod is 16–25 KB compressed).

export { REMOTES_FILE };

const IN_APP_PATH = /^\/(?!\/)[A-Za-z0-9/_.-]*$/; // never `//host`: another site
const PACKAGE_NAME = /^[a-z][a-z0-9-]*$/;

/** One line of remotes.json as read; a route may be its path alone (any signed-in user, not in the menu). */
type AreaLine = {
  name: string;
  title?: string;
  description?: string;
  manifest: string;
  routes: {
    path: string;
    title?: string;
    pages?: string[];
    menu?: boolean;
    public?: boolean;
    built?: boolean;
    menuPages?: string[];
    menuTitle?: string;
    onboarding?: boolean;
    linkedFrom?: string[];
  }[];
};

const isTextList = (value: unknown) =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Reads one line, or answers what is wrong with it ('routes[2].path: must be an in-app path'). */
function readAreaLine(line: unknown): AreaLine | string {
  if (typeof line !== 'object' || line === null || Array.isArray(line)) return 'must be an object';
  const { name, title, description, manifest, routes } = line as Record<string, unknown>;
  if (typeof name !== 'string' || !PACKAGE_NAME.test(name))
    return 'name: must be a package name such as mf-billing';
  if (title !== undefined && (typeof title !== 'string' || title === '')) return 'title: must be a text';
  if (description !== undefined && typeof description !== 'string') return 'description: must be a text';
  if (typeof manifest !== 'string' || manifest === '') return 'manifest: is required';
  if (!Array.isArray(routes) || routes.length === 0) return 'routes: must list at least one route';
  const read: AreaLine['routes'] = [];
  for (const [index, route] of routes.entries()) {
    const where = `routes[${index}]`;
    const entry = typeof route === 'string' ? { path: route } : route;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      return `${where}: must be a path or an object`;
    const fields = entry as Record<string, unknown>;
    if (typeof fields.path !== 'string' || !IN_APP_PATH.test(fields.path))
      return `${where}.path: must be an in-app path`;
    if (fields.title !== undefined && (typeof fields.title !== 'string' || fields.title === ''))
      return `${where}.title: must be a text`;
    for (const list of ['pages', 'menuPages'] as const) {
      if (fields[list] !== undefined && !isTextList(fields[list]))
        return `${where}.${list}: must be a list of page keys`;
    }
    if (fields.linkedFrom !== undefined && !isTextList(fields.linkedFrom))
      return `${where}.linkedFrom: must be a list of paths`;
    if (fields.menuTitle !== undefined && (typeof fields.menuTitle !== 'string' || fields.menuTitle === ''))
      return `${where}.menuTitle: must be a text`;
    for (const flag of ['menu', 'public', 'built', 'onboarding'] as const) {
      if (fields[flag] !== undefined && typeof fields[flag] !== 'boolean')
        return `${where}.${flag}: must be true or false`;
    }
    read.push(fields as AreaLine['routes'][number]);
  }
  return { name, title, description, manifest, routes: read };
}

/** One deployed area, as the shell uses it. */
export type AreaDeployment = {
  name: string;
  federationName: string;
  title: string;
  description: string;
  manifest: string;
  routes: RouteInfo[];
};

export type Deployment = {
  areas: AreaDeployment[];
  /** Why remotes.json, or some of its lines, could not be used (empty when all is well). */
  problems: string[];
};

export const federationNameOf = (name: string) => name.replace(/[^A-Za-z0-9_]/g, '_');

/**
 * Reads the parsed remotes.json. A line that is not valid is left out (and reported), so one bad line
 * does not take the other areas down; a path claimed twice goes to the first area that claims it.
 */
export function parseDeployment(data: unknown, reservedPaths: ReadonlySet<string>): Deployment {
  const problems: string[] = [];
  if (!Array.isArray(data)) return { areas: [], problems: ['remotes.json is not a list of areas'] };
  const claimed = new Map<string, string>();
  const areas: AreaDeployment[] = [];
  data.forEach((line, index) => {
    const area = readAreaLine(line);
    if (typeof area === 'string') {
      problems.push(`remotes.json line ${index + 1}: ${area}`);
      return;
    }
    if (areas.some((other) => other.name === area.name)) {
      problems.push(`remotes.json line ${index + 1}: ${area.name} is listed twice`);
      return;
    }
    const routes: RouteInfo[] = [];
    for (const route of area.routes) {
      const full = {
        path: route.path,
        title: route.title || route.path,
        pages: route.pages ?? [],
        menu: route.menu ?? false,
        public: route.public ?? false,
        built: route.built ?? false,
        ...(route.menuPages ? { menuPages: route.menuPages } : {}),
        ...(route.menuTitle ? { menuTitle: route.menuTitle } : {}),
        ...(route.onboarding ? { onboarding: true } : {}),
        ...(route.linkedFrom ? { linkedFrom: route.linkedFrom } : {}),
      };
      const owner = reservedPaths.has(full.path) ? 'the shell' : claimed.get(full.path);
      if (owner) {
        problems.push(`${area.name}: ${full.path} already belongs to ${owner}`);
        continue;
      }
      claimed.set(full.path, area.name);
      routes.push(full);
    }
    areas.push({
      name: area.name,
      federationName: federationNameOf(area.name),
      title: area.title ?? area.name,
      description: area.description ?? '',
      manifest: area.manifest,
      routes,
    });
  });
  return { areas, problems };
}

/** Reads remotes.json: the request the entry started, else a new one. */
export async function loadDeployment(reservedPaths: ReadonlySet<string>): Promise<Deployment> {
  let data: unknown;
  try {
    const response = await (takeRemotesFileRequest() ?? requestRemotesFile());
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    data = await response.json();
  } catch (error) {
    return { areas: [], problems: [`remotes.json could not be read: ${(error as Error).message}`] };
  }
  return parseDeployment(data, reservedPaths);
}
