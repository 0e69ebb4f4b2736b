import type { Session } from '@carelane/shared-session';
import { Menu, type MenuProps } from 'antd';
import { type MouseEvent, useMemo, useState } from 'react';
import type { AreaDeployment } from '../deployment/remotes-file';
import { navigate } from '../routing/location';
import { SHELL_ROUTES, menuTitleFor, normalizePath, type RouteInfo } from '../routing/routes';

type Item = Required<MenuProps>['items'][number];

function link(route: RouteInfo): Item {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(route.path);
  };
  return {
    key: route.path,
    label: (
      <a href={route.path} onClick={onClick}>
        {route.title}
      </a>
    ),
  };
}

export type NavigationGroup = { key: string; title: string; routes: RouteInfo[] };

/** The routes of `routes` in the session's menu, each titled as the menu shows it (menuTitleFor). */
function menuRoutes(session: Session, routes: readonly RouteInfo[]): RouteInfo[] {
  return routes.flatMap((route) => {
    const title = menuTitleFor(session, route);
    return title === null ? [] : [{ ...route, title }];
  });
}

/** The navigation a user sees: each area's menu routes they may open, then the shell's, then Help. */
export function navigationFor(session: Session, areas: readonly AreaDeployment[]): NavigationGroup[] {
  const groups: NavigationGroup[] = areas.map((area) => ({
    key: area.name,
    title: area.title,
    routes: menuRoutes(session, area.routes),
  }));
  groups.push({ key: 'administration', title: 'Administration', routes: menuRoutes(session, SHELL_ROUTES) });
  return groups.filter((group) => group.routes.length > 0);
}

export function Navigation({
  session,
  areas,
  pathname,
}: {
  session: Session;
  areas: readonly AreaDeployment[];
  pathname: string;
}) {
  const groups = useMemo(() => navigationFor(session, areas), [session, areas]);
  const current = normalizePath(pathname);
  const currentGroup = groups.find((group) => group.routes.some((route) => route.path === current))?.key;
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [currentGroup] : []);
  const open = currentGroup && !openKeys.includes(currentGroup) ? [...openKeys, currentGroup] : openKeys;

  const items: Item[] = [
    ...groups.map((group) => ({ key: group.key, label: group.title, children: group.routes.map(link) })),
    link(SHELL_ROUTES.find((route) => route.path === '/help')!),
  ];
  return (
    <nav aria-label="Main navigation" className="carelane-navigation">
      <Menu
        mode="inline"
        items={items}
        selectedKeys={[current]}
        openKeys={open}
        onOpenChange={(keys) => setOpenKeys(keys)}
        style={{ borderInlineEnd: 'none' }}
      />
    </nav>
  );
}
