import { formatDate, type EpisodeListRow } from '@carelane/shared-domain';
import { DataTable, AreaLink } from '@carelane/shared-ui';
import { Tag, type TableColumnsType } from 'antd';

const STATUS_COLORS: Record<string, string> = {
  Draft: 'default',
  Active: 'blue',
  Hold: 'orange',
  Completed: 'green',
  Archived: 'default',
  Deleted: 'red',
};

export function EpisodeStatusTag({ status }: { status: string }) {
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{status === 'Active' ? 'Published' : status}</Tag>;
}

const columns: TableColumnsType<EpisodeListRow> = [
  {
    title: 'Service request',
    key: 'title',
    render: (_value, row) => <AreaLink to={`/episode?id=${row.id}`}>{`#${row.id} ${row.title}`}</AreaLink>,
  },
  { title: 'Type', dataIndex: 'episodeType', key: 'episodeType' },
  {
    title: 'Patient',
    key: 'patient',
    render: (_value, row) =>
      row.patientId ? <AreaLink to={`/patient?id=${row.patientId}`}>{row.patientName}</AreaLink> : '—',
  },
  { title: 'Organization', dataIndex: 'referralSourceName', key: 'organization' },
  {
    title: 'Dates',
    key: 'dates',
    render: (_value, row) => `${formatDate(row.startDate)} – ${row.endDate ? formatDate(row.endDate) : '…'}`,
  },
  {
    title: 'Care coordinator',
    dataIndex: 'careCoordinatorName',
    key: 'careCoordinator',
    render: (name: string | null) => name ?? '—',
  },
  { title: 'Created', dataIndex: 'createdAt', key: 'createdAt', render: (at: string) => formatDate(at) },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: string) => <EpisodeStatusTag status={status} />,
  },
];

export type EpisodeTableProps = {
  rows: readonly EpisodeListRow[];
  totalCount: number;
  pageNumber: number;
  pageSize: number;
  loading: boolean;
  onPageChange: (pageNumber: number, pageSize: number) => void;
};

/** Service requests, newest first: the list page and a patient's page. */
export function EpisodeTable(props: EpisodeTableProps) {
  return (
    <DataTable<EpisodeListRow>
      ariaLabel="Service requests"
      columns={columns}
      rowKey="id"
      emptyText="No service requests match these filters."
      {...props}
    />
  );
}
