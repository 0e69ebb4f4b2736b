import {
  canEditOrientations,
  PROVIDER_TYPES,
  providerTypeName,
  type OrientationSummary,
} from '@carelane/shared-domain';
import { navigateTo, useSession, useUrlState } from '@carelane/shared-session';
import {
  AreaLink,
  listFilterFields,
  ListSearch,
  ListTable,
  PageFrame,
  recordStatusColumn,
  recordStatusFilterField,
  RECORD_STATUS_FILTER_OPTIONS,
  StatusFilter,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Tag, type TableColumnsType } from 'antd';
import { z } from 'zod';
import { orientationQueries } from './orientation-queries';

/** The list's filters live in the URL: shareable, kept on reload, the back button works. */
const filtersSchema = z.object({
  ...listFilterFields,
  status: recordStatusFilterField('ACTIVE'),
  providerTypeId: z.coerce.number().int().positive().optional(),
});

const PROVIDER_TYPE_OPTIONS = PROVIDER_TYPES.map((t) => ({ value: t.id, label: t.type }));

/** A row with its active flag as the record status the shared status column shows. */
type Row = OrientationSummary & { status: string };

const columns: TableColumnsType<Row> = [
  {
    title: 'Title',
    key: 'title',
    render: (_value, row) => <AreaLink to={`/orientation?orientationId=${row.id}`}>{row.title}</AreaLink>,
  },
  {
    title: 'Provider types',
    key: 'providerTypes',
    render: (_value, row) =>
      row.providerTypeIds.length === PROVIDER_TYPES.length
        ? 'All'
        : row.providerTypeIds.map(providerTypeName).join(', '),
  },
  {
    title: 'Required',
    key: 'required',
    render: (_value, row) => (row.required ? <Tag color="blue">Required</Tag> : 'Optional'),
  },
  { title: 'Pass mark', key: 'passMark', render: (_value, row) => `${row.passMark}%` },
  { title: 'Sections', dataIndex: 'sectionCount', key: 'sectionCount' },
  { title: 'Questions', dataIndex: 'questionCount', key: 'questionCount' },
  { title: 'Passed by', dataIndex: 'passedCount', key: 'passedCount' },
  recordStatusColumn<Row>(),
];

/** `/orientations`: every orientation, paged, filtered by title, status and provider type (staff). */
export default function OrientationsPage() {
  const session = useSession();
  const [filters, setFilters] = useUrlState(filtersSchema);
  const orientations = useQuery(orientationQueries.list(filters));
  const rows = orientations.data
    ? {
        ...orientations.data,
        rows: orientations.data.rows.map((r) => ({ ...r, status: r.active ? 'ACTIVE' : 'INACTIVE' })),
      }
    : undefined;
  return (
    <PageFrame
      title="Orientations"
      actions={
        session && canEditOrientations(session.user.roleId) ? (
          <Button type="primary" onClick={() => navigateTo('/orientation')}>
            New orientation
          </Button>
        ) : null
      }
    >
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }}>
        <ListSearch
          label="Search orientations"
          placeholder="Title"
          width={260}
          search={filters.search}
          setFilters={setFilters}
        />
        <StatusFilter value={filters.status} options={RECORD_STATUS_FILTER_OPTIONS} setFilters={setFilters} />
        <Select
          aria-label="Provider type"
          placeholder="Any provider type"
          allowClear
          value={filters.providerTypeId}
          options={PROVIDER_TYPE_OPTIONS}
          onChange={(providerTypeId?: number) =>
            setFilters({ providerTypeId: providerTypeId ?? null, pageNumber: null })
          }
          style={{ width: 180 }}
        />
      </Flex>
      <ListTable<Row>
        query={{ ...orientations, data: rows }}
        thing="the orientations"
        label="Orientations"
        columns={columns}
        emptyText="No orientations match these filters."
        filters={filters}
        setFilters={setFilters}
      />
    </PageFrame>
  );
}
