// /rebatereport (decision 030, our rule): early-payment rebates per organization and month of receipt: the
// amounts applied from payments received by the invoice's issue date + 10 days, and 2 % of their sum, rounded
// once per organization-month. Every amount and the totals are the server's; the page only formats them. Filters
// in the URL: date of receipt (the current month and the 11 before by default, as the server's) and organization.
import {
  formatCents,
  isoDateSchema,
  REBATE_RULE_TEXT,
  toCsv,
  type RebateReport,
  type RebateRow,
} from '@carelane/shared-domain';
import { saveFile, useUrlState } from '@carelane/shared-session';
import {
  askedRange,
  csvFile,
  DateRangeFilter,
  EmptyState,
  isoDay,
  ListResults,
  OrganizationFilter,
  PageFrame,
  rangeOf,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { z } from 'zod';
import { showDay } from '../common/billing-dates';
import { reportQueries } from './report-queries';

/** Rebates: by default the current month and the 11 before it, to today (the server's default too). */
export const REBATE_MONTHS = 12;

const filtersSchema = z.object({
  referralSourceId: z.coerce.number().int().positive().optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});

/** The days of receipt asked for: the URL's, else the first of the month 11 months ago to today. */
export function rebateDates(from: string | undefined, to: string | undefined, now: Date = new Date()) {
  const start = dayjs(now)
    .startOf('month')
    .subtract(REBATE_MONTHS - 1, 'month')
    .toDate();
  return askedRange(from, to, { start, end: now });
}

/** 'YYYY-MM' as 'June 2030'. */
export const showMonth = (month: string): string => dayjs(`${month}-01`).format('MMMM YYYY');

const right = { align: 'right' as const };

const COLUMNS: TableColumnsType<RebateRow> = [
  { title: 'Organization', key: 'organization', render: (_v, r) => r.organizationName },
  { title: 'Month received', key: 'month', render: (_v, r) => showMonth(r.month) },
  {
    title: 'Qualifying payments',
    key: 'count',
    ...right,
    render: (_v, r) => r.qualifyingPaymentCount,
  },
  {
    title: 'Qualifying amount',
    key: 'qualifying',
    ...right,
    render: (_v, r) => formatCents(r.qualifyingCents),
  },
  { title: 'Rebate', key: 'rebate', ...right, render: (_v, r) => formatCents(r.rebateCents) },
];

export const REBATE_CSV_HEADER = [
  'Organization',
  'Month received',
  'Qualifying payments',
  'Qualifying amount',
  'Rebate',
] as const;

export function rebateCsv(report: RebateReport): string {
  return toCsv([
    REBATE_CSV_HEADER,
    ...report.rows.map((r) => [
      r.organizationName,
      r.month,
      r.qualifyingPaymentCount,
      formatCents(r.qualifyingCents),
      formatCents(r.rebateCents),
    ]),
    [
      'All organizations',
      '',
      '',
      formatCents(report.totals.qualifyingCents),
      formatCents(report.totals.rebateCents),
    ],
  ]);
}

export const rebateCsvFile = (report: RebateReport) =>
  csvFile(rebateCsv(report), `rebates-${report.startDate}-to-${report.endDate}.csv`);

export default function RebateReportPage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const dates = rebateDates(filters.from, filters.to);
  const report = useQuery(reportQueries.rebates({ ...dates, referralSourceId: filters.referralSourceId }));
  const data = report.data;
  const shown = data ?? dates;

  return (
    <PageFrame
      title="Rebate report"
      subtitle={`Early-payment rebates per organization and month, payments received ${showDay(shown.startDate)} to ${showDay(shown.endDate)}`}
      actions={
        <Button
          disabled={!data || data.rows.length === 0}
          onClick={() => data && saveFile(rebateCsvFile(data), 'rebates.csv')}
        >
          Export CSV
        </Button>
      }
    >
      <Flex gap={8} wrap align="start" style={{ marginBottom: 8 }} data-unsaved-ignore>
        <DateRangeFilter
          label="Date received"
          value={rangeOf(dates)}
          onChange={(next) => setFilters({ from: isoDay(next.start), to: isoDay(next.end) })}
        />
        <OrganizationFilter
          organizationStatus="ALL"
          value={filters.referralSourceId}
          onChange={(referralSourceId) => setFilters({ referralSourceId })}
        />
      </Flex>
      <Typography.Paragraph type="secondary">{`Rule: ${data?.rule ?? REBATE_RULE_TEXT}.`}</Typography.Paragraph>
      <ListResults query={report} thing="the rebate report">
        <Table<RebateRow>
          aria-label="Rebates by organization and month"
          dataSource={data?.rows ?? []}
          columns={COLUMNS}
          rowKey={(r) => `${r.referralSourceId}-${r.month}`}
          loading={report.isFetching}
          pagination={false}
          locale={{
            emptyText: <EmptyState title="No payment qualified for a rebate in these dates." />,
          }}
          summary={() =>
            data && data.rows.length > 0 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={3}>
                  <strong>All organizations</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <strong>{formatCents(data.totals.qualifyingCents)}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  <strong>{formatCents(data.totals.rebateCents)}</strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      </ListResults>
    </PageFrame>
  );
}
