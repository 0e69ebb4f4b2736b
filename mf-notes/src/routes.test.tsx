import { describeAreaRoutes } from '@carelane/shared-ui/testing';
import { PAGES, ROUTE_TABLE } from './routes';

// ARCHITECTURE.md §8: the note print view is `/notesPrint`, the mobile view `/noteMobile` (docs/decisions/007);
// the goal phrase library `/noteTemplates` (docs/decisions/027).
const OWNED_ROUTES = ['/notes', '/note', '/notev0', '/notesPrint', '/noteMobile', '/noteTemplates'];

describeAreaRoutes({ area: 'mf-notes', table: ROUTE_TABLE, pages: PAGES, ownedRoutes: OWNED_ROUTES });
