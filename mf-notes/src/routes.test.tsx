import { describeAreaRoutes } from '@carelane/shared-ui/testing';
import { PAGES, ROUTE_TABLE } from './routes';

// ARCHITECTURE.md §8: the note print view is `/notesPrint`, the mobile view `/noteMobile` (docs/decisions/007).
const OWNED_ROUTES = ['/notes', '/note', '/notev0', '/notesPrint', '/noteMobile'];

describeAreaRoutes({ area: 'mf-notes', table: ROUTE_TABLE, pages: PAGES, ownedRoutes: OWNED_ROUTES });
