// An organization as GET /api/admin/referralSources answers it, for stories and tests (never product code).
import type { ReferralSource } from '@carelane/shared-domain';

export const organizationFixture = (id: number, name: string): ReferralSource => ({
  id,
  name,
  status: 'ACTIVE',
  zipcode: '78701',
  latitude: 30.27,
  longitude: -97.74,
  phone: '5125550100',
  fax: null,
  email: 'billing@example.com',
  idleTimeout: null,
  dashboardVisitDateRange: null,
  missedVisitDateRange: null,
  tasksDateRange: null,
  incidentsDateRange: null,
  caseManager: false,
  actionType: null,
  onboardStepRS: 'Done',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
});
