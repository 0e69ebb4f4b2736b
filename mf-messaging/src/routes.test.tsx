import { describeAreaRoutes } from '@carelane/shared-ui/testing';
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
  '/tc/join',
];

describeAreaRoutes({ area: 'mf-messaging', table: ROUTE_TABLE, pages: PAGES, ownedRoutes: OWNED_ROUTES });
