// The four health reports (issue 26, decision 050) as configs of the one HealthReportPage: what each reads, its
// rows' names and keys, its figures (shared-domain's) and the figure its chart draws.
import {
  AREA_HEALTH_FIGURES,
  CLINICIAN_HEALTH_FIGURES,
  OPERATIONS_COVERAGE_MISMATCH_MILES,
  OPERATIONS_HEALTH_FIGURES,
  clinicianHealthSchema,
  engagementColor,
  formatDate,
  operationsHealthSchema,
  organizationHealthSchema,
  ratingLabel,
  stateHealthSchema,
  type AreaHealthCounts,
  type ClinicianHealthCounts,
  type ClinicianHealthRow,
  type OperationsHealthCounts,
  type OperationsHealthRow,
  type OrganizationHealthRow,
  type StateHealthRow,
} from '@carelane/shared-domain';
import { EngagementDot, NONE, RatingBadge } from '@carelane/shared-ui';
import { HealthReportPage, type HealthReport } from './HealthReportPage';

const AREA_WORST_FIRST =
  'Worst first: the lowest staffing rate, then the most requested visits (nothing requested last).';

export const ORGANIZATION_HEALTH: HealthReport<AreaHealthCounts, OrganizationHealthRow> = {
  title: 'Organization health',
  thing: 'the organization health',
  path: '/api/admin/reports/health/organizations',
  schema: organizationHealthSchema,
  nameTitle: 'Organization',
  keyOf: (row) => String(row.referralSourceId),
  idOf: (row) => row.referralSourceId,
  scopeOf: (row) => ({ referralSourceId: row.referralSourceId }),
  figures: AREA_HEALTH_FIGURES,
  chartFigure: 'staffingRate',
  worstFirst: AREA_WORST_FIRST,
  emptyTitle: 'No requested or missed visits dated in this period',
  emptyDescription: (period) =>
    `The report counts each organization's visits by their date of service, and none is dated ${period} or in the prior period for these filters. Pick a longer period or another filter.`,
  fileName: 'organization-health',
};

/** A state's code as one number, for the export to keep each row once. */
const stateNumber = (state: string) => state.charCodeAt(0) * 256 + state.charCodeAt(1);

export const STATE_HEALTH: HealthReport<AreaHealthCounts, StateHealthRow> = {
  title: 'State health',
  thing: 'the state health',
  path: '/api/admin/reports/health/states',
  schema: stateHealthSchema,
  nameTitle: 'State',
  keyOf: (row) => row.state,
  idOf: (row) => stateNumber(row.state),
  scopeOf: (row) => ({ state: row.state }),
  figures: AREA_HEALTH_FIGURES,
  chartFigure: 'staffingRate',
  worstFirst: AREA_WORST_FIRST,
  extraColumns: () => [
    { title: 'Organizations', key: 'organizations', dataIndex: 'organizations', align: 'right' },
  ],
  extraCsv: { header: ['Organizations'], cells: (row) => [row.organizations] },
  emptyTitle: 'No requested or missed visits dated in this period',
  emptyDescription: (period) =>
    `The report adds up the visits of the organizations in each state (their ZIP code's) by date of service, and none is dated ${period} or in the prior period for these filters. Pick a longer period or another filter.`,
  fileName: 'state-health',
};

export const CLINICIAN_HEALTH: HealthReport<ClinicianHealthCounts, ClinicianHealthRow> = {
  title: 'Clinician health',
  thing: 'the clinician health',
  path: '/api/admin/reports/health/clinicians',
  schema: clinicianHealthSchema,
  nameTitle: 'Clinician',
  keyOf: (row) => String(row.providerId),
  idOf: (row) => row.providerId,
  scopeOf: (row) => ({ providerId: row.providerId }),
  figures: CLINICIAN_HEALTH_FIGURES,
  chartFigure: 'missedVisits',
  worstFirst:
    'Worst first: the most visits missed, then the most notes overdue, then the lowest rating (not rated last).',
  extraColumns: (sort) => [
    { title: 'Provider type', key: 'providerType', dataIndex: 'providerTypeName' },
    { title: 'State', key: 'state', render: (_v, row) => row.state ?? NONE },
    {
      title: 'Rating',
      key: 'rating',
      sorter: true,
      sortOrder: sort?.field === 'rating' ? sort.order : null,
      render: (_v, row) => <RatingBadge rating={row.rating} />,
    },
    {
      title: 'Engagement',
      key: 'lastLogin',
      sorter: true,
      sortOrder: sort?.field === 'lastLogin' ? sort.order : null,
      render: (_v, row) => (
        <span>
          <EngagementDot lastLogin={row.lastLogin} /> {row.lastLogin ? formatDate(row.lastLogin) : 'Never'}
        </span>
      ),
    },
  ],
  extraCsv: {
    header: ['Provider type', 'State', 'Rating', 'Engagement', 'Last sign-in'],
    cells: (row) => [
      row.providerTypeName,
      row.state,
      ratingLabel(row.rating),
      engagementColor(row.lastLogin),
      row.lastLogin ? formatDate(row.lastLogin) : '',
    ],
  },
  emptyTitle: 'No active clinicians for these filters',
  emptyDescription: () =>
    'The report lists every active clinician of the provider type and state chosen, and there is none. Pick another filter.',
  fileName: 'clinician-health',
};

export const OPERATIONS_HEALTH: HealthReport<OperationsHealthCounts, OperationsHealthRow> = {
  title: 'Operations health',
  thing: 'the operations health',
  path: '/api/admin/reports/health/operations',
  schema: operationsHealthSchema,
  nameTitle: 'Organization',
  keyOf: (row) => String(row.referralSourceId),
  idOf: (row) => row.referralSourceId,
  scopeOf: (row) => ({ referralSourceId: row.referralSourceId }),
  figures: OPERATIONS_HEALTH_FIGURES,
  chartFigure: 'coverageMismatch',
  worstFirst: `Worst first: the most open visits with no active clinician of their provider type within ${OPERATIONS_COVERAGE_MISMATCH_MILES} miles, then the most open visits.`,
  emptyTitle: 'No open visits dated in this period',
  emptyDescription: (period) =>
    `The report counts published visits that no clinician has taken by their date of service, and none is dated ${period} or in the prior period for these filters. Pick a longer period or another filter.`,
  fileName: 'operations-health',
};

export const OrganizationHealthPage = () => <HealthReportPage report={ORGANIZATION_HEALTH} />;
export const StateHealthPage = () => <HealthReportPage report={STATE_HEALTH} />;
export const ClinicianHealthPage = () => <HealthReportPage report={CLINICIAN_HEALTH} />;
export const OperationsHealthPage = () => <HealthReportPage report={OPERATIONS_HEALTH} />;
