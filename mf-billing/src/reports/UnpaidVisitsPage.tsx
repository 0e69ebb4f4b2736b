// /unpaidvisits (decision 030): billed visits whose invoice still has a balance, by due date: each invoice line
// with its invoice's balance (the server's ledger sum). Filters in the URL: organization and due-by day. CSV of
// every page of the filters.
import { formatCents, isoDateSchema, toCsv, type UnpaidVisit } from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import {
  AreaLink,
  csvFile,
  DataTable,
  DateInput,
  dayOf,
  ExportCsvButton,
  fetchEveryPage,
  isoDay,
  listFilterFields,
  ListResults,
  NONE,
  OrganizationFilter,
  PageFrame,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Flex, Typography, type TableColumnsType } from 'antd';
import { z } from 'zod';
import { showDay } from '../common/billing-dates';
import { reportCalls, reportQueries, type UnpaidVisitsFilters } from './report-queries';

const filtersSchema = z.object({
  pageNumber: listFilterFields.pageNumber,
  pageSize: listFilterFields.pageSize,
  referralSourceId: z.coerce.number().int().positive().optional(),
  dueBy: isoDateSchema.optional(),
});

const right = { align: 'right' as const };
export const daysPastDueText = (days: number) => (days > 0 ? String(days) : 'Not due');

const COLUMNS: TableColumnsType<UnpaidVisit> = [
  { title: 'Date of service', key: 'date', render: (_v, r) => showDay(r.dateOfService) },
  { title: 'Patient', key: 'patient', render: (_v, r) => r.patientName || NONE },
  { title: 'Clinician', key: 'clinician', render: (_v, r) => r.clinicianName || NONE },
  { title: 'Organization', key: 'organization', render: (_v, r) => r.organizationName },
  {
    title: 'Invoice',
    key: 'invoice',
    render: (_v, r) => <AreaLink to={`/invoices?invoiceId=${r.invoiceId}`}>{r.invoiceNumber}</AreaLink>,
  },
  { title: 'Due', key: 'due', render: (_v, r) => showDay(r.dueOn) },
  { title: 'Days past due', key: 'days', ...right, render: (_v, r) => daysPastDueText(r.daysPastDue) },
  { title: 'Amount', key: 'amount', ...right, render: (_v, r) => formatCents(r.amountCents) },
  { title: 'Service tax', key: 'tax', ...right, render: (_v, r) => formatCents(r.serviceTaxCents) },
  {
    title: 'Invoice balance',
    key: 'balance',
    ...right,
    render: (_v, r) => formatCents(r.invoiceBalanceCents),
  },
];

export const UNPAID_CSV_HEADER = [
  'Date of service',
  'Patient',
  'Clinician',
  'Organization',
  'Invoice',
  'Due',
  'Days past due',
  'Amount',
  'Service tax',
  'Invoice balance',
] as const;

export function unpaidVisitsCsv(rows: readonly UnpaidVisit[]): string {
  return toCsv([
    UNPAID_CSV_HEADER,
    ...rows.map((r) => [
      showDay(r.dateOfService),
      r.patientName,
      r.clinicianName,
      r.organizationName,
      r.invoiceNumber,
      showDay(r.dueOn),
      r.daysPastDue,
      formatCents(r.amountCents),
      formatCents(r.serviceTaxCents),
      formatCents(r.invoiceBalanceCents),
    ]),
  ]);
}

function fetchAll(filters: Omit<UnpaidVisitsFilters, 'pageNumber' | 'pageSize'>) {
  return fetchEveryPage(
    (pageNumber, pageSize) => reportCalls.unpaidVisits({ ...filters, pageNumber, pageSize }),
    (row) => row.lineId,
  );
}

export default function UnpaidVisitsPage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const asked: UnpaidVisitsFilters = {
    referralSourceId: filters.referralSourceId,
    dueBy: filters.dueBy,
    pageNumber: filters.pageNumber,
    pageSize: filters.pageSize,
  };
  const visits = useQuery(reportQueries.unpaidVisits(asked));

  const exportFile = async () =>
    csvFile(
      unpaidVisitsCsv(await fetchAll({ referralSourceId: filters.referralSourceId, dueBy: filters.dueBy })),
      'unpaid-visits.csv',
    );

  return (
    <PageFrame
      title="Unpaid visits"
      subtitle="Billed visits whose invoice still has a balance, the earliest due first"
      actions={<ExportCsvButton thing="the unpaid visits" file={exportFile} />}
    >
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }} data-unsaved-ignore>
        <label>
          <Typography.Text style={{ marginRight: 8 }}>Due by</Typography.Text>
          <DateInput
            aria-label="Due by"
            value={filters.dueBy ? dayOf(filters.dueBy) : null}
            onChange={(next) => setFilters({ dueBy: next ? isoDay(next) : null, pageNumber: null })}
            style={{ width: 140 }}
          />
        </label>
        <OrganizationFilter
          organizationStatus="ALL"
          value={filters.referralSourceId}
          onChange={(referralSourceId) => setFilters({ referralSourceId, pageNumber: null })}
        />
      </Flex>
      <ListResults query={visits} thing="the unpaid visits">
        <DataTable<UnpaidVisit>
          ariaLabel="Unpaid visits"
          rows={visits.data?.rows ?? []}
          totalCount={visits.data?.paging.totalCount ?? 0}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={visits.isFetching}
          columns={COLUMNS}
          rowKey="lineId"
          emptyText="No billed visit is waiting to be paid."
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
        />
      </ListResults>
    </PageFrame>
  );
}
