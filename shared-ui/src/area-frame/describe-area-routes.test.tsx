import type { AreaRouteTable } from './area-routes';
import { describeAreaRoutes } from './describe-area-routes';

// The helper the areas' routes.test.tsx call, run here on a small table of real privilege page keys.
const TABLE: AreaRouteTable = {
  title: 'Billing',
  description: 'Invoices and payments',
  routes: [
    { path: '/invoices', title: 'Invoices', pages: ['invoices'] },
    { path: '/survey/clinician', title: 'Clinician survey', public: true },
  ],
};

describeAreaRoutes({
  area: 'mf-example',
  table: TABLE,
  pages: {},
  ownedRoutes: ['/survey/clinician', '/invoices'],
});
