import { hasOnboardingToDo } from '@carelane/shared-domain';
import { canOpen, canOpenRoute, type Session, type SiteRoute } from '@carelane/shared-session';
import { normalizePath } from '@carelane/shared-ui';

/** One route: the shell's own, or one an area owns (from remotes.json). */
export type RouteInfo = {
  path: string;
  title: string;
  /** Privilege page keys (SPEC §6); holding any one opens the route. Empty: any signed-in user. */
  pages: readonly string[];
  /** Shown in the navigation (to those who may open it, or who hold one of `menuPages` when given). */
  menu: boolean;
  /** The page keys that put it in the menu when not all of `pages` should (e.g. staff's "Invite clinicians"). */
  menuPages?: readonly string[];
  /** Its text in the menu when not its title. */
  menuTitle?: string;
  /** The onboarding page: a user with onboarding to do starts there and has it in the menu until Done. */
  onboarding?: boolean;
  /**
   * How a user who may open it and does not find it in the menu gets there: the pages that link to it (detail
   * pages that need an id), or USER_MENU. Checked per role against the menus (routes-reach.test.ts).
   */
  linkedFrom?: readonly string[];
  /** Opens without signing in. */
  public: boolean;
  /** Has its page (an area's route without one shows "not built yet"); every shell route has. */
  built: boolean;
};

/** In `linkedFrom`: the header's user menu, on every signed-in page. */
export const USER_MENU = 'userMenu';

/** The shell's own routes (ARCHITECTURE.md §8). The pages themselves are in ../pages. */
export const SHELL_ROUTES: readonly RouteInfo[] = [
  { path: '/', title: 'Sign in', pages: [], menu: false, public: true, built: true },
  { path: '/register', title: 'Register', pages: [], menu: false, public: true, built: true },
  { path: '/resetPassword', title: 'Reset password', pages: [], menu: false, public: true, built: true },
  { path: '/verifyEmail', title: 'Verify email', pages: [], menu: false, public: true, built: true },
  { path: '/r', title: 'Short link', pages: [], menu: false, public: true, built: true },
  { path: '/forwardToWebapp', title: 'Opening Carelane', pages: [], menu: false, public: true, built: true },
  {
    path: '/changePassword',
    title: 'Change password',
    pages: [],
    menu: false,
    public: false,
    built: true,
    linkedFrom: [USER_MENU, '/profile'],
  },
  {
    path: '/verifyPhone',
    title: 'Verify phone number',
    pages: [],
    menu: false,
    public: false,
    built: true,
    linkedFrom: ['/profile'],
  },
  {
    path: '/profile',
    title: 'Profile',
    pages: ['profile', 'myProfile'],
    menu: false,
    public: false,
    built: true,
    linkedFrom: [USER_MENU],
  },
  { path: '/help', title: 'Help', pages: [], menu: false, public: false, built: true },
  { path: '/users', title: 'Users', pages: ['users'], menu: true, public: false, built: true },
  {
    path: '/user',
    title: 'User',
    pages: ['userDetail'],
    menu: false,
    public: false,
    built: true,
    linkedFrom: ['/users', '/referralSource'],
  },
  {
    path: '/auditLogs',
    title: 'Audit logs',
    pages: ['activityLogs'],
    menu: true,
    public: false,
    built: true,
  },
  { path: '/outbox', title: 'Outbox', pages: ['outbox'], menu: true, public: false, built: true },
  { path: '/shortUrl', title: 'Short links', pages: ['shortUrl'], menu: true, public: false, built: true },
];

/** `/invoices/` and `/invoices` are one page (the same rule the areas match their routes with). */
export { normalizePath };

/** The shell route a path opens: `/r/{id}` is the short-link route. */
export function findShellRoute(pathname: string): RouteInfo | undefined {
  const path = normalizePath(pathname);
  const lookup = /^\/r\/[^/]+$/.test(path) ? '/r' : path;
  return SHELL_ROUTES.find((route) => route.path === lookup);
}

/**
 * The route's text in the session's menu, or null when it is not in it: a menu route they may open (and hold one
 * of its `menuPages`, when given), or the onboarding page while they have onboarding to do (decision 044).
 */
export function menuTitleFor(session: Session, route: RouteInfo): string | null {
  if (!mayOpen(session, route)) return null;
  if (route.onboarding && hasOnboardingToDo(session.user)) return route.title;
  if (!route.menu) return null;
  if (route.menuPages && !route.menuPages.some((page) => canOpen(session, page))) return null;
  return route.menuTitle ?? route.title;
}

/** Whether the session (null: signed out) may open the route. */
export function mayOpen(session: Session | null, route: RouteInfo): boolean {
  return canOpenRoute(session, route);
}

/** An in-app path safe to go to after signing in: one leading slash, never another site. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !/^\/(?![/\\])/.test(value) || /[\s\\]/.test(value)) return null;
  return value;
}

export type Access = 'open' | 'signIn' | 'changePassword' | 'forbidden';

/** What opening the route means for this session. */
export function accessTo(session: Session | null, route: RouteInfo): Access {
  if (route.public) return 'open';
  if (!session) return 'signIn';
  if (session.user.changePassword && route.path !== '/changePassword') return 'changePassword';
  return mayOpen(session, route) ? 'open' : 'forbidden';
}

/** Areas as the router needs them (AreaDeployment fits). */
export type RoutedArea = { name: string; title: string; routes: readonly RouteInfo[] };

/** Every page served (the shell's own, then each area's), as the bus publishes them to the areas. */
export function siteRoutes(areas: readonly RoutedArea[]): SiteRoute[] {
  const of =
    (areaTitle: string) =>
    (route: RouteInfo): SiteRoute => ({
      path: route.path,
      title: route.title,
      pages: route.pages,
      areaTitle,
      built: route.built,
      public: route.public,
    });
  return [...SHELL_ROUTES.map(of('Carelane')), ...areas.flatMap((area) => area.routes.map(of(area.title)))];
}

export type Resolved<A extends RoutedArea> =
  { kind: 'shell'; route: RouteInfo } | { kind: 'area'; area: A; route: RouteInfo } | { kind: 'notFound' };

/** Who owns a path: the shell, one area (remotes.json), or no one (not found). */
export function resolvePath<A extends RoutedArea>(pathname: string, areas: readonly A[]): Resolved<A> {
  const shellRoute = findShellRoute(pathname);
  if (shellRoute) return { kind: 'shell', route: shellRoute };
  const path = normalizePath(pathname);
  for (const area of areas) {
    const route = area.routes.find((candidate) => candidate.path === path);
    if (route) return { kind: 'area', area, route };
  }
  return { kind: 'notFound' };
}
