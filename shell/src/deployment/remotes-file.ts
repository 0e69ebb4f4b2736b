import { z } from 'zod';
import type { RouteInfo } from '../routing/routes';

/** Where the deployment file is served: next to the shell's index.html. */
export const REMOTES_FILE = '/remotes.json';

const pathSchema = z.string().regex(/^\/[A-Za-z0-9/_.-]*$/, { error: 'must be an in-app path' });

const routeSchema = z.union([
  // The short form: a path alone (any signed-in user, not in the navigation).
  pathSchema.transform((path) => ({ path })),
  z.object({
    path: pathSchema,
    title: z.string().min(1).optional(),
    pages: z.array(z.string()).optional(),
    menu: z.boolean().optional(),
    public: z.boolean().optional(),
    /** Has its page: set by the area's build (scripts/webpack/route-table.cjs). */
    built: z.boolean().optional(),
  }),
]);

const areaSchema = z.object({
  /** The area's package name, e.g. `mf-billing`; its federation name is `mf_billing`. */
  name: z.string().regex(/^[a-z][a-z0-9-]*$/, { error: 'must be a package name such as mf-billing' }),
  title: z.string().min(1).optional(),
  description: z.string().optional(),
  /** Address of the area's mf-manifest.json (absolute or relative to this page). */
  manifest: z.string().min(1),
  routes: z.array(routeSchema).min(1),
});

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
    const parsed = areaSchema.safeParse(line);
    if (!parsed.success) {
      problems.push(`remotes.json line ${index + 1}: ${z.prettifyError(parsed.error)}`);
      return;
    }
    const area = parsed.data;
    if (areas.some((other) => other.name === area.name)) {
      problems.push(`remotes.json line ${index + 1}: ${area.name} is listed twice`);
      return;
    }
    const routes: RouteInfo[] = [];
    for (const route of area.routes) {
      const full = {
        path: route.path,
        title: ('title' in route && route.title) || route.path,
        pages: ('pages' in route && route.pages) || [],
        menu: ('menu' in route && route.menu) || false,
        public: ('public' in route && route.public) || false,
        built: ('built' in route && route.built) || false,
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

/** Fetches remotes.json (never from a cache: a redeployed area must be seen at the next load). */
export async function loadDeployment(reservedPaths: ReadonlySet<string>): Promise<Deployment> {
  let data: unknown;
  try {
    const response = await fetch(REMOTES_FILE, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    data = await response.json();
  } catch (error) {
    return { areas: [], problems: [`remotes.json could not be read: ${(error as Error).message}`] };
  }
  return parseDeployment(data, reservedPaths);
}
