import { describeAreaRoutes } from '@carelane/shared-ui/testing';
import { PAGES, ROUTE_TABLE } from './routes';

// ARCHITECTURE.md §8; `/clinicianFeedBack` is public.
const OWNED_ROUTES = [
  '/providers',
  '/provider',
  '/providercredential',
  '/credentialForm',
  '/orientations',
  '/orientation',
  '/providerOrientation',
  '/providerOnboard',
  '/providervisits',
  '/clinicianFeedBack',
];

describeAreaRoutes({ area: 'mf-clinicians', table: ROUTE_TABLE, pages: PAGES, ownedRoutes: OWNED_ROUTES });
