import {
  defaultDateRange,
  defaultEpisodeStatusFilter,
  defaultShowMine,
  EPISODE_STATUS_FILTERS,
  EPISODE_TYPES,
  isOrganizationRole,
} from '@carelane/shared-domain';
import { useSession, useUrlState } from '@carelane/shared-session';
import {
  dateOf,
  DateRangeFilter,
  EmptyState,
  isoOf,
  listFilterFields,
  ListPageFrame,
  ListResults,
  ListSearch,
  StatusFilter,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Switch, Typography } from 'antd';
import { z } from 'zod';
import { OrganizationSelect } from '../lookups/LookupSelects';

import { episodeQueries, type EpisodeFilters } from './episode-queries';
import { EpisodeTable } from './EpisodeTable';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** Filters live in the URL; absent ones take the SPEC defaults computed below. */
const filtersSchema = z.object({
  ...listFilterFields,
  status: z.enum(EPISODE_STATUS_FILTERS).optional(),
  mine: z.enum(['true', 'false']).optional(),
  episodeType: z.enum(EPISODE_TYPES).optional(),
  referralSourceId: z.coerce.number().int().positive().optional(),
  patientId: z.coerce.number().int().positive().optional(),
  createdFrom: isoDate.optional(),
  createdTo: isoDate.optional(),
});

const STATUS_LABELS: Record<string, string> = { ALL: 'All', Active: 'Active (published)' };

/**
 * SPEC §4/§6/§9 defaults: status Active, but All for roles 5 and 6 or with a patient; 'only mine' on unless
 * serviceRequest.defaultShowMine is 0; created in the last 365 days.
 */
export function useEpisodeFilters(): [
  EpisodeFilters,
  ReturnType<typeof useUrlState<typeof filtersSchema>>[1],
] {
  const session = useSession();
  const [url, setUrl] = useUrlState(filtersSchema);
  const range = defaultDateRange('episodeCreation');
  const filters: EpisodeFilters = {
    ...url,
    status: url.status ?? defaultEpisodeStatusFilter(session?.user.roleId ?? 0, url.patientId !== undefined),
    mine: url.mine
      ? url.mine === 'true'
      : session
        ? defaultShowMine(session.user.roleId, session.privileges)
        : false,
    createdFrom: url.createdFrom ?? isoOf(range.start)!,
    createdTo: url.createdTo ?? isoOf(range.end)!,
  };
  return [filters, setUrl];
}

/** 'Only mine' hid every row: how many the same filters find for everyone (one row read, for its total). */
function useHiddenByOnlyMine(filters: EpisodeFilters, shownCount: number | undefined): number {
  const others = useQuery({
    ...episodeQueries.list({ ...filters, mine: false, pageNumber: 1, pageSize: 1 }),
    enabled: filters.mine && shownCount === 0,
  });
  return filters.mine && shownCount === 0 ? (others.data?.paging.totalCount ?? 0) : 0;
}

export default function EpisodesPage() {
  const session = useSession();
  const [filters, setFilters] = useEpisodeFilters();
  const episodes = useQuery(episodeQueries.list(filters));
  const hidden = useHiddenByOnlyMine(filters, episodes.data?.paging.totalCount);
  const staff = !!session && !isOrganizationRole(session.user.roleId);
  return (
    <ListPageFrame
      title="Service requests"
      newLabel="New service request"
      newPath="/episode"
      privilege="serviceRequestDetail"
    >
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }}>
        <ListSearch
          label="Search service requests"
          placeholder="Title, patient or number"
          width={250}
          search={filters.search}
          setFilters={setFilters}
        />
        <StatusFilter
          value={filters.status}
          options={EPISODE_STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] ?? value }))}
          width={170}
          setFilters={setFilters}
        />
        <Select
          aria-label="Type"
          placeholder="Visits and shifts"
          allowClear
          value={filters.episodeType}
          options={EPISODE_TYPES.map((value) => ({ value, label: value }))}
          onChange={(episodeType?: string) =>
            setFilters({ episodeType: episodeType ?? null, pageNumber: null })
          }
          style={{ width: 150 }}
        />
        {staff ? (
          <OrganizationSelect
            aria-label="Organization"
            placeholder="All organizations"
            allowClear
            value={filters.referralSourceId}
            onChange={(id?: number) => setFilters({ referralSourceId: id ?? null, pageNumber: null })}
            style={{ width: 230 }}
          />
        ) : null}
        <DateRangeFilter
          label="Created between"
          value={{ start: dateOf(filters.createdFrom)!, end: dateOf(filters.createdTo)! }}
          onChange={(range) =>
            setFilters({ createdFrom: isoOf(range.start), createdTo: isoOf(range.end), pageNumber: null })
          }
        />
        <Flex gap={6} align="center" style={{ height: 32 }}>
          <Switch
            id="only-mine"
            aria-label="Only mine"
            checked={filters.mine}
            onChange={(mine) => setFilters({ mine: String(mine), pageNumber: null })}
          />
          <Typography.Text>
            <label htmlFor="only-mine">Only mine</label>
          </Typography.Text>
        </Flex>
      </Flex>
      {filters.patientId ? (
        <Typography.Paragraph>
          Service requests of patient #{filters.patientId}.{' '}
          <Button type="link" onClick={() => setFilters({ patientId: null, pageNumber: null })}>
            Show every patient
          </Button>
        </Typography.Paragraph>
      ) : null}
      <ListResults query={episodes} thing="the service requests">
        {hidden > 0 ? (
          <EmptyState
            title="None of your service requests match these filters."
            description={`"Only mine" is hiding ${hidden} service request${hidden === 1 ? '' : 's'} of others.`}
            action={
              <Button type="primary" onClick={() => setFilters({ mine: 'false', pageNumber: null })}>
                Show all {hidden}
              </Button>
            }
          />
        ) : null}
        <EpisodeTable
          rows={episodes.data?.rows ?? []}
          totalCount={episodes.data?.paging.totalCount ?? 0}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={episodes.isFetching}
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
        />
      </ListResults>
    </ListPageFrame>
  );
}
