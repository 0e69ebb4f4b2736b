import type { Session } from '@carelane/shared-session';
import { Menu, type MenuProps } from 'antd';
import { type MouseEvent, useMemo, useState } from 'react';
import type { AreaDeployment } from '../deployment/remotes-file';
import { navigate } from '../routing/location';
import { SHELL_ROUTES, mayOpen, normalizePath, type RouteInfo } from '../routing/routes';

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

/** The navigation a user sees: each area's menu routes they may open, then the shell's, then Help. */
export function navigationFor(session: Session, areas: readonly AreaDeployment[]): NavigationGroup[] {
  const groups: NavigationGroup[] = areas.map((area) => ({
    key: area.name,
    title: area.title,
    routes: area.routes.filter((route) => route.menu && mayOpen(session, route)),
  }));
  groups.push({
    key: 'administration',
    title: 'Administration',
    routes: SHELL_ROUTES.filter((route) => route.menu && mayOpen(session, route)),
  });
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
