import { lazy } from 'react';
import type { AreaPages, AreaRouteTable } from '@carelane/shared-ui';
import table from './routes.json';

/** The routes this area owns (ARCHITECTURE.md §8); `routes.json` is also what remotes.json carries. */
export const ROUTE_TABLE: AreaRouteTable = table;

/** The pages by path, each loaded on first visit. */
export const PAGES: AreaPages = {
  '/episodes': lazy(() => import('./episodes/EpisodesPage')),
  '/episode': lazy(() => import('./episodes/EpisodePage')),
  '/patients': lazy(() => import('./patients/PatientsPage')),
  '/patient': lazy(() => import('./patients/PatientPage')),
  '/visits': lazy(() => import('./visits/VisitsPage')),
  '/confirmation': lazy(() => import('./facility/ConfirmationPage')),
  '/changeVisit': lazy(() => import('./facility/ChangeVisitPage')),
  '/rejectReason': lazy(() => import('./facility/RejectReasonPage')),
  '/physicians': lazy(() => import('./physicians/PhysiciansPage')),
  '/physician': lazy(() => import('./physicians/PhysicianPage')),
  '/referralSources': lazy(() => import('./referral-sources/ReferralSourcesPage')),
  '/referralSource': lazy(() => import('./referral-sources/ReferralSourcePage')),
  '/contacts': lazy(() => import('./contacts/ContactsPage')),
  '/groups': lazy(() => import('./groups/GroupsPage')),
  '/group': lazy(() => import('./groups/GroupPage')),
  '/supplyRequest': lazy(() => import('./supply-requests/SupplyRequestsPage')),
  '/archiveOldData': lazy(() => import('./archive/ArchiveOldDataPage')),
  '/organizationOnboard': lazy(() => import('./organization-onboard/OrganizationOnboardPage')),
  '/coverageMap': lazy(() => import('./coverage-map/CoverageMapPage')),
};
