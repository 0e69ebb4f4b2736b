import { lazy } from 'react';
import type { AreaPages, AreaRouteTable } from '@carelane/shared-ui';
import table from './routes.json';

/** The routes this area owns (ARCHITECTURE.md §8); `routes.json` is also what remotes.json carries. */
export const ROUTE_TABLE: AreaRouteTable = table;

/** The pages built so far, by path, each loaded on first visit. Every other route shows "not built yet". */
export const PAGES: AreaPages = {
  '/dashboard': lazy(() => import('./dashboard/DashboardPage')),
  '/reports': lazy(() => import('./report-catalog/ReportsPage')),
  '/noncoverages': lazy(() => import('./non-coverages/NonCoveragesPage')),
  '/timetostaff': lazy(() => import('./time-to-staff/TimeToStaffPage')),
  '/userActivity': lazy(() => import('./user-activity/UserActivityPage')),
  '/genericReport': lazy(() => import('./generic-report/GenericReportPage')),
  '/referralSourceHealth': lazy(() =>
    import('./health/health-reports').then((m) => ({ default: m.OrganizationHealthPage })),
  ),
  '/stateHealth': lazy(() => import('./health/health-reports').then((m) => ({ default: m.StateHealthPage }))),
  '/providerHealth': lazy(() =>
    import('./health/health-reports').then((m) => ({ default: m.ClinicianHealthPage })),
  ),
  '/operationsHealth': lazy(() =>
    import('./health/health-reports').then((m) => ({ default: m.OperationsHealthPage })),
  ),
  '/supplyDemandGap': lazy(() => import('./supply-demand-gap/SupplyDemandGapPage')),
  '/visitFunnel': lazy(() =>
    import('./funnels/FunnelReportPage').then((m) => ({ default: m.VisitFunnelPage })),
  ),
  '/referralSourceConversion': lazy(() =>
    import('./funnels/FunnelReportPage').then((m) => ({ default: m.ReferralSourceConversionPage })),
  ),
  '/episodeFunnel': lazy(() =>
    import('./funnels/FunnelReportPage').then((m) => ({ default: m.EpisodeFunnelPage })),
  ),
  '/patientFunnel': lazy(() =>
    import('./funnels/FunnelReportPage').then((m) => ({ default: m.PatientFunnelPage })),
  ),
  '/referralSourceFunnel': lazy(() =>
    import('./funnels/FunnelReportPage').then((m) => ({ default: m.ReferralSourceFunnelPage })),
  ),
  '/providerFunnel': lazy(() =>
    import('./funnels/FunnelReportPage').then((m) => ({ default: m.ProviderFunnelPage })),
  ),
  '/communicationFunnel': lazy(() =>
    import('./funnels/FunnelReportPage').then((m) => ({ default: m.CommunicationFunnelPage })),
  ),
  '/historicalChurn': lazy(() => import('./historical-churn/HistoricalChurnPage')),
  '/goalTracker': lazy(() => import('./goal-tracker/GoalTrackerPage')),
  '/candidateReport': lazy(() => import('./candidates/CandidateReportPage')),
  '/candidatePageView': lazy(() => import('./candidates/CandidatePageViewPage')),
  '/csatscores': lazy(() => import('./surveys/CsatScoresPage')),
  '/clinicianSurvey': lazy(() =>
    import('./surveys/SurveyResultsPage').then((m) => ({ default: m.ClinicianSurveyPage })),
  ),
  '/organizationSurvey': lazy(() =>
    import('./surveys/SurveyResultsPage').then((m) => ({ default: m.OrganizationSurveyPage })),
  ),
  '/survey/clinician': lazy(() => import('./surveys/PublicSurveyPage')),
  '/survey/organization': lazy(() => import('./surveys/PublicSurveyPage')),
};
