// /providerpayments (issue 13): clinicians' pay per approved visit, by the rate engine, with its explanation.
// Billing staff (`providerPayments`) see every clinician's pay, fine clinicians and keep their bank accounts; a
// clinician (`myVisits`) sees what they were paid, their own fines (which they may contest) and their own bank
// account (the server scopes them). Filters in the URL: the tab, status (Ready For Export), clinician (staff),
// dates of service (−30 to +30 days, at most 180 days: SPEC §5, §9) and each list's page.
import {
  defaultDateRange,
  formatCents,
  formatDateTime,
  isoDateSchema,
  PAY_STATUS_LABELS,
  PAY_STATUSES,
  PROVIDER_PAYMENTS_MAX_DAYS,
  type ProviderPay,
} from '@carelane/shared-domain';
import { canOpen, useSession, useUrlState } from '@carelane/shared-session';
import {
  askedRange,
  DataTable,
  type DataTableColumns,
  DateRangeFilter,
  isoDay,
  listFilterFields,
  ListFilters,
  ListResults,
  NONE,
  PageFrame,
  rangeOf,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select, Tabs, Tag, Typography } from 'antd';
import { z } from 'zod';
import { showDay, visitSubject } from '../common/billing-dates';
import { ClinicianPicker } from '../common/ClinicianPicker';
import { PriceBreakdown } from '../common/PriceBreakdown';
import { BankAccountPanel } from './BankAccountPanel';
import { FinesPanel } from './FinesPanel';
import { payQueries, type PayFilters } from './pay-queries';

export const PAY_TABS = ['pay', 'fines', 'bankAccount'] as const;

const id = z.coerce.number().int().positive().optional();
const filtersSchema = z.object({
  tab: z.enum(PAY_TABS).catch('pay'),
  pageNumber: listFilterFields.pageNumber,
  pageSize: listFilterFields.pageSize,
  status: z.enum(['ALL', ...PAY_STATUSES]).catch('ReadyForExport'),
  providerId: id,
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  fineStatus: z.enum(['ALL', 'Active', 'Contested', 'Removed']).catch('ALL'),
  finePage: listFilterFields.pageNumber,
});

const STATUS_OPTIONS = [
  { value: 'ALL', label: 'All statuses' },
  ...PAY_STATUSES.map((status) => ({ value: status, label: PAY_STATUS_LABELS[status] })),
];

/** The dates of service asked for: the URL's, else −30 to +30 days; at most 180 days (SPEC §5, §9). */
export function payDates(from: string | undefined, to: string | undefined, now: Date = new Date()) {
  return askedRange(from, to, defaultDateRange('providerPayments', now), PROVIDER_PAYMENTS_MAX_DAYS);
}

const right = { align: 'right' as const };
const nowrap = { whiteSpace: 'nowrap' as const };

export const PayStatusTag = ({ row }: { row: Pick<ProviderPay, 'status' | 'exportedAt'> }) => (
  <Flex vertical gap={2}>
    <Tag color={row.status === 'Exported' ? 'green' : 'blue'} style={{ width: 'fit-content' }}>
      {PAY_STATUS_LABELS[row.status]}
    </Tag>
    {row.exportedAt ? (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDateTime(row.exportedAt)}
      </Typography.Text>
    ) : null}
  </Flex>
);

function payColumns(staff: boolean): DataTableColumns<ProviderPay> {
  const columns: DataTableColumns<ProviderPay> = [
    {
      title: 'Date of service',
      key: 'dateOfService',
      primary: true,
      render: (_v, row) => <span style={nowrap}>{showDay(row.dateOfService)}</span>,
    },
    { title: 'Patient', key: 'patient', render: (_v, row) => row.patientName || NONE },
    { title: 'Organization', key: 'organization', render: (_v, row) => row.organizationName },
    { title: 'Visit type', key: 'visitType', render: (_v, row) => row.visitType },
    { title: 'Status', key: 'status', render: (_v, row) => <PayStatusTag row={row} /> },
    {
      title: 'Pay',
      key: 'amount',
      ...right,
      render: (_v, row) => (row.problem ? NONE : formatCents(row.amountCents)),
    },
    {
      title: 'How it is paid',
      key: 'breakdown',
      render: (_v, row) =>
        row.problem ? (
          <Typography.Text type="danger">{`Cannot be paid yet: ${row.problem}`}</Typography.Text>
        ) : (
          <PriceBreakdown
            lines={row.breakdown}
            subject={`pay for the ${visitSubject(row.patientName, row.dateOfService)}`}
          />
        ),
    },
  ];
  if (!staff) return columns;
  return [
    columns[0]!,
    {
      title: 'Clinician',
      key: 'clinician',
      render: (_v, row) => (
        <Flex vertical gap={2}>
          <span>{row.clinicianName}</span>
          {row.hasBankAccount ? null : (
            <Tag color="orange" style={{ width: 'fit-content' }}>
              No bank account
            </Tag>
          )}
        </Flex>
      ),
    },
    ...columns.slice(1),
  ];
}

export default function ProviderPaymentsPage() {
  const session = useSession();
  const staff = canOpen(session, 'providerPayments');
  const [filters, setFilters] = useUrlState(filtersSchema);
  const dates = payDates(filters.from, filters.to);
  const providerId = staff ? filters.providerId : undefined;
  const asked: PayFilters = {
    status: filters.status,
    // A clinician's pay is their own: the server scopes them.
    providerId,
    ...dates,
    pageNumber: filters.pageNumber,
    pageSize: filters.pageSize,
  };
  const pay = useQuery({ ...payQueries.list(asked), enabled: filters.tab === 'pay' });
  const rows = pay.data?.rows ?? [];
  const answered = pay.data && !pay.isPlaceholderData ? pay.data : null;
  const rangeMoved =
    answered && (answered.startDate !== dates.startDate || answered.endDate !== dates.endDate);
  const clinicianName =
    providerId === undefined ? undefined : rows.find((row) => row.providerId === providerId)?.clinicianName;

  const payTab = (
    <>
      <ListFilters label="Pay filters">
        <Select
          aria-label="Status"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status: string) =>
            setFilters({ status: status === 'ReadyForExport' ? null : status, pageNumber: null })
          }
          style={{ width: 180 }}
        />
        <DateRangeFilter
          label="Date of service"
          value={rangeOf(dates)}
          maxDays={PROVIDER_PAYMENTS_MAX_DAYS}
          onChange={(next) =>
            setFilters({ from: isoDay(next.start), to: isoDay(next.end), pageNumber: null })
          }
        />
      </ListFilters>
      {rangeMoved ? (
        <Typography.Paragraph type="secondary" role="status">
          {`Showing the pay for visits from ${showDay(answered.startDate)} to ${showDay(answered.endDate)}: the range the server used.`}
        </Typography.Paragraph>
      ) : null}
      <ListResults query={pay} thing="the provider payments">
        <DataTable<ProviderPay>
          ariaLabel={staff ? 'Provider payments' : 'Your pay'}
          rows={rows}
          totalCount={pay.data?.paging.totalCount ?? 0}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={pay.isFetching}
          columns={payColumns(staff)}
          rowKey="visitId"
          emptyText="No pay matches these filters."
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
        />
      </ListResults>
    </>
  );

  return (
    <PageFrame
      title="Provider payments"
      subtitle={
        staff
          ? "Clinicians' pay per approved visit, their fines and their bank accounts"
          : 'What you were paid, per visit, and how each amount was reached'
      }
    >
      {staff ? (
        <ListFilters>
          <ClinicianPicker
            aria-label="Clinician"
            placeholder="Every clinician"
            allowClear
            value={filters.providerId}
            selectedName={clinicianName}
            onChange={(value?: number) =>
              setFilters({ providerId: value ?? null, pageNumber: null, finePage: null })
            }
            style={{ width: 260 }}
          />
        </ListFilters>
      ) : null}
      <Tabs
        activeKey={filters.tab}
        onChange={(tab) => setFilters({ tab: tab === 'pay' ? null : tab })}
        destroyOnHidden
        items={[
          { key: 'pay', label: staff ? 'Pay' : 'Your pay', children: payTab },
          {
            key: 'fines',
            label: 'Fines',
            children: (
              <FinesPanel
                staff={staff}
                providerId={providerId}
                status={filters.fineStatus}
                pageNumber={filters.finePage}
                onStatus={(fineStatus) =>
                  setFilters({ fineStatus: fineStatus === 'ALL' ? null : fineStatus, finePage: null })
                }
                onPage={(finePage) => setFilters({ finePage })}
              />
            ),
          },
          {
            key: 'bankAccount',
            label: 'Bank account',
            children: <BankAccountPanel staff={staff} providerId={providerId} />,
          },
        ]}
      />
    </PageFrame>
  );
}
