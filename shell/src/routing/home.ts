import { hasOnboardingToDo, ROLE } from '@carelane/shared-domain';
import type { Session } from '@carelane/shared-session';
import { SHELL_ROUTES, mayOpen, type RoutedArea, type RouteInfo } from './routes';

/**
 * Each role's own start pages, best first, tried after the dashboard (docs/decisions/013-home-page-per-role.md).
 * Only a built page counts (remotes.json marks the routes that have a page), so a page listed here takes over
 * the day it is built.
 */
export const ROLE_HOMES: Readonly<Record<number, readonly string[]>> = {
  [ROLE.ADMINISTRATOR]: ['/episodes'],
  [ROLE.BACK_OFFICE]: ['/invoices', '/episodes'],
  [ROLE.CLINICIAN]: ['/notes'],
  [ROLE.CARE_COORDINATOR]: ['/episodes'],
  [ROLE.CUSTOMER_CARE_COORDINATOR]: ['/episodes'],
  [ROLE.OPERATIONS_DIRECTOR]: ['/episodes'],
  [ROLE.ORGANIZATION_ADMINISTRATOR]: ['/patients', '/episodes'],
  [ROLE.ORGANIZATION_USER]: ['/patients', '/episodes'],
  [ROLE.ORGANIZATION_MANAGER]: ['/patients', '/episodes'],
  [ROLE.CLINICIAN_MANAGER]: ['/providers', '/episodes'],
  [ROLE.EXECUTIVE]: ['/reports', '/episodes'],
};

/**
 * Roles whose own start pages come before the dashboard: a clinician's day is their visits and notes, and their
 * dashboard holds only My Activity (decision 013).
 */
const WORK_BEFORE_DASHBOARD: readonly number[] = [ROLE.CLINICIAN];

/**
 * Where a signed-in user starts: onboarding while they have it to do, else the dashboard (for a clinician, their
 * own start pages first), else their role's own
 * start pages, else the first page of their navigation, else their profile, else help; the first of these that
 * is built and that they may open.
 */
export function homePath(session: Session, areas: readonly RoutedArea[]): string {
  const routes = [...areas.flatMap((area) => area.routes), ...SHELL_ROUTES];
  const byPath = new Map<string, RouteInfo>();
  for (const route of routes) if (!byPath.has(route.path)) byPath.set(route.path, route);
  const onboarding = hasOnboardingToDo(session.user)
    ? routes.filter((route) => route.onboarding).map((route) => route.path)
    : [];
  const own = ROLE_HOMES[session.user.roleId] ?? [];
  const candidates = [
    ...onboarding,
    ...(WORK_BEFORE_DASHBOARD.includes(session.user.roleId) ? own : []),
    '/dashboard',
    ...own,
    ...routes.filter((route) => route.menu).map((route) => route.path),
    '/profile',
  ];
  const home = candidates
    .map((path) => byPath.get(path))
    .find((route) => route !== undefined && route.built && !route.public && mayOpen(session, route));
  return home?.path ?? '/help';
}
