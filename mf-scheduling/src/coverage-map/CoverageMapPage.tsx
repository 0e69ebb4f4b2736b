import { COVERAGE_EPISODE_STATUSES, PROVIDER_TYPES, type CoverageByZip } from '@carelane/shared-domain';
import { errorMessage, useSession, useUrlState, type UrlStateUpdate } from '@carelane/shared-session';
import { DataTable, EmptyState, ErrorState, PageFrame, type PageProps } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Col, Flex, Row, Select, Spin, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { lazy, Suspense } from 'react';
import { z } from 'zod';
import { coverageQueries, type CoverageMapData } from './coverage-queries';
import { CLINICIAN_COLOR, EPISODE_COLOR } from './map-colors';

// OpenLayers and the states and counties come with the map, after the page's filters are on screen.
const CoverageMap = lazy(() => import('./CoverageMap'));

/** Clinician status ids: 3 is the active clinician (SPEC §4 default); 0 asks for every status. */
const PROVIDER_STATUS_OPTIONS = [
  { value: 3, label: 'Active' },
  { value: 1, label: 'Pending credentials' },
  { value: 5, label: 'Inactive' },
  { value: 0, label: 'All statuses' },
];
const EPISODE_STATUS_LABELS: Record<(typeof COVERAGE_EPISODE_STATUSES)[number], string> = {
  Active: 'Active',
  Draft: 'Draft',
  Hold: 'On hold',
  Completed: 'Completed',
  All: 'All (not deleted)',
};

const onOff = z.enum(['1', '0']);
/** Filters and layers live in the URL (shareable, kept on reload). */
const filtersSchema = z.object({
  providerTypeId: z.array(z.coerce.number().int().min(1).max(99)).default([]),
  providerStatusId: z.coerce.number().int().min(0).max(99).default(3),
  episodeStatus: z.enum(COVERAGE_EPISODE_STATUSES).default('Active'),
  clinicians: onOff.default('1'),
  episodes: onOff.default('1'),
  coverage: onOff.default('1'),
  zipPage: z.coerce.number().int().min(1).default(1),
  zipPageSize: z.coerce.number().int().min(1).max(100).default(10),
});

const columns: TableColumnsType<CoverageByZip> = [
  { title: 'ZIP code', dataIndex: 'zipcode', key: 'zipcode' },
  { title: 'Clinicians', dataIndex: 'count', key: 'count', align: 'right' },
  { title: 'Service requests', dataIndex: 'episodeCount', key: 'episodeCount', align: 'right' },
  {
    title: 'Clinician ids',
    dataIndex: 'providerIdSet',
    key: 'providerIdSet',
    render: (ids: number[]) =>
      ids.length ? (
        <Typography.Text type="secondary" ellipsis={{ tooltip: ids.join(', ') }} style={{ maxWidth: 120 }}>
          {ids.join(', ')}
        </Typography.Text>
      ) : (
        <Typography.Text type="danger">None</Typography.Text>
      ),
  },
];

function LegendDot({ color, label }: { color: string; label: string }) {
  return (
    <Flex align="center" gap={6}>
      <span
        aria-hidden
        style={{ width: 12, height: 12, borderRadius: 6, background: color, border: '1px solid #ffffff' }}
      />
      {label}
    </Flex>
  );
}

type Filters = z.output<typeof filtersSchema>;
type SetFilters = (update: UrlStateUpdate<typeof filtersSchema>) => void;

function CoverageFilterBar({ filters, setFilters }: { filters: Filters; setFilters: SetFilters }) {
  return (
    <Flex gap={12} wrap align="center" style={{ marginBottom: 12 }} data-unsaved-ignore>
      <Select
        mode="multiple"
        allowClear
        aria-label="Provider type"
        placeholder="All provider types"
        style={{ minWidth: 220 }}
        value={filters.providerTypeId}
        options={PROVIDER_TYPES.map((type) => ({ value: type.id, label: type.type }))}
        onChange={(providerTypeId: number[]) => setFilters({ providerTypeId, zipPage: null })}
      />
      <Select
        aria-label="Clinician status"
        style={{ width: 190 }}
        value={filters.providerStatusId}
        options={PROVIDER_STATUS_OPTIONS}
        onChange={(providerStatusId: number) => setFilters({ providerStatusId, zipPage: null })}
      />
      <Select
        aria-label="Service request status"
        style={{ width: 180 }}
        value={filters.episodeStatus}
        options={COVERAGE_EPISODE_STATUSES.map((status) => ({
          value: status,
          label: EPISODE_STATUS_LABELS[status],
        }))}
        onChange={(episodeStatus) => setFilters({ episodeStatus, zipPage: null })}
      />
      <Checkbox
        checked={filters.clinicians === '1'}
        onChange={(event) => setFilters({ clinicians: event.target.checked ? '1' : '0' })}
      >
        Show clinicians
      </Checkbox>
      <Checkbox
        checked={filters.episodes === '1'}
        onChange={(event) => setFilters({ episodes: event.target.checked ? '1' : '0' })}
      >
        Show service requests
      </Checkbox>
      <Checkbox
        checked={filters.coverage === '1'}
        onChange={(event) => setFilters({ coverage: event.target.checked ? '1' : '0' })}
      >
        Show coverage by ZIP code
      </Checkbox>
    </Flex>
  );
}

function CoverageLegend({ data }: { data: CoverageMapData }) {
  return (
    <Flex gap={16} wrap align="center" style={{ marginBottom: 8 }} aria-label="Legend">
      <LegendDot
        color={CLINICIAN_COLOR}
        label={`Clinicians (${data.clinicians.length.toLocaleString('en-US')})`}
      />
      <LegendDot
        color={EPISODE_COLOR}
        label={`Service requests (${data.episodes.length.toLocaleString('en-US')})`}
      />
      {data.dropped.clinicians + data.dropped.episodes > 0 ? (
        <Typography.Text type="secondary">
          {`Not on the map for want of a location: ${data.dropped.clinicians} clinicians, ${data.dropped.episodes} service requests.`}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function Loading({ description }: { description: string }) {
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <Spin size="large" description={description} />
    </Flex>
  );
}

function CoverageByZipPanel({
  rows,
  loading,
  filters,
  setFilters,
}: {
  rows: CoverageByZip[];
  loading: boolean;
  filters: Filters;
  setFilters: SetFilters;
}) {
  const pageStart = (filters.zipPage - 1) * filters.zipPageSize;
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
        Coverage by ZIP code
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        ZIP codes with the fewest clinicians per service request first.
      </Typography.Paragraph>
      <DataTable<CoverageByZip>
        ariaLabel="Coverage by ZIP code"
        rows={rows.slice(pageStart, pageStart + filters.zipPageSize)}
        totalCount={rows.length}
        pageNumber={filters.zipPage}
        pageSize={filters.zipPageSize}
        columns={columns}
        rowKey="zipcode"
        loading={loading}
        emptyText="No ZIP code is covered"
        onPageChange={(zipPage, zipPageSize) => setFilters({ zipPage, zipPageSize })}
      />
    </>
  );
}

function CoverageReport({
  data,
  loading,
  tileUrl,
  filters,
  setFilters,
}: {
  data: CoverageMapData;
  loading: boolean;
  tileUrl: string;
  filters: Filters;
  setFilters: SetFilters;
}) {
  const showCoverage = filters.coverage === '1';
  const nothing = data.clinicians.length === 0 && data.episodes.length === 0;
  return (
    <>
      {data.namesUnavailable ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          message="Patient names could not be decrypted. Sign out and in again to refresh the key."
        />
      ) : null}
      <CoverageLegend data={data} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={showCoverage ? 16 : 24}>
          {nothing ? (
            <EmptyState
              title="Nothing to show on the map"
              description="No clinician or service request with a location matches these filters."
            />
          ) : (
            <Suspense fallback={<Loading description="Loading the map" />}>
              <CoverageMap
                clinicians={data.clinicians}
                episodes={data.episodes}
                showClinicians={filters.clinicians === '1'}
                showEpisodes={filters.episodes === '1'}
                tileUrl={tileUrl}
              />
            </Suspense>
          )}
        </Col>
        {showCoverage ? (
          <Col xs={24} xl={8}>
            <CoverageByZipPanel
              rows={data.coverage}
              loading={loading}
              filters={filters}
              setFilters={setFilters}
            />
          </Col>
        ) : null}
      </Row>
    </>
  );
}

/** /coverageMap: clinicians and service requests on a map, and clinician coverage by ZIP code. */
export default function CoverageMapPage(_props: PageProps) {
  const session = useSession();
  const [filters, setFilters] = useUrlState(filtersSchema);
  const report = useQuery(
    coverageQueries.report(
      {
        providerTypeIds: filters.providerTypeId,
        providerStatusId: filters.providerStatusId,
        episodeStatus: filters.episodeStatus,
      },
      session?.constants.blobEncryptionKey ?? '',
    ),
  );
  const tileUrl = useQuery(coverageQueries.tileUrl());

  let body;
  if (report.isError) {
    body = (
      <ErrorState
        message={errorMessage(report.error, 'coverage map', 'loaded')}
        onRetry={() => void report.refetch()}
      />
    );
  } else if (!report.data) {
    body = <Loading description="Loading the coverage map" />;
  } else {
    body = (
      <CoverageReport
        data={report.data}
        loading={report.isFetching}
        tileUrl={tileUrl.data ?? ''}
        filters={filters}
        setFilters={setFilters}
      />
    );
  }

  return (
    <PageFrame title="Coverage map" subtitle="Where clinicians live and where service requests need them.">
      <CoverageFilterBar filters={filters} setFilters={setFilters} />
      {body}
    </PageFrame>
  );
}
