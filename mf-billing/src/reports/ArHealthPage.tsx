// /ARHealth (decision 030): receivables aging per organization as of a day (today by default): each open
// invoice's balance at the end of that day, in one bucket by days past its due date, summed by the server.
// Filters in the URL (asOf, organization); a stacked bar chart with the same figures as the table; CSV; each
// organization and each non-empty cell opens the invoice list of those invoices.
import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  formatCents,
  isoDateSchema,
  type ArHealthCell,
  type ArHealthRow,
} from '@carelane/shared-domain';
import { saveFile, useUrlState } from '@carelane/shared-session';
import {
  AreaLink,
  DateInput,
  dayOf,
  EmptyState,
  isoDay,
  ListResults,
  OrganizationFilter,
  PageFrame,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { z } from 'zod';
import { showDay, today } from '../common/billing-dates';
import { AgingChart } from './AgingChart';
import { arHealthCsvFile, invoicesLink } from './ar-health';
import { reportQueries } from './report-queries';

const filtersSchema = z.object({
  asOf: isoDateSchema.optional(),
  referralSourceId: z.coerce.number().int().positive().optional(),
});

const right = { align: 'right' as const };

function cellLink(row: ArHealthRow, cell: ArHealthCell) {
  if (cell.balanceCents === 0 || !cell.firstIssuedOn || !cell.lastIssuedOn) return formatCents(0);
  return (
    <AreaLink to={invoicesLink(row.referralSourceId, cell.firstIssuedOn, cell.lastIssuedOn)}>
      {formatCents(cell.balanceCents)}
    </AreaLink>
  );
}

const COLUMNS: TableColumnsType<ArHealthRow> = [
  {
    title: 'Organization',
    key: 'organization',
    render: (_v, row) => (
      <AreaLink to={invoicesLink(row.referralSourceId, row.firstIssuedOn, row.lastIssuedOn)}>
        {row.organizationName}
      </AreaLink>
    ),
  },
  ...AGING_BUCKETS.map((bucket, i) => ({
    title: AGING_BUCKET_LABELS[bucket],
    key: bucket,
    ...right,
    render: (_v: unknown, row: ArHealthRow) => cellLink(row, row.buckets[i]!),
  })),
  {
    title: 'Total',
    key: 'total',
    ...right,
    render: (_v, row) => <strong>{formatCents(row.totalCents)}</strong>,
  },
  { title: 'Invoices', key: 'invoices', ...right, render: (_v, row) => row.invoiceCount },
];

export default function ArHealthPage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const asOf = filters.asOf ?? today();
  const report = useQuery(reportQueries.arHealth({ asOf, referralSourceId: filters.referralSourceId }));
  const data = report.data;

  return (
    <PageFrame
      title="AR health"
      subtitle={`Receivables aging as of ${showDay(asOf)}: what is owed, by days past the due date`}
      actions={
        <Button
          disabled={!data || data.rows.length === 0}
          onClick={() => data && saveFile(arHealthCsvFile(data), 'ar-health.csv')}
        >
          Export CSV
        </Button>
      }
    >
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }} data-unsaved-ignore>
        <label>
          <Typography.Text style={{ marginRight: 8 }}>As of</Typography.Text>
          <DateInput
            aria-label="As of"
            value={dayOf(asOf)}
            onChange={(next) => next && setFilters({ asOf: isoDay(next) })}
            style={{ width: 140 }}
          />
        </label>
        <OrganizationFilter
          organizationStatus="ALL"
          value={filters.referralSourceId}
          onChange={(referralSourceId) => setFilters({ referralSourceId })}
        />
      </Flex>
      <ListResults query={report} thing="the AR health report">
        {data && data.rows.length > 0 ? <AgingChart report={data} /> : null}
        <Table<ArHealthRow>
          aria-label="Receivables aging by organization"
          dataSource={data?.rows ?? []}
          columns={COLUMNS}
          rowKey="referralSourceId"
          loading={report.isFetching}
          pagination={false}
          locale={{ emptyText: <EmptyState title="Nothing is owed as of this day." /> }}
          summary={() =>
            data && data.rows.length > 0 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <strong>All organizations</strong>
                </Table.Summary.Cell>
                {data.totals.buckets.map((b, i) => (
                  <Table.Summary.Cell key={b.bucket} index={i + 1} align="right">
                    <strong>{formatCents(b.balanceCents)}</strong>
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={6} align="right">
                  <strong>{formatCents(data.totals.totalCents)}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={7} align="right">
                  {data.totals.invoiceCount}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      </ListResults>
    </PageFrame>
  );
}
