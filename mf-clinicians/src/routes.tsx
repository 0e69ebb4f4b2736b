import { lazy } from 'react';
import type { AreaPages, AreaRouteTable } from '@carelane/shared-ui';
import table from './routes.json';

/** The routes this area owns (ARCHITECTURE.md §8); `routes.json` is also what remotes.json carries. */
export const ROUTE_TABLE: AreaRouteTable = table;

/** The pages built so far, by path, each loaded on first visit. Every other route shows "not built yet". */
export const PAGES: AreaPages = {
  '/providers': lazy(() => import('./providers/ProvidersPage')),
  '/provider': lazy(() => import('./provider-detail/ProviderPage')),
  '/providercredential': lazy(() => import('./credentials/CredentialsPage')),
  '/credentialForm': lazy(() => import('./agreements/AgreementsPage')),
  '/orientations': lazy(() => import('./orientations/OrientationsPage')),
  '/orientation': lazy(() => import('./orientations/OrientationPage')),
  '/providerOrientation': lazy(() => import('./orientations/ProviderOrientationPage')),
  '/providerOnboard': lazy(() => import('./onboarding/ProviderOnboardPage')),
  '/providervisits': lazy(() => import('./provider-visits/ProviderVisitsPage')),
  '/clinicianFeedBack': lazy(() => import('./feedback/ClinicianFeedbackPage')),
};
