// The non-coverages list's columns (a table on a wide screen, cards on a phone): reported (sortable), patient and
// request, organization, provider type, visit, reason and note, status (how it was resolved), Resolve.
import { formatDateTime, type NonCoverage } from '@carelane/shared-domain';
import { VISUALLY_HIDDEN, type DataTableColumns } from '@carelane/shared-ui';
import { Button, Tag, Typography } from 'antd';
import { visitWhen } from './non-coverage-csv';
import { subjectOf } from './ResolveNonCoverageModal';

export function nonCoverageColumns(
  order: 'newest' | 'oldest',
  onResolve: (row: NonCoverage) => void,
): DataTableColumns<NonCoverage> {
  return [
    {
      title: 'Reported',
      key: 'reportedAt',
      dataIndex: 'reportedAt',
      sorter: true,
      sortOrder: order === 'oldest' ? 'ascend' : 'descend',
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (value: string, row) => (
        <>
          {formatDateTime(value)}
          <br />
          <Typography.Text type="secondary">by {row.reporterName}</Typography.Text>
        </>
      ),
    },
    {
      title: 'Patient',
      key: 'patient',
      primary: true,
      render: (_v: unknown, row) => (
        <>
          {row.patientName ?? 'No patient'}
          <br />
          <Typography.Text type="secondary">{`#${row.episodeId} ${row.episodeTitle}`}</Typography.Text>
        </>
      ),
    },
    { title: 'Organization', key: 'organization', dataIndex: 'organizationName' },
    {
      title: 'Provider type',
      key: 'providerType',
      dataIndex: 'providerTypeName',
      render: (value: string | null) => value ?? '—',
    },
    {
      title: 'Visit',
      key: 'visit',
      render: (_v: unknown, row) => visitWhen(row) || 'Whole service request',
    },
    {
      title: 'Reason',
      key: 'reason',
      render: (_v: unknown, row) => (
        <>
          {row.reason}
          {row.note ? (
            <>
              <br />
              <Typography.Text type="secondary">{row.note}</Typography.Text>
            </>
          ) : null}
        </>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_v: unknown, row) =>
        row.status === 'Active' ? (
          <Tag color="orange">Active</Tag>
        ) : (
          <>
            <Tag color="green">Resolved</Tag>
            <br />
            <Typography.Text type="secondary">
              {`${row.resolvedAt ? formatDateTime(row.resolvedAt) : ''} by ${row.resolverName ?? ''}: ${row.resolution ?? ''}`}
            </Typography.Text>
          </>
        ),
    },
    {
      title: 'Actions',
      key: 'actions',
      actions: true,
      render: (_v: unknown, row) =>
        row.status === 'Active' ? (
          <Button size="small" onClick={() => onResolve(row)}>
            Resolve<span style={VISUALLY_HIDDEN}>{` the non-coverage of ${subjectOf(row)}`}</span>
          </Button>
        ) : null,
    },
  ];
}
