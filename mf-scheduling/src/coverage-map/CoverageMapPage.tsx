import { COVERAGE_EPISODE_STATUSES, PROVIDER_TYPES, type CoverageByZip } from '@carelane/shared-domain';
import { errorMessage, useSession, useUrlState } from '@carelane/shared-session';
import { DataTable, EmptyState, ErrorState, PageFrame, type PageProps } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Col, Flex, Row, Select, Spin, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { lazy, Suspense } from 'react';
import { z } from 'zod';
import { coverageQueries } from './coverage-queries';
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
  const showCoverage = filters.coverage === '1';
  const coverageRows = report.data?.coverage ?? [];
  const pageStart = (filters.zipPage - 1) * filters.zipPageSize;

  const filterBar = (
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
        checked={showCoverage}
        onChange={(event) => setFilters({ coverage: event.target.checked ? '1' : '0' })}
      >
        Show coverage by ZIP code
      </Checkbox>
    </Flex>
  );

  const legend = report.data ? (
    <Flex gap={16} wrap align="center" style={{ marginBottom: 8 }} aria-label="Legend">
      <LegendDot
        color={CLINICIAN_COLOR}
        label={`Clinicians (${report.data.clinicians.length.toLocaleString('en-US')})`}
      />
      <LegendDot
        color={EPISODE_COLOR}
        label={`Service requests (${report.data.episodes.length.toLocaleString('en-US')})`}
      />
      {report.data.dropped.clinicians + report.data.dropped.episodes > 0 ? (
        <Typography.Text type="secondary">
          {`Not on the map for want of a location: ${report.data.dropped.clinicians} clinicians, ${report.data.dropped.episodes} service requests.`}
        </Typography.Text>
      ) : null}
    </Flex>
  ) : null;

  let body;
  if (report.isError) {
    body = (
      <ErrorState
        message={errorMessage(report.error, 'coverage map', 'loaded')}
        onRetry={() => void report.refetch()}
      />
    );
  } else if (!report.data) {
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" description="Loading the coverage map" />
      </Flex>
    );
  } else {
    const nothing = report.data.clinicians.length === 0 && report.data.episodes.length === 0;
    body = (
      <>
        {report.data.namesUnavailable ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            message="Patient names could not be decrypted. Sign out and in again to refresh the key."
          />
        ) : null}
        {legend}
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={showCoverage ? 16 : 24}>
            {nothing ? (
              <EmptyState
                title="Nothing to show on the map"
                description="No clinician or service request with a location matches these filters."
              />
            ) : (
              <Suspense
                fallback={
                  <Flex justify="center" style={{ padding: 48 }}>
                    <Spin size="large" description="Loading the map" />
                  </Flex>
                }
              >
                <CoverageMap
                  clinicians={report.data.clinicians}
                  episodes={report.data.episodes}
                  showClinicians={filters.clinicians === '1'}
                  showEpisodes={filters.episodes === '1'}
                  tileUrl={tileUrl.data ?? ''}
                />
              </Suspense>
            )}
          </Col>
          {showCoverage ? (
            <Col xs={24} xl={8}>
              <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
                Coverage by ZIP code
              </Typography.Title>
              <Typography.Paragraph type="secondary">
                ZIP codes with the fewest clinicians per service request first.
              </Typography.Paragraph>
              <DataTable<CoverageByZip>
                ariaLabel="Coverage by ZIP code"
                rows={coverageRows.slice(pageStart, pageStart + filters.zipPageSize)}
                totalCount={coverageRows.length}
                pageNumber={filters.zipPage}
                pageSize={filters.zipPageSize}
                columns={columns}
                rowKey="zipcode"
                loading={report.isFetching}
                emptyText="No ZIP code is covered"
                onPageChange={(zipPage, zipPageSize) => setFilters({ zipPage, zipPageSize })}
              />
            </Col>
          ) : null}
        </Row>
      </>
    );
  }

  return (
    <PageFrame title="Coverage map" subtitle="Where clinicians live and where service requests need them.">
      {filterBar}
      {body}
    </PageFrame>
  );
}
