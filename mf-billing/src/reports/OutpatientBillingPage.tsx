// /outpatientBilling (decision 030): approved therapy visits (PT, PTA, OT, OTA, ST/SLP) with the CPT code of
// their discipline, their minutes and the 15-minute units the server counted (8-minute rule, at most 8; 0 units:
// not billable), and the invoice that holds each, if any. Filters in the URL: date of service (the last 30 days
// to today by default, as the server's), organization and discipline. CSV of every page of the filters.
import {
  defaultRange,
  formatCents,
  isoDateSchema,
  outpatientBillingQuerySchema,
  THERAPY_BILLING_CODES,
  THERAPY_PROVIDER_TYPES,
  toCsv,
  type OutpatientVisit,
} from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import {
  AreaLink,
  askedRange,
  csvFile,
  DataTable,
  DateRangeFilter,
  ExportCsvButton,
  fetchEveryPage,
  isoDay,
  listFilterFields,
  ListResults,
  NONE,
  OrganizationFilter,
  PageFrame,
  rangeOf,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select, Typography, type TableColumnsType } from 'antd';
import { z } from 'zod';
import { showDay } from '../common/billing-dates';
import { reportCalls, reportQueries, type OutpatientBillingFilters } from './report-queries';

/** Outpatient billing: by default the last 30 days of service (the server's default too). */
export const OUTPATIENT_DAYS_BACK = 30;

const filtersSchema = z.object({
  pageNumber: listFilterFields.pageNumber,
  pageSize: listFilterFields.pageSize,
  referralSourceId: z.coerce.number().int().positive().optional(),
  providerType: outpatientBillingQuerySchema.shape.providerType,
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});

/** The date of service range asked for: the URL's, else the last 30 days to today. */
export function outpatientDates(from: string | undefined, to: string | undefined, now: Date = new Date()) {
  return askedRange(from, to, defaultRange(-OUTPATIENT_DAYS_BACK, 0, now));
}

const DISCIPLINE_OPTIONS = THERAPY_PROVIDER_TYPES.map((type) => ({
  value: type,
  label: `${type} (${THERAPY_BILLING_CODES[type].code})`,
}));

export const NOT_BILLABLE = 'Not billable';
export const NOT_INVOICED = 'Not invoiced';

const right = { align: 'right' as const };

/** The units, with a visit of 0 units marked as not billable in words (not by colour alone). */
function unitsCell(row: OutpatientVisit) {
  if (row.units > 0) return row.units;
  return (
    <Flex vertical align="end">
      <span>0</span>
      <Typography.Text type="danger" strong style={{ whiteSpace: 'nowrap' }}>
        {NOT_BILLABLE}
      </Typography.Text>
    </Flex>
  );
}

function invoiceCell(row: OutpatientVisit) {
  if (row.invoiceNumber === null) return <Typography.Text type="secondary">{NOT_INVOICED}</Typography.Text>;
  if (row.invoiceId === null) return row.invoiceNumber;
  return <AreaLink to={`/invoices?invoiceId=${row.invoiceId}`}>{row.invoiceNumber}</AreaLink>;
}

const COLUMNS: TableColumnsType<OutpatientVisit> = [
  {
    title: 'Date of service',
    key: 'dateOfService',
    render: (_v, r) => <span style={{ whiteSpace: 'nowrap' }}>{showDay(r.dateOfService)}</span>,
  },
  { title: 'Patient', key: 'patient', render: (_v, r) => r.patientName || NONE },
  { title: 'Clinician', key: 'clinician', render: (_v, r) => r.clinicianName || NONE },
  { title: 'Organization', key: 'organization', render: (_v, r) => r.organizationName },
  {
    title: 'Discipline',
    key: 'discipline',
    render: (_v, r) => (
      <Flex vertical>
        <span>{r.discipline}</span>
        {r.providerType !== r.discipline ? (
          <Typography.Text type="secondary">{r.providerType}</Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  { title: 'Billing code', key: 'code', render: (_v, r) => r.code },
  { title: 'Minutes', key: 'minutes', ...right, render: (_v, r) => r.minutes ?? NONE },
  { title: 'Units', key: 'units', ...right, render: (_v, r) => unitsCell(r) },
  { title: 'Invoice', key: 'invoice', render: (_v, r) => invoiceCell(r) },
  {
    title: 'Line amount',
    key: 'amount',
    ...right,
    render: (_v, r) => (r.lineAmountCents === null ? NONE : formatCents(r.lineAmountCents)),
  },
];

export const OUTPATIENT_CSV_HEADER = [
  'Date of service',
  'Patient',
  'Clinician',
  'Organization',
  'Provider type',
  'Discipline',
  'Billing code',
  'Minutes',
  'Units',
  'Billable',
  'Invoice',
  'Line amount',
] as const;

export function outpatientBillingCsv(rows: readonly OutpatientVisit[]): string {
  return toCsv([
    OUTPATIENT_CSV_HEADER,
    ...rows.map((r) => [
      showDay(r.dateOfService),
      r.patientName,
      r.clinicianName,
      r.organizationName,
      r.providerType,
      r.discipline,
      r.code,
      r.minutes ?? '',
      r.units,
      r.units > 0 ? 'Yes' : 'No',
      r.invoiceNumber ?? NOT_INVOICED,
      r.lineAmountCents === null ? '' : formatCents(r.lineAmountCents),
    ]),
  ]);
}

/** Every visit of the filters, page after page; a visit seen twice (the list moved meanwhile) is kept once. */
function fetchAll(filters: Omit<OutpatientBillingFilters, 'pageNumber' | 'pageSize'>) {
  return fetchEveryPage(
    (pageNumber, pageSize) => reportCalls.outpatientBilling({ ...filters, pageNumber, pageSize }),
    (row) => row.visitId,
  );
}

export default function OutpatientBillingPage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const dates = outpatientDates(filters.from, filters.to);
  const unpaged = {
    ...dates,
    referralSourceId: filters.referralSourceId,
    providerType: filters.providerType,
  };
  const asked: OutpatientBillingFilters = {
    ...unpaged,
    pageNumber: filters.pageNumber,
    pageSize: filters.pageSize,
  };
  const visits = useQuery(reportQueries.outpatientBilling(asked));

  const exportFile = async () =>
    csvFile(
      outpatientBillingCsv(await fetchAll(unpaged)),
      `outpatient-billing-${dates.startDate}-to-${dates.endDate}.csv`,
    );

  return (
    <PageFrame
      title="Outpatient billing"
      subtitle="Approved therapy visits billed in units of 15 minutes: under 8 minutes is not billable, at most 8 units a visit"
      actions={<ExportCsvButton thing="the outpatient billing report" file={exportFile} />}
    >
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }} data-unsaved-ignore>
        <DateRangeFilter
          label="Date of service"
          value={rangeOf(dates)}
          onChange={(next) =>
            setFilters({ from: isoDay(next.start), to: isoDay(next.end), pageNumber: null })
          }
        />
        <OrganizationFilter
          organizationStatus="ALL"
          value={filters.referralSourceId}
          onChange={(referralSourceId) => setFilters({ referralSourceId, pageNumber: null })}
        />
        <Select
          aria-label="Discipline"
          placeholder="Any discipline"
          allowClear
          options={DISCIPLINE_OPTIONS}
          value={filters.providerType}
          onChange={(value?: string) => setFilters({ providerType: value ?? null, pageNumber: null })}
          style={{ width: 180 }}
        />
      </Flex>
      <ListResults query={visits} thing="the outpatient billing report">
        <DataTable<OutpatientVisit>
          ariaLabel="Outpatient billing"
          rows={visits.data?.rows ?? []}
          totalCount={visits.data?.paging.totalCount ?? 0}
          totalCountIsCapped={visits.data?.paging.totalCountIsCapped}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={visits.isFetching}
          columns={COLUMNS}
          rowKey="visitId"
          emptyText="No approved therapy visits in these dates."
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
        />
      </ListResults>
    </PageFrame>
  );
}
