import { lazy } from 'react';
import type { AreaPages, AreaRouteTable } from '@carelane/shared-ui';
import table from './routes.json';

/** The routes this area owns (ARCHITECTURE.md §8); `routes.json` is also what remotes.json carries. */
export const ROUTE_TABLE: AreaRouteTable = table;

/** The area's pages, by path, each loaded on first visit. */
export const PAGES: AreaPages = {
  '/notes': lazy(() => import('./notes-list/NotesListPage')),
  '/note': lazy(() => import('./note/NotePage')),
  '/notev0': lazy(() => import('./note/NoteV0Page')),
  '/noteMobile': lazy(() => import('./note/NoteMobilePage')),
  '/notesPrint': lazy(() => import('./print/NotesPrintPage')),
  '/noteTemplates': lazy(() => import('./templates/GoalTemplatesPage')),
};
