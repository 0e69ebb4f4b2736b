import type { ComponentType } from 'react';

/** One route of an area, as its `routes.json` lists it and `remotes.json` carries it to the shell. */
export type AreaRoute = {
  path: string;
  title: string;
  /** Privilege page keys (SPEC §6); holding any one of them opens the route. None: any signed-in user. */
  pages?: string[];
  /** Shown in the shell's navigation. */
  menu?: boolean;
  /** Opens without signing in (token-driven public pages). */
  public?: boolean;
  /** Only holders of these page keys find it in the menu (default: whoever may open it). */
  menuPages?: string[];
  /** Its text in the menu when not its title. */
  menuTitle?: string;
  /** The onboarding page: where a clinician with onboarding to do starts, in their menu until Done. */
  onboarding?: boolean;
  /** The pages that link to it, for routes not in the menu (detail pages that need an id). */
  linkedFrom?: string[];
};

export type AreaRouteTable = { title: string; description: string; routes: AreaRoute[] };

/** `/invoices/` and `/invoices` are the same page; the query string never matters for matching. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function findRoute(routes: readonly AreaRoute[], pathname: string): AreaRoute | undefined {
  const path = normalizePath(pathname);
  return routes.find((route) => route.path === path);
}

/** What every page component of an area receives. */
export type PageProps = { route: AreaRoute };

/** The pages an area has built, by path; a route without one shows "not built yet". */
export type AreaPages = Partial<Record<string, ComponentType<PageProps>>>;
