// Runs one area alone, the way the shell runs it: single-spa mounts the area's `./app` lifecycles on its
// routes, into a content slot beside a plain list of those routes. The API is proxied to `npm start` (8080).
import { findRoute } from '@carelane/shared-ui';
import { navigateToUrl, registerApplication, start } from 'single-spa';
import table from '@area/routes.json';
import { startStandInSession } from './stand-in-session.js';

const AREA = process.env.CARELANE_AREA;
const ownsPath = (pathname) => findRoute(table.routes, pathname) !== undefined;

function renderFrame() {
  const root = document.getElementById('carelane-root');
  root.innerHTML = '';
  root.style.display = 'flex';
  const nav = document.createElement('nav');
  nav.setAttribute('aria-label', `${table.title} (standalone)`);
  nav.style.cssText =
    'width:240px;padding:16px;border-right:1px solid #e5e7eb;background:#fff;min-height:100vh';
  const heading = document.createElement('h2');
  heading.textContent = `${table.title} — standalone`;
  heading.style.cssText = 'font-size:16px;margin:0 0 12px';
  nav.append(heading);
  for (const route of table.routes) {
    const link = document.createElement('a');
    link.href = route.path;
    link.textContent = route.public ? `${route.title} (public)` : route.title;
    link.style.cssText = 'display:block;padding:4px 0';
    link.addEventListener('click', (event) => {
      event.preventDefault();
      navigateToUrl(route.path);
    });
    nav.append(link);
  }
  const slot = document.createElement('main');
  slot.id = 'carelane-area-slot';
  slot.style.cssText = 'flex:1';
  root.append(nav, slot);
  return slot;
}

async function main() {
  const slot = renderFrame();
  await startStandInSession();
  registerApplication({
    name: AREA,
    app: () => import('@area/app'),
    activeWhen: (location) => ownsPath(location.pathname),
    customProps: { domElementGetter: () => slot },
  });
  if (!ownsPath(window.location.pathname)) window.history.replaceState(null, '', table.routes[0].path);
  start({ urlRerouteOnly: true });
}

void main();
