// /providervisits (issue 11, decision 025): a clinician's own visits on a phone (page key myVisits: by default
// PendingVisits from 120 days ago to 45 days ahead, SPEC §9) with Check in / Check out, or for staff holding
// providerVisits a chosen clinician's (?providerId=, every status from 29 days ago to 30 ahead), read-only.
// The status filter and the date range live in the URL.
import {
  defaultDateRange,
  isoDateSchema,
  providerVisitStatusFilterSchema,
  visitStatusLabel,
  VISIT_STATUSES,
  type ProviderVisitRow,
  type ProviderVisitStatusFilter,
} from '@carelane/shared-domain';
import { canOpen, useSession, useUrlState } from '@carelane/shared-session';
import {
  AreaLink,
  DateRangeFilter,
  EmptyState,
  ListFilters,
  loadState,
  PageFrame,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Flex, Pagination, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { z } from 'zod';
import { providerVisitQueries } from './provider-visit-queries';
import { VisitCard } from './VisitCard';

const paramsSchema = z.object({
  providerId: z.coerce.number().int().positive().optional(),
  status: providerVisitStatusFilterSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  page: z.coerce.number().int().positive().default(1),
});

const STATUS_OPTIONS: { value: ProviderVisitStatusFilter; label: string }[] = [
  { value: 'PendingVisits', label: 'Pending visits' },
  { value: 'ALL', label: 'All statuses' },
  ...VISIT_STATUSES.map((status) => ({ value: status, label: visitStatusLabel({ status }) })),
];

const iso = (date: Date) => dayjs(date).format('YYYY-MM-DD');

/** The rows by date of service, in the server's order. */
function byDay(rows: readonly ProviderVisitRow[]): [string, ProviderVisitRow[]][] {
  const days = new Map<string, ProviderVisitRow[]>();
  for (const row of rows) days.set(row.dateOfService, [...(days.get(row.dateOfService) ?? []), row]);
  return [...days];
}

function VisitList({ providerId, own }: { providerId: number | null; own: boolean }) {
  const [params, setParams] = useUrlState(paramsSchema);
  const range = defaultDateRange(own ? 'myVisits' : 'providerVisits');
  const filters = {
    status: params.status ?? (own ? 'PendingVisits' : 'ALL'),
    startDate: params.from ?? iso(range.start),
    endDate: params.to ?? iso(range.end),
    pageNumber: params.page,
  };
  const query = useQuery(providerVisitQueries.list(providerId, filters));
  const loaded = loadState(query, 'the visits', { keepStale: true });
  const list = loaded.data;
  return (
    <Flex vertical gap={12} style={{ maxWidth: 640 }}>
      {!own && list ? (
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {`Visits of ${list.providerName}`}
        </Typography.Title>
      ) : null}
      <ListFilters label="Visit filters">
        <Select
          aria-label="Status"
          value={filters.status}
          options={STATUS_OPTIONS}
          style={{ minWidth: 180 }}
          onChange={(status) => setParams({ status, page: null })}
        />
        <DateRangeFilter
          label="Dates"
          value={{ start: dayjs(filters.startDate).toDate(), end: dayjs(filters.endDate).toDate() }}
          onChange={(next) => setParams({ from: iso(next.start), to: iso(next.end), page: null })}
        />
      </ListFilters>
      {!list ? (
        loaded.fallback
      ) : list.rows.length === 0 ? (
        <EmptyState title="No visits" description="No visits match these dates and this status." />
      ) : (
        <>
          {byDay(list.rows).map(([day, rows]) => (
            <section key={day} aria-label={dayjs(day).format('dddd M/D/YYYY')}>
              <Typography.Title level={3} style={{ fontSize: 15, margin: '8px 0' }}>
                {dayjs(day).format('dddd M/D/YYYY')}
              </Typography.Title>
              <ul role="list" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
                {rows.map((visit) => (
                  <li key={visit.id} style={{ minWidth: 0 }}>
                    <VisitCard visit={visit} canAct={own} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {list.paging.pageCount > 1 ? (
            <Pagination
              size="small"
              showLessItems
              current={list.paging.pageNumber}
              pageSize={list.paging.pageSize}
              total={list.paging.totalCount}
              onChange={(page) => setParams({ page })}
            />
          ) : null}
        </>
      )}
    </Flex>
  );
}

export default function ProviderVisitsPage() {
  const session = useSession();
  const [{ providerId }] = useUrlState(paramsSchema);
  if (canOpen(session, 'providerVisits'))
    return (
      <PageFrame title="Clinician visits">
        {providerId ? (
          <VisitList providerId={providerId} own={false} />
        ) : (
          <EmptyState
            title="Choose a clinician"
            description="Open a clinician from the clinician list to see their visits."
            action={<AreaLink to="/providers">Clinicians</AreaLink>}
          />
        )}
      </PageFrame>
    );
  if (canOpen(session, 'myVisits'))
    return (
      <PageFrame title="My visits">
        <VisitList providerId={null} own />
      </PageFrame>
    );
  return (
    <PageFrame title="Clinician visits">
      <EmptyState title="Nothing to show" description="These are the visits of clinicians." />
    </PageFrame>
  );
}
