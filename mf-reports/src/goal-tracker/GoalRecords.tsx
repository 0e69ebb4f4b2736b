// The goals behind one goal-tracker figure, in the reports' records drawer, every one as CSV.
import { GOAL_STATUS_LABELS, type GoalTrackerRecord } from '@carelane/shared-domain';
import type { DataTableColumns } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { everyRecordCsv, RecordsDrawer } from '../report-kit/RecordsDrawer';
import {
  goalTrackerCalls,
  goalTrackerQueries,
  type GoalFigure,
  type GoalTrackerFilters,
} from './goal-tracker-queries';

const PAGE_SIZE = 25;
type Row = GoalTrackerRecord & { id: string };

const withIds = (rows: readonly GoalTrackerRecord[]): Row[] =>
  rows.map((r) => ({ ...r, id: `${r.noteId}|${r.category}|${r.text}` }));

export function GoalRecords({
  title,
  query,
  pageNumber,
  onPage,
  onClose,
}: {
  title: string;
  query: GoalTrackerFilters & GoalFigure;
  pageNumber: number;
  onPage: (page: number) => void;
  onClose: () => void;
}) {
  /** A goal's place in the export, by its text key (fetchEveryPage keeps rows once by a number). */
  const keys = new Map<string, number>();
  const answer = useQuery(goalTrackerQueries.records({ ...query, pageNumber, pageSize: PAGE_SIZE }));
  const columns: DataTableColumns<Row> = [
    { title: 'Goal', key: 'text', dataIndex: 'text', primary: true },
    { title: 'Status', key: 'status', render: (_v, row) => GOAL_STATUS_LABELS[row.status] },
    { title: 'Category', key: 'category', dataIndex: 'category' },
    { title: 'Patient', key: 'patientName', render: (_v, row) => row.patientName ?? '—' },
    { title: 'Clinician', key: 'clinicianName', render: (_v, row) => row.clinicianName ?? '—' },
    { title: 'Latest note', key: 'dateOfService', dataIndex: 'dateOfService' },
  ];
  return (
    <RecordsDrawer<Row>
      title={title}
      noun={{ one: 'goal', many: 'goals' }}
      query={answer}
      rows={withIds(answer.data?.rows ?? [])}
      total={answer.data?.paging.totalCount ?? 0}
      columns={columns}
      pageNumber={pageNumber}
      pageSize={PAGE_SIZE}
      onPage={onPage}
      onClose={onClose}
      exportFile={everyRecordCsv<Row>({
        title,
        fetchPage: async (page, pageSize, signal) => {
          const answer = await goalTrackerCalls.records({ ...query, pageNumber: page, pageSize }, signal);
          return { ...answer, rows: withIds(answer.rows) };
        },
        keyOf: (row) => keys.get(row.id) ?? keys.set(row.id, keys.size).size - 1,
        header: [
          'Goal',
          'Status',
          'Category',
          'Patient',
          'Clinician',
          'Latest note date',
          'Episode',
          'Visit',
        ],
        cells: (r) => [
          r.text,
          GOAL_STATUS_LABELS[r.status],
          r.category,
          r.patientName ?? '',
          r.clinicianName ?? '',
          r.dateOfService,
          r.episodeId,
          r.visitId,
        ],
      })}
    />
  );
}
