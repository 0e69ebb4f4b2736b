// /unbilledvisits (issue 13): visits whose notes are approved and that no invoice holds yet, each priced by the
// server's rate engine (the amounts the invoice line will carry, and how they were reached). Filters in the
// URL: organization and date of service (the last 30 days to today by default, as the server's). A visit that
// cannot be priced (no rate) says why; it stays unbilled until its rate exists. "Create invoices" bills them.
import {
  BILLABLE_VISIT_STATUSES,
  defaultRange,
  formatCents,
  isoDateSchema,
  visitStatusLabel,
  type UnbilledVisit,
} from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import {
  askedRange,
  DataTable,
  DateRangeFilter,
  isoDay,
  listFilterFields,
  ListResults,
  NONE,
  OrganizationFilter,
  PageFrame,
  rangeOf,
  useOrganizationName,
  VisitStatusTag,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { showDay, visitSubject } from '../common/billing-dates';
import { PriceBreakdown } from '../common/PriceBreakdown';
import { CreateInvoicesModal } from './CreateInvoicesModal';
import { unbilledQueries, type UnbilledFilters } from './unbilled-queries';

/** What the list holds, in the billable statuses' own names (not all of them are approved by the facility yet). */
export const UNBILLED_SUBTITLE = `Billable visits not on an invoice yet (${BILLABLE_VISIT_STATUSES.map(
  (status) => visitStatusLabel({ status }),
).join(', ')}), priced as their invoice lines will be`;

/** Unbilled visits: by default the last 30 days of service (the server's default too). */
export const UNBILLED_DAYS_BACK = 30;

const filtersSchema = z.object({
  pageNumber: listFilterFields.pageNumber,
  pageSize: listFilterFields.pageSize,
  referralSourceId: z.coerce.number().int().positive().optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});

/** The date of service range asked for: the URL's, else the last 30 days to today. */
export function unbilledDates(from: string | undefined, to: string | undefined, now: Date = new Date()) {
  return askedRange(from, to, defaultRange(-UNBILLED_DAYS_BACK, 0, now));
}

const money = (cents: number, row: UnbilledVisit) => (row.problem ? NONE : formatCents(cents));
const right = { align: 'right' as const };

const COLUMNS: TableColumnsType<UnbilledVisit> = [
  {
    title: 'Date of service',
    key: 'dateOfService',
    render: (_v, row) => <span style={{ whiteSpace: 'nowrap' }}>{showDay(row.dateOfService)}</span>,
  },
  { title: 'Organization', key: 'organization', render: (_v, row) => row.organizationName },
  { title: 'Patient', key: 'patient', render: (_v, row) => row.patientName || NONE },
  { title: 'Clinician', key: 'clinician', render: (_v, row) => row.clinicianName || NONE },
  {
    title: 'Visit type',
    key: 'visitType',
    render: (_v, row) => (
      <Flex vertical>
        <span>{row.visitType}</span>
        <Typography.Text type="secondary">{row.providerType}</Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Status',
    key: 'status',
    render: (_v, row) => <VisitStatusTag status={row.status} lateCancellation={row.lateCancellation} />,
  },
  { title: 'Units', key: 'units', render: (_v, row) => row.unitsText || NONE },
  { title: 'Amount', key: 'amount', ...right, render: (_v, row) => money(row.amountCents, row) },
  {
    title: 'Service tax',
    key: 'serviceTax',
    ...right,
    render: (_v, row) => money(row.serviceTaxCents, row),
  },
  {
    title: 'Pricing',
    key: 'pricing',
    render: (_v, row) =>
      row.problem ? (
        <Typography.Text type="danger">{`Cannot be billed: ${row.problem}`}</Typography.Text>
      ) : (
        <PriceBreakdown lines={row.breakdown} subject={visitSubject(row.patientName, row.dateOfService)} />
      ),
  },
];

export default function UnbilledVisitsPage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const [creating, setCreating] = useState(false);
  // A new form each time the modal opens, with the list's dates of that moment.
  const [openings, setOpenings] = useState(0);
  const dates = unbilledDates(filters.from, filters.to);
  const asked: UnbilledFilters = {
    referralSourceId: filters.referralSourceId,
    ...dates,
    pageNumber: filters.pageNumber,
    pageSize: filters.pageSize,
  };
  const visits = useQuery(unbilledQueries.list(asked));
  const organizationName = useOrganizationName(filters.referralSourceId, 'ALL');

  return (
    <PageFrame
      title="Unbilled visits"
      subtitle={UNBILLED_SUBTITLE}
      actions={
        <Button
          type="primary"
          onClick={() => {
            setOpenings((count) => count + 1);
            setCreating(true);
          }}
        >
          Create invoices
        </Button>
      }
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
      </Flex>
      <ListResults query={visits} thing="the unbilled visits">
        <DataTable<UnbilledVisit>
          ariaLabel="Unbilled visits"
          rows={visits.data?.rows ?? []}
          totalCount={visits.data?.paging.totalCount ?? 0}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={visits.isFetching}
          columns={COLUMNS}
          rowKey="visitId"
          emptyText="No approved visits are waiting to be billed in these dates."
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
        />
      </ListResults>
      <CreateInvoicesModal
        key={openings}
        open={creating}
        onClose={() => setCreating(false)}
        period={dates}
        organization={
          filters.referralSourceId ? { id: filters.referralSourceId, name: organizationName } : undefined
        }
      />
    </PageFrame>
  );
}
