import { describeAreaRoutes } from '@carelane/shared-ui/testing';
import { PAGES, ROUTE_TABLE } from './routes';

// ARCHITECTURE.md §8. Organization onboarding is `/organizationOnboard`; the public facility pages are
// `/confirmation`, `/changeVisit` and `/rejectReason` (docs/decisions/007).
const OWNED_ROUTES = [
  '/episodes',
  '/episode',
  '/visits',
  '/patients',
  '/patient',
  '/physicians',
  '/physician',
  '/referralSources',
  '/referralSource',
  '/contacts',
  '/groups',
  '/group',
  '/coverageMap',
  '/supplyRequest',
  '/archiveOldData',
  '/organizationOnboard',
  '/confirmation',
  '/changeVisit',
  '/rejectReason',
];

describeAreaRoutes({ area: 'mf-scheduling', table: ROUTE_TABLE, pages: PAGES, ownedRoutes: OWNED_ROUTES });
