// The fines of the provider payments page. Billing staff see every clinician's (or the chosen one's), add a
// fine, remove one with a note (after confirming) and uphold a contested one; a clinician sees their own and
// contests an Active one with a note. A fine an export deducted already (nachaFileId) offers nothing: the
// server refuses to change it (a wrong one is answered by a payable adjustment).
import { FINE_KIND_LABELS, FINE_STATUSES, formatCents, formatDate, type Fine } from '@carelane/shared-domain';
import { publishErrorToast, publishToast } from '@carelane/shared-session';
import { DataTable, failureText, ListResults, NONE, VISUALLY_HIDDEN } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { AddFineModal, FineNoteModal, type NoteAction } from './FineModals';
import { payCalls, payQueries, refreshFines, type FineFilters } from './pay-queries';

export const FINE_PAGE_SIZE = 10;

const STATUS_OPTIONS = [
  { value: 'ALL', label: 'All statuses' },
  ...FINE_STATUSES.map((status) => ({ value: status, label: status })),
];
const STATUS_COLORS: Record<Fine['status'], string> = {
  Active: 'red',
  Contested: 'orange',
  Removed: 'default',
};

const right = { align: 'right' as const };

export type FinesPanelProps = {
  staff: boolean;
  /** Staff: the clinician chosen on the page (none: every clinician). A clinician's are their own. */
  providerId: number | undefined;
  status: FineFilters['status'];
  pageNumber: number;
  onStatus: (status: FineFilters['status']) => void;
  onPage: (pageNumber: number) => void;
};

export function FinesPanel({ staff, providerId, status, pageNumber, onStatus, onPage }: FinesPanelProps) {
  const { modal } = App.useApp();
  const fines = useQuery(payQueries.fines({ status, providerId, pageNumber, pageSize: FINE_PAGE_SIZE }));
  const [adding, setAdding] = useState(false);
  const [noting, setNoting] = useState<{ fine: Fine; action: NoteAction } | null>(null);

  const confirmUphold = (fine: Fine) =>
    modal.confirm({
      title: 'Uphold this fine?',
      content: `${fine.clinicianName}'s ${FINE_KIND_LABELS[fine.kind].toLowerCase()} fine of ${formatCents(fine.amountCents)} becomes Active again and is deducted at their next export.`,
      okText: 'Uphold',
      onOk: async () => {
        try {
          publishToast((await payCalls.upholdFine(fine.id)).message);
        } catch (error) {
          publishErrorToast(failureText(error, 'the fine', 'upheld', { id: '' }));
        } finally {
          refreshFines();
        }
      },
    });

  const actions = (fine: Fine) => {
    if (fine.nachaFileId !== null || fine.status === 'Removed') return NONE;
    const subject = <span style={VISUALLY_HIDDEN}>{` the fine of ${formatDate(fine.createdAt)}`}</span>;
    if (!staff)
      return fine.status === 'Active' ? (
        <Button size="small" onClick={() => setNoting({ fine, action: 'contest' })}>
          Contest{subject}
        </Button>
      ) : (
        NONE
      );
    return (
      <Flex gap={4} wrap>
        {fine.status === 'Contested' ? (
          <Button size="small" onClick={() => confirmUphold(fine)}>
            Uphold{subject}
          </Button>
        ) : null}
        <Button size="small" danger onClick={() => setNoting({ fine, action: 'remove' })}>
          Remove{subject}
        </Button>
      </Flex>
    );
  };

  const columns: TableColumnsType<Fine> = [
    { title: 'Date', key: 'createdAt', render: (_v, row) => formatDate(row.createdAt) },
    ...(staff
      ? [{ title: 'Clinician', key: 'clinician', render: (_v: unknown, row: Fine) => row.clinicianName }]
      : []),
    {
      title: 'Kind',
      key: 'kind',
      render: (_v, row) => (
        <Flex vertical>
          <span>{FINE_KIND_LABELS[row.kind]}</span>
          {row.visitId ? <Typography.Text type="secondary">{`Visit ${row.visitId}`}</Typography.Text> : null}
        </Flex>
      ),
    },
    { title: 'Amount', key: 'amount', ...right, render: (_v, row) => formatCents(row.amountCents) },
    { title: 'Reason', key: 'reason', render: (_v, row) => row.reason },
    {
      title: 'Status',
      key: 'status',
      render: (_v, row) => (
        <Flex vertical gap={2}>
          <Tag color={STATUS_COLORS[row.status]} style={{ width: 'fit-content' }}>
            {row.status}
          </Tag>
          {row.nachaFileId !== null ? (
            <Typography.Text type="secondary">{`Deducted by NACHA file ${row.nachaFileId}`}</Typography.Text>
          ) : null}
          {row.contestNote ? (
            <Typography.Text type="secondary">{`Contested: ${row.contestNote}`}</Typography.Text>
          ) : null}
          {row.removedNote ? (
            <Typography.Text type="secondary">{`Removed: ${row.removedNote}`}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { title: 'Actions', key: 'actions', render: (_v, row) => actions(row) },
  ];

  return (
    <>
      <Flex gap={8} wrap justify="space-between" align="start" style={{ marginBottom: 16 }}>
        <Select
          aria-label="Fine status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(next: FineFilters['status']) => onStatus(next)}
          style={{ width: 180 }}
        />
        {staff ? (
          <Button type="primary" onClick={() => setAdding(true)}>
            Add fine
          </Button>
        ) : null}
      </Flex>
      <ListResults query={fines} thing="the fines">
        <DataTable<Fine>
          ariaLabel={staff ? 'Fines' : 'Your fines'}
          rows={fines.data?.rows ?? []}
          totalCount={fines.data?.paging.totalCount ?? 0}
          pageNumber={pageNumber}
          pageSize={FINE_PAGE_SIZE}
          pageSizeOptions={[FINE_PAGE_SIZE]}
          loading={fines.isFetching}
          columns={columns}
          rowKey="id"
          emptyText={staff ? 'No fines match these filters.' : 'You have no fines.'}
          onPageChange={(next) => onPage(next)}
        />
      </ListResults>
      {staff && adding ? <AddFineModal providerId={providerId} onClose={() => setAdding(false)} /> : null}
      {noting ? (
        <FineNoteModal fine={noting.fine} action={noting.action} onClose={() => setNoting(null)} />
      ) : null}
    </>
  );
}
