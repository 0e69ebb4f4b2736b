import { describeAreaRoutes } from '@carelane/shared-ui/testing';
import { PAGES, ROUTE_TABLE } from './routes';

// ARCHITECTURE.md §8.
const OWNED_ROUTES = [
  '/invoices',
  '/providerpayments',
  '/nachaFile',
  '/unbilledvisits',
  '/unpaidvisits',
  '/outpatientBilling',
  '/ARHealth',
  '/adjustmentReport',
  '/pendingAdjustmentReport',
  '/rebatereport',
];

describeAreaRoutes({ area: 'mf-billing', table: ROUTE_TABLE, pages: PAGES, ownedRoutes: OWNED_ROUTES });
