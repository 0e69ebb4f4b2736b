import { describeAreaRoutes } from '@carelane/shared-ui/testing';
import { PAGES, ROUTE_TABLE } from './routes';

// ARCHITECTURE.md §8: every report of SPEC §2 not under billing, and the public survey pages
// `/survey/clinician` and `/survey/organization` (docs/decisions/007).
const OWNED_ROUTES = [
  '/dashboard',
  '/reports',
  '/referralSourceHealth',
  '/referralSourceFunnel',
  '/referralSourceConversion',
  '/stateHealth',
  '/supplyDemandGap',
  '/operationsHealth',
  '/patientFunnel',
  '/episodeFunnel',
  '/goalTracker',
  '/genericReport',
  '/visitFunnel',
  '/communicationFunnel',
  '/providerHealth',
  '/providerFunnel',
  '/candidateReport',
  '/candidatePageView',
  '/userActivity',
  '/timetostaff',
  '/historicalChurn',
  '/noncoverages',
  '/csatscores',
  '/clinicianSurvey',
  '/organizationSurvey',
  '/survey/clinician',
  '/survey/organization',
];

/** The pages built so far; every other route shows the "not built yet" frame. */
const BUILT_ROUTES = [
  '/dashboard',
  '/reports',
  '/noncoverages',
  '/timetostaff',
  '/userActivity',
  '/genericReport',
  '/referralSourceHealth',
  '/stateHealth',
  '/providerHealth',
  '/operationsHealth',
  '/supplyDemandGap',
  '/visitFunnel',
  '/referralSourceConversion',
  '/episodeFunnel',
  '/patientFunnel',
  '/referralSourceFunnel',
  '/providerFunnel',
  '/communicationFunnel',
  '/historicalChurn',
  '/goalTracker',
  '/candidateReport',
  '/candidatePageView',
  '/csatscores',
  '/clinicianSurvey',
  '/organizationSurvey',
  '/survey/clinician',
  '/survey/organization',
];

describeAreaRoutes({ area: 'mf-reports', table: ROUTE_TABLE, pages: PAGES, ownedRoutes: OWNED_ROUTES });

describe('mf-reports pages', () => {
  it('has built exactly the dashboard, the reports list, the non-coverages, time to staff, user activity, the health reports, the supply and demand gap, the funnels, historical churn, the goal tracker, the candidate reports and the surveys', () => {
    expect(Object.keys(PAGES).sort()).toEqual([...BUILT_ROUTES].sort());
  });
});
