// The columns both adjustment reports show: created, kind, whom it adjusts (an invoice, linked to it on
// /invoices, or a clinician), amount, reason, and for applied ones when and by which NACHA file.
import { formatCents, formatDate, formatDateTime, type Adjustment } from '@carelane/shared-domain';
import { AreaLink, NONE } from '@carelane/shared-ui';
import { Flex, Tag, Typography, type TableColumnsType } from 'antd';

export const ADJUSTMENT_KIND_LABELS: Record<Adjustment['kind'], string> = {
  receivable: 'Receivable (invoice credit)',
  payable: 'Payable (clinician pay)',
};

export function adjustmentColumns(options: { applied: boolean }): TableColumnsType<Adjustment> {
  const columns: TableColumnsType<Adjustment> = [
    { title: 'Created', key: 'createdAt', render: (_v, row) => formatDate(row.createdAt) },
    {
      title: 'Kind',
      key: 'kind',
      render: (_v, row) => (
        <Tag color={row.kind === 'receivable' ? 'blue' : 'purple'}>{ADJUSTMENT_KIND_LABELS[row.kind]}</Tag>
      ),
    },
    {
      title: 'Adjusts',
      key: 'subject',
      render: (_v, row) =>
        row.kind === 'receivable' ? (
          <Flex vertical>
            {row.invoiceId !== null && row.invoiceNumber ? (
              <AreaLink to={`/invoices?invoiceId=${row.invoiceId}`}>{row.invoiceNumber}</AreaLink>
            ) : (
              NONE
            )}
            <Typography.Text type="secondary">{row.organizationName ?? ''}</Typography.Text>
          </Flex>
        ) : (
          (row.clinicianName ?? NONE)
        ),
    },
    {
      title: 'Amount',
      key: 'amount',
      align: 'right',
      render: (_v, row) => formatCents(row.amountCents),
    },
    { title: 'Reason', key: 'reason', render: (_v, row) => row.reason },
  ];
  if (!options.applied) return columns;
  return [
    ...columns,
    {
      title: 'Applied',
      key: 'appliedAt',
      render: (_v, row) => (
        <Flex vertical>
          <span>{row.appliedAt ? formatDateTime(row.appliedAt) : NONE}</span>
          {row.nachaFileId !== null ? (
            <Typography.Text type="secondary">{`Paid by NACHA file ${row.nachaFileId}`}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
  ];
}
