// /pendingAdjustmentReport (issue 13): the adjustments saved but not applied yet, every one (no date filter: a
// pending adjustment is work to finish). Filter in the URL: kind. "New adjustment" saves one; "Apply" applies
// one after confirming ('Adjustment applied.'; a receivable credit more than the invoice's balance is refused
// with the server's reason). "Export CSV" writes every pending adjustment of the filter.
import { formatCents, type Adjustment } from '@carelane/shared-domain';
import { publishErrorToast, publishToast, useUrlState } from '@carelane/shared-session';
import {
  DataTable,
  failureText,
  listFilterFields,
  ListResults,
  PageFrame,
  VISUALLY_HIDDEN,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Select } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { adjustmentColumns } from './adjustment-columns';
import { adjustmentCalls, adjustmentQueries, refreshAdjustments } from './adjustment-queries';
import { ExportAdjustmentsButton, KIND_OPTIONS, kindFilter } from './AdjustmentReportPage';
import { NewAdjustmentModal } from './NewAdjustmentModal';

const filtersSchema = z.object({
  pageNumber: listFilterFields.pageNumber,
  pageSize: listFilterFields.pageSize,
  kind: kindFilter,
});

const subjectOf = (row: Adjustment) =>
  row.kind === 'receivable' ? (row.invoiceNumber ?? 'the invoice') : (row.clinicianName ?? 'the clinician');

export default function PendingAdjustmentsPage() {
  const { modal } = App.useApp();
  const [filters, setFilters] = useUrlState(filtersSchema);
  const listFilters = { status: 'Pending' as const, kind: filters.kind };
  const list = useQuery(
    adjustmentQueries.list({ ...listFilters, pageNumber: filters.pageNumber, pageSize: filters.pageSize }),
  );
  const [creating, setCreating] = useState(false);
  const [applying, setApplying] = useState<number | null>(null);

  const confirmApply = (row: Adjustment) =>
    modal.confirm({
      title: 'Apply this adjustment?',
      content:
        row.kind === 'receivable'
          ? `${formatCents(row.amountCents)} is credited to ${subjectOf(row)}${row.organizationName ? ` of ${row.organizationName}` : ''}. An applied adjustment is never changed: a wrong one is answered by another.`
          : `${formatCents(row.amountCents)} goes to ${subjectOf(row)}'s next export. An applied adjustment is never changed: a wrong one is answered by another.`,
      okText: 'Apply',
      onOk: async () => {
        setApplying(row.id);
        try {
          publishToast((await adjustmentCalls.apply(row.id)).message);
        } catch (error) {
          publishErrorToast(
            failureText(error, 'the adjustment', 'applied', { amountCents: 'Amount', id: '' }),
          );
        } finally {
          setApplying(null);
          refreshAdjustments();
        }
      },
    });

  const columns = [
    ...adjustmentColumns({ applied: false }),
    {
      title: 'Actions',
      key: 'actions',
      render: (_v: unknown, row: Adjustment) => (
        <Button size="small" loading={applying === row.id} onClick={() => confirmApply(row)}>
          Apply
          <span
            style={VISUALLY_HIDDEN}
          >{` the adjustment of ${formatCents(row.amountCents)} for ${subjectOf(row)}`}</span>
        </Button>
      ),
    },
  ];

  return (
    <PageFrame
      title="Unapplied adjustments"
      subtitle="Adjustments saved and waiting to be applied"
      actions={
        <Flex gap={8} align="start">
          <ExportAdjustmentsButton filters={listFilters} fileName="unapplied-adjustments" />
          <Button type="primary" onClick={() => setCreating(true)}>
            New adjustment
          </Button>
        </Flex>
      }
    >
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }} data-unsaved-ignore>
        <Select
          aria-label="Kind"
          value={filters.kind}
          options={KIND_OPTIONS}
          onChange={(kind: string) => setFilters({ kind: kind === 'ALL' ? null : kind, pageNumber: null })}
          style={{ width: 240 }}
        />
      </Flex>
      <ListResults query={list} thing="the adjustments">
        <DataTable<Adjustment>
          ariaLabel="Unapplied adjustments"
          rows={list.data?.rows ?? []}
          totalCount={list.data?.paging.totalCount ?? 0}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={list.isFetching}
          columns={columns}
          rowKey="id"
          emptyText="No adjustment is waiting to be applied."
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
        />
      </ListResults>
      {creating ? <NewAdjustmentModal onClose={() => setCreating(false)} /> : null}
    </PageFrame>
  );
}
