// The clinicians or organizations behind one churn figure, in the reports' records drawer, every one as CSV.
import { showMonth, type ChurnMember } from '@carelane/shared-domain';
import type { DataTableColumns } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { everyRecordCsv, RecordsDrawer } from '../report-kit/RecordsDrawer';
import { churnCalls, churnQueries, type ChurnCell, type ChurnFilters } from './churn-queries';

const PAGE_SIZE = 25;

const DETAIL = { clinicians: 'Provider type', organizations: 'Zip code' } as const;
const NOUN = {
  clinicians: { one: 'clinician', many: 'clinicians' },
  organizations: { one: 'organization', many: 'organizations' },
} as const;

export function ChurnRecords({
  title,
  query,
  pageNumber,
  onPage,
  onClose,
}: {
  title: string;
  query: ChurnFilters & ChurnCell;
  pageNumber: number;
  onPage: (page: number) => void;
  onClose: () => void;
}) {
  const answer = useQuery(churnQueries.records({ ...query, pageNumber, pageSize: PAGE_SIZE }));
  const columns: DataTableColumns<ChurnMember> = [
    { title: 'Name', key: 'name', dataIndex: 'name', primary: true },
    { title: DETAIL[query.subject], key: 'detail', render: (_v, row) => row.detail ?? '—' },
    { title: 'First active', key: 'firstMonth', render: (_v, row) => showMonth(row.firstMonth) },
  ];
  return (
    <RecordsDrawer<ChurnMember>
      title={title}
      noun={NOUN[query.subject]}
      query={answer}
      rows={answer.data?.rows ?? []}
      total={answer.data?.paging.totalCount ?? 0}
      columns={columns}
      pageNumber={pageNumber}
      pageSize={PAGE_SIZE}
      onPage={onPage}
      onClose={onClose}
      exportFile={everyRecordCsv<ChurnMember>({
        title,
        fetchPage: (page, pageSize, signal) =>
          churnCalls.records({ ...query, pageNumber: page, pageSize }, signal),
        keyOf: (row) => row.id,
        header: ['Name', DETAIL[query.subject], 'First active month'],
        cells: (r) => [r.name, r.detail ?? '', r.firstMonth],
      })}
    />
  );
}
