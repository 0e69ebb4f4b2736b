// Finding the way (issue 24, docs/decisions/044-finding-the-way.md): per demo role, over the route tables as the
// areas publish them (src/routes.json with `built` from src/routes.tsx, what remotes.json carries), every built page
// the role may open is in its menu, or linked from a page it can reach.
import path from 'node:path';
import { ALL_ROLE_IDS, hasOnboardingToDo, ROLE, ROLE_NAMES } from '@carelane/shared-domain';
import type { Session } from '@carelane/shared-session';
import { sessionOf } from '@carelane/shared-session/testing';
import { publishedRouteTable } from '../../../scripts/webpack/route-table.cjs';
import { navigationFor } from '../app/Navigation';
import { parseDeployment, type AreaDeployment } from '../deployment/remotes-file';
import { homePath } from './home';
import { SHELL_ROUTES, USER_MENU, mayOpen, type RouteInfo } from './routes';

const ROOT = path.join(__dirname, '../../..');
const AREA_NAMES = ['mf-scheduling', 'mf-clinicians', 'mf-billing', 'mf-notes', 'mf-reports', 'mf-messaging'];

/** The deployment as `npm start` assembles it. */
function deployedAreas(): AreaDeployment[] {
  const lines = AREA_NAMES.map((name) => {
    const table = publishedRouteTable(
      path.join(ROOT, name, 'src/routes.json'),
      path.join(ROOT, name, 'src/routes.tsx'),
    );
    return { name, title: table.title, manifest: `/remotes/${name}/mf-manifest.json`, routes: table.routes };
  });
  const { areas, problems } = parseDeployment(lines, new Set(SHELL_ROUTES.map((route) => route.path)));
  expect(problems).toEqual([]);
  return areas;
}

const AREAS = deployedAreas();
const ROUTES: RouteInfo[] = [...AREAS.flatMap((area) => area.routes), ...SHELL_ROUTES];
const byPath = new Map(ROUTES.map((route) => [route.path, route]));

/** The paths of the role's navigation; Navigation ends every menu with Help. */
function menuOf(session: Session): string[] {
  return [
    ...navigationFor(session, AREAS).flatMap((group) => group.routes.map((route) => route.path)),
    '/help',
  ];
}

/**
 * The built, signed-in pages the session may open and cannot reach from its menus by following links. A clinician
 * who finished onboarding may still open its page, but it is no longer offered (issue 24: "until Done").
 */
function unreachable(session: Session): string[] {
  const finished = (route: RouteInfo) =>
    route.onboarding && session.user.roleId === ROLE.CLINICIAN && !hasOnboardingToDo(session.user);
  const openable = ROUTES.filter(
    (route) => route.built && !route.public && mayOpen(session, route) && !finished(route),
  );
  const reached = new Set<string>([...menuOf(session), USER_MENU]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const route of openable) {
      if (reached.has(route.path) || !route.linkedFrom?.some((from) => reached.has(from))) continue;
      reached.add(route.path);
      grew = true;
    }
  }
  return openable.filter((route) => !reached.has(route.path)).map((route) => route.path);
}

describe('the route tables', () => {
  it('link only from known pages (or the user menu), and every area page not in a menu says where it is linked from', () => {
    for (const route of ROUTES) {
      for (const from of route.linkedFrom ?? []) {
        if (from !== USER_MENU) expect([route.path, byPath.has(from)]).toEqual([route.path, true]);
      }
    }
    const withoutWay = AREAS.flatMap((area) => area.routes)
      .filter((route) => route.built && !route.public && !route.menu && !route.linkedFrom?.length)
      .map((route) => route.path);
    expect(withoutWay).toEqual([]);
  });

  it('builds "/invite" in messaging, in the menu as Invitations', () => {
    expect(byPath.get('/invite')).toMatchObject({ built: true, menu: true, title: 'Invitations' });
  });
});

describe.each(ALL_ROLE_IDS.map((roleId) => [ROLE_NAMES[roleId]!, roleId] as const))(
  'the menus of the %s',
  (_name, roleId) => {
    const session = sessionOf(roleId);

    it('offer only pages the role may open', () => {
      for (const path of menuOf(session))
        expect([path, mayOpen(session, byPath.get(path)!)]).toEqual([path, true]);
    });

    it('lead to every built page the role may open, from the menu or a page linked from it', () => {
      expect(unreachable(session)).toEqual([]);
    });

    it('start the role on a built page of its menu or one linked from it', () => {
      const home = homePath(session, AREAS);
      expect(byPath.get(home)?.built).toBe(true);
      expect(unreachable(session)).not.toContain(home);
    });
  },
);

describe('what issue 24 found missing', () => {
  const entries = (session: Session) =>
    navigationFor(session, AREAS).flatMap((group) => group.routes.map((route) => [route.title, route.path]));

  it.each([ROLE.ADMINISTRATOR, ROLE.CARE_COORDINATOR, ROLE.CLINICIAN_MANAGER, ROLE.OPERATIONS_DIRECTOR])(
    'staff (role %i) find the invitation forms, the invitations and the credentials in the menu',
    (roleId) => {
      const menu = entries(sessionOf(roleId));
      expect(menu).toContainEqual(['Invite clinicians', '/providerOnboard']);
      expect(menu).toContainEqual(['Credentials', '/providercredential']);
      expect(menu).toContainEqual(['Invitations', '/invite']);
    },
  );

  it('a clinician with onboarding to do starts at onboarding and finds it in the menu until Done', () => {
    const newcomer = sessionOf(ROLE.CLINICIAN, { onboardStep: 'Contract' });
    expect(homePath(newcomer, AREAS)).toBe('/providerOnboard');
    expect(entries(newcomer)).toContainEqual(['Onboarding', '/providerOnboard']);
    expect(entries(newcomer)).not.toContainEqual(['Invite clinicians', '/providerOnboard']);
    expect(unreachable(newcomer)).toEqual([]);

    const onboarded = sessionOf(ROLE.CLINICIAN, { onboardStep: 'Done' });
    expect(homePath(onboarded, AREAS)).toBe('/notes');
    expect(entries(onboarded).map(([, path]) => path)).not.toContain('/providerOnboard');
    expect(entries(onboarded)).toContainEqual(['Credentials', '/providercredential']);
  });

  it('organization users find their organization in the menu', () => {
    for (const roleId of [ROLE.ORGANIZATION_ADMINISTRATOR, ROLE.ORGANIZATION_USER, ROLE.ORGANIZATION_MANAGER])
      expect(entries(sessionOf(roleId))).toContainEqual(['My organization', '/referralSource']);
  });
});
