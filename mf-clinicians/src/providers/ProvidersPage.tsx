// The clinician list `/providers` (issue 11, decision 021): SPEC §4's default filter provider status 3, type,
// credential state, skills, ZIP code and distance, search and sort, all in the URL; the engagement dot and the
// rating badge of shared-ui; the paging summary line; the CSV of the whole filtered list. The figures (distance,
// rating, engagement colour) come from the API and shared-domain's rules, never from this page.
import {
  ALL_PROVIDER_STATUSES,
  credentialStateName,
  DEFAULT_PROVIDER_STATUS_ID,
  formatDate,
  PROVIDER_CREDENTIAL_STATES,
  PROVIDER_DISTANCE_MAX_MILES,
  PROVIDER_SORTS,
  PROVIDER_STATUSES,
  providerStatusName,
  type ProviderListItem,
  type ProviderSortField,
} from '@carelane/shared-domain';
import { errorMessage, publishErrorToast, saveFile, useUrlState } from '@carelane/shared-session';
import {
  AreaLink,
  DataTable,
  EngagementDot,
  listFilterFields,
  lookupQueries,
  ListResults,
  ListSearch,
  NONE,
  PageFrame,
  phoneText,
  placeColumn,
  RatingBadge,
  type SortChange,
  VISUALLY_HIDDEN,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Select, Typography, type TableColumnsType, type TableColumnType } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { downloadProviders, providerQueries, type ProviderFilters } from './provider-queries';

const SORT_VALUES = PROVIDER_SORTS.flatMap((field) => [field, `-${field}`] as const);
const ZIPCODE = /^\d{5}$/;
/** Read by screen readers, not shown (the column of dots needs no visible heading). */
/** The distances offered, in miles. */
const DISTANCES = [5, 10, 25, 50, 100];

/** The list's filters live in the URL; provider status 3 by default (SPEC §4), 0 for every status. */
const filtersSchema = z.object({
  ...listFilterFields,
  providerStatusId: z.coerce.number().int().min(0).max(99).default(DEFAULT_PROVIDER_STATUS_ID),
  providerTypeId: z.coerce.number().int().positive().optional(),
  credentialState: z.coerce.number().int().positive().optional(),
  skills: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
  skillsMatch: z.enum(['any', 'all']).default('any'),
  zipcode: z.string().regex(ZIPCODE).optional(),
  distance: z.coerce.number().positive().max(PROVIDER_DISTANCE_MAX_MILES).optional(),
  sort: z.enum(SORT_VALUES).optional(),
});
type UrlFilters = z.infer<typeof filtersSchema>;

const STATUS_OPTIONS = [
  ...PROVIDER_STATUSES.map((status) => ({ value: status.id as number, label: status.name })),
  { value: ALL_PROVIDER_STATUSES, label: 'All statuses' },
];
const CREDENTIAL_STATE_OPTIONS = PROVIDER_CREDENTIAL_STATES.map((state) => ({
  value: state.id as number,
  label: state.name,
}));
const DISTANCE_OPTIONS = DISTANCES.map((miles) => ({ value: miles, label: `Within ${miles} miles` }));

/** What the API is asked: a distance only with its ZIP code, a distance order only with a distance. */
function apiFilters(filters: UrlFilters): ProviderFilters {
  const distance = filters.zipcode ? filters.distance : undefined;
  const sort = filters.sort?.endsWith('distance') && distance === undefined ? undefined : filters.sort;
  return {
    pageNumber: filters.pageNumber,
    pageSize: filters.pageSize,
    search: filters.search,
    providerStatusId: filters.providerStatusId,
    providerTypeId: filters.providerTypeId,
    credentialState: filters.credentialState,
    skills: filters.skills?.length ? filters.skills : undefined,
    skillsMatch: filters.skills && filters.skills.length > 1 ? filters.skillsMatch : undefined,
    zipcode: filters.zipcode,
    distance,
    sort,
  };
}

/** The sorted column as the table shows it. */
function sortOrderOf(sort: string | undefined, field: ProviderSortField) {
  if (sort === field) return 'ascend' as const;
  if (sort === `-${field}`) return 'descend' as const;
  return null;
}

const ratingDetails = (row: ProviderListItem) => ({
  assignmentsReliability: row.ratingDetails.assignmentsReliability ?? null,
  notesReliability: row.ratingDetails.notesReliability ?? null,
  satisfaction: row.ratingDetails.avgPatientRating ?? null,
});

function columnsFor(sort: string | undefined, withDistance: boolean): TableColumnsType<ProviderListItem> {
  const sortable = (field: ProviderSortField): Partial<TableColumnType<ProviderListItem>> => ({
    key: field,
    sorter: true,
    sortOrder: sortOrderOf(sort, field),
    sortDirections: ['ascend', 'descend', 'ascend'],
  });
  const columns: TableColumnsType<ProviderListItem> = [
    {
      title: <span style={VISUALLY_HIDDEN}>Engagement</span>,
      key: 'engagement',
      width: 40,
      render: (_value, row) => <EngagementDot lastLogin={row.lastLogin} />,
    },
    {
      title: 'Name',
      ...sortable('name'),
      render: (_value, row) => (
        <Flex vertical>
          <AreaLink to={`/provider?providerId=${row.id}`}>{`${row.familyName}, ${row.givenName}`}</AreaLink>
          {row.email ? <Typography.Text type="secondary">{row.email}</Typography.Text> : null}
        </Flex>
      ),
    },
    { title: 'Type', dataIndex: 'providerType', ...sortable('type') },
    {
      title: 'Status',
      key: 'status',
      render: (_value, row) => (
        <Flex vertical>
          <span>{providerStatusName(row.providerStatusId)}</span>
          <Typography.Text type="secondary">{credentialStateName(row.credentialState)}</Typography.Text>
        </Flex>
      ),
    },
    placeColumn((row) => [row.city, row.state, row.zipcode]),
    {
      title: 'Phone',
      dataIndex: 'phoneNumber',
      key: 'phone',
      render: (phone: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{phoneText(phone)}</span>,
    },
    {
      title: 'Skills',
      key: 'skills',
      render: (_value, row) => (row.skills.length ? row.skills.join(', ') : NONE),
    },
    {
      title: 'Rating',
      ...sortable('rating'),
      render: (_value, row) => <RatingBadge rating={row.rating} details={ratingDetails(row)} />,
    },
    {
      title: 'Last login',
      ...sortable('lastLogin'),
      render: (_value, row) => (row.lastLogin ? formatDate(row.lastLogin) : 'Never'),
    },
  ];
  if (withDistance)
    columns.push({
      title: 'Distance',
      ...sortable('distance'),
      render: (_value, row) => (row.distanceMiles === undefined ? NONE : `${row.distanceMiles} mi`),
    });
  return columns;
}

/**
 * The ZIP code box: a 5-digit ZIP code is written on Enter, a blank one clears it. No clear icon: antd's is
 * 12 px, under WCAG 2.2's 24 px target size.
 */
function ZipcodeFilter({
  zipcode,
  onChange,
}: {
  zipcode: string | undefined;
  onChange: (zipcode: string | null) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Flex vertical>
      <Input.Search
        aria-label="ZIP code"
        placeholder="ZIP code"
        defaultValue={zipcode}
        maxLength={5}
        inputMode="numeric"
        status={problem ? 'error' : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'providers-zipcode-problem' : undefined}
        onSearch={(text) => {
          const typed = text.trim();
          if (typed && !ZIPCODE.test(typed)) {
            setProblem('Enter a 5-digit ZIP code.');
            return;
          }
          setProblem(null);
          onChange(typed || null);
        }}
        style={{ width: 150 }}
      />
      {problem ? (
        <Typography.Text type="danger" id="providers-zipcode-problem" role="alert">
          {problem}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

export default function ProvidersPage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const [exporting, setExporting] = useState(false);
  const asked = apiFilters(filters);
  const providers = useQuery(providerQueries.list(asked));
  const skills = useQuery(providerQueries.skills());
  const providerTypes = useQuery(lookupQueries.providerTypes());
  const withDistance = asked.distance !== undefined;

  const exportCsv = async () => {
    setExporting(true);
    try {
      saveFile(await downloadProviders(asked), 'clinicians.csv');
    } catch (error) {
      publishErrorToast(errorMessage(error, 'the clinicians', 'exported'));
    } finally {
      setExporting(false);
    }
  };

  const onSortChange = (change: SortChange) =>
    setFilters({
      sort: change ? `${change.order === 'descend' ? '-' : ''}${change.field}` : null,
      pageNumber: null,
    });

  return (
    <PageFrame
      title="Clinicians"
      actions={
        <Button onClick={() => void exportCsv()} loading={exporting}>
          Export CSV
        </Button>
      }
    >
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }}>
        <ListSearch
          label="Search clinicians"
          placeholder="Name, email or phone"
          width={240}
          search={filters.search}
          setFilters={setFilters}
        />
        <Select
          aria-label="Status"
          value={filters.providerStatusId}
          options={STATUS_OPTIONS}
          onChange={(id: number) => setFilters({ providerStatusId: id, pageNumber: null })}
          style={{ width: 140 }}
        />
        <Select
          aria-label="Provider type"
          placeholder="All types"
          allowClear
          value={filters.providerTypeId}
          loading={providerTypes.isLoading}
          options={(providerTypes.data?.rows ?? []).map((row) => ({ value: row.id, label: row.type }))}
          onChange={(id?: number) => setFilters({ providerTypeId: id ?? null, pageNumber: null })}
          style={{ width: 140 }}
        />
        <Select
          aria-label="Credential state"
          placeholder="Any credentials"
          allowClear
          value={filters.credentialState}
          options={CREDENTIAL_STATE_OPTIONS}
          onChange={(id?: number) => setFilters({ credentialState: id ?? null, pageNumber: null })}
          style={{ width: 180 }}
        />
        <Select
          aria-label="Skills"
          mode="multiple"
          placeholder="Any skills"
          allowClear
          maxTagCount="responsive"
          value={filters.skills ?? []}
          loading={skills.isLoading}
          options={(skills.data?.skills ?? []).map((skill) => ({ value: skill, label: skill }))}
          onChange={(chosen: string[]) => setFilters({ skills: chosen, pageNumber: null })}
          style={{ width: 240 }}
        />
        {filters.skills && filters.skills.length > 1 ? (
          <Select
            aria-label="Skills match"
            value={filters.skillsMatch}
            options={[
              { value: 'any', label: 'Any of these skills' },
              { value: 'all', label: 'All of these skills' },
            ]}
            onChange={(match: string) => setFilters({ skillsMatch: match, pageNumber: null })}
            style={{ width: 180 }}
          />
        ) : null}
        <ZipcodeFilter
          zipcode={filters.zipcode}
          onChange={(zipcode) => setFilters({ zipcode, pageNumber: null })}
        />
        <Select
          aria-label="Distance"
          placeholder={filters.zipcode ? 'In this ZIP code' : 'Distance (needs a ZIP code)'}
          allowClear
          disabled={!filters.zipcode}
          value={filters.zipcode ? filters.distance : undefined}
          options={DISTANCE_OPTIONS}
          onChange={(miles?: number) => setFilters({ distance: miles ?? null, pageNumber: null })}
          style={{ width: 230 }}
        />
      </Flex>
      <ListResults query={providers} thing="the clinicians">
        <DataTable<ProviderListItem>
          ariaLabel="Clinicians"
          rows={providers.data?.providers ?? []}
          totalCount={providers.data?.paging.totalCount ?? 0}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={providers.isFetching}
          columns={columnsFor(asked.sort ?? (withDistance ? 'distance' : 'name'), withDistance)}
          rowKey="id"
          emptyText="No clinicians match these filters."
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
          onSortChange={onSortChange}
        />
      </ListResults>
    </PageFrame>
  );
}
