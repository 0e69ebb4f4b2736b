import { render, screen } from '@testing-library/react';
import { PAGE_KEYS } from '@carelane/shared-domain';
import { AreaRoot } from './frame/AreaRoot';
import { PAGES, ROUTE_TABLE } from './routes';

// ARCHITECTURE.md §8: tasks are `/tasks`, incidents `/incidents`, the AI-assisted email and request flow
// `/assistant` (docs/decisions/007).
const OWNED_ROUTES = [
  '/messages',
  '/inbox',
  '/collaboration',
  '/tasks',
  '/incidents',
  '/broadcast',
  '/prompts',
  '/timeline',
  '/invite',
  '/assistant',
  '/tc',
];

function renderAt(path: string) {
  window.history.pushState(null, '', path);
  return render(<AreaRoot area="mf-messaging" table={ROUTE_TABLE} pages={PAGES} />);
}

describe('mf-messaging routes', () => {
  it('owns exactly its routes, each once, each with a title', () => {
    const paths = ROUTE_TABLE.routes.map((route) => route.path);
    expect([...paths].sort()).toEqual([...OWNED_ROUTES].sort());
    expect(new Set(paths).size).toBe(paths.length);
    for (const route of ROUTE_TABLE.routes) expect(route.title.trim()).not.toBe('');
  });

  it('guards every route that is not public with known privilege page keys', () => {
    for (const route of ROUTE_TABLE.routes) {
      if (route.public) {
        expect(route.pages ?? []).toEqual([]);
        continue;
      }
      expect(route.pages?.length).toBeGreaterThan(0);
      for (const page of route.pages ?? []) expect(PAGE_KEYS).toContain(page);
    }
  });

  it.each(ROUTE_TABLE.routes.map((route) => [route.path, route.title]))(
    '%s shows the area frame with the title "%s" and a not-built-yet notice',
    (path, title) => {
      renderAt(path);
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByText('Not built yet')).toBeTruthy();
      expect(document.querySelector('[data-area="mf-messaging"]')).not.toBeNull();
    },
  );

  it('matches a route with a trailing slash and ignores the query string', () => {
    renderAt(`${OWNED_ROUTES[0]}/?id=12`);
    expect(screen.getByText('Not built yet')).toBeTruthy();
  });

  it('shows nothing on a path it does not own (the shell shows not-found there)', () => {
    const { container } = renderAt('/no-such-page');
    expect(container.textContent).toBe('');
  });
});
