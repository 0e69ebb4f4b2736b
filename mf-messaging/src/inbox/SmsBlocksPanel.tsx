// Staff's second tab of the inbox: the clinicians SMS cannot reach (SPEC §5: no answer to 5 recent SMS, or STOP),
// why, and since when.
import type { SmsBlock } from '@carelane/shared-domain';
import { AreaLink, DataTable, type DataTableColumns, ListResults, phoneText } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { Moment } from '../common/Moment';
import { blockReason } from './inbox-cells';
import { inboxQueries } from './inbox-queries';

const columns: DataTableColumns<SmsBlock> = [
  {
    title: 'Clinician',
    key: 'name',
    primary: true,
    render: (_v, block) => <AreaLink to={`/provider?providerId=${block.providerId}`}>{block.name}</AreaLink>,
  },
  { title: 'Phone', key: 'phone', render: (_v, block) => phoneText(block.phoneNumber) },
  {
    title: 'Reason',
    key: 'reason',
    render: (_v, block) => (
      <Tag color={block.reason === 'optedOut' ? 'red' : 'gold'}>{blockReason(block)}</Tag>
    ),
  },
  { title: 'Since', key: 'since', render: (_v, block) => <Moment at={block.since} /> },
];

export function SmsBlocksPanel() {
  const blocks = useQuery(inboxQueries.smsBlocks());
  const rows = blocks.data?.rows ?? [];
  return (
    <ListResults query={blocks} thing="the clinicians SMS cannot reach">
      <DataTable<SmsBlock>
        ariaLabel="Clinicians SMS cannot reach"
        rows={rows}
        totalCount={rows.length}
        pageNumber={1}
        pageSize={Math.max(rows.length, 10)}
        pageSizeOptions={[]}
        loading={blocks.isFetching}
        columns={columns}
        rowKey="providerId"
        emptyText="Everyone can receive text messages."
        onPageChange={() => undefined}
      />
    </ListResults>
  );
}
