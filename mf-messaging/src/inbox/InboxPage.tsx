// `/inbox` (issue 27, docs/decisions/062-sms-email-both-ways.md): the SMS and email that came in, newest first,
// filtered in the URL (status, SPEC §4 Pending by default; channel; search) with the pending count by the title.
// Staff (administrator and the staffing roles) reply on the channel a message came by or mark it handled, and have
// a second tab of the clinicians SMS cannot reach; everyone else reads what they themselves sent, read only.
import type { InboxItem } from '@carelane/shared-domain';
import { useSession, useUrlState } from '@carelane/shared-session';
import { AreaLink, type DataTableColumn, ListTable, PageFrame } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Flex, Tabs } from 'antd';
import { useState } from 'react';
import { MarkHandled, ReplyModal } from './InboxActions';
import { InboxFilters } from './InboxFilters';
import { Moment } from '../common/Moment';
import { CHANNEL_LABELS, MessageText, SenderCell, StatusCell } from './inbox-cells';
import { inboxFiltersSchema, inboxQueries, isInboxStaff } from './inbox-queries';
import { SmsBlocksPanel } from './SmsBlocksPanel';

export const READ_ONLY_NOTE =
  'These are the messages you sent us. The care team answers them; you can follow here whether they are handled.';

function inboxColumns(staff: boolean, onReply: (item: InboxItem) => void): DataTableColumn<InboxItem>[] {
  const columns: DataTableColumn<InboxItem>[] = [
    {
      title: 'Received',
      key: 'receivedAt',
      primary: true,
      render: (_v, item) => <Moment at={item.receivedAt} />,
    },
    { title: 'Sender', key: 'sender', render: (_v, item) => <SenderCell item={item} /> },
    { title: 'Channel', key: 'channel', render: (_v, item) => CHANNEL_LABELS[item.channel] },
    { title: 'Message', key: 'message', render: (_v, item) => <MessageText item={item} /> },
    { title: 'Status', key: 'status', render: (_v, item) => <StatusCell item={item} /> },
    {
      title: 'Conversation',
      key: 'conversation',
      render: (_v, item) =>
        item.topicId !== null ? (
          <AreaLink to={`/messages?topic=${item.topicId}`}>Open conversation</AreaLink>
        ) : (
          '—'
        ),
    },
  ];
  if (!staff) return columns;
  return [
    ...columns,
    {
      title: 'Actions',
      key: 'actions',
      actions: true,
      render: (_v, item) =>
        item.status === 'Pending' ? (
          <Flex gap={4} wrap>
            <Button size="small" type="primary" onClick={() => onReply(item)}>
              Reply
            </Button>
            <MarkHandled item={item} />
          </Flex>
        ) : null,
    },
  ];
}

function MessagesPanel({ staff }: { staff: boolean }) {
  const [filters, setFilters] = useUrlState(inboxFiltersSchema);
  const inbox = useQuery(inboxQueries.list(filters));
  const [replying, setReplying] = useState<InboxItem | null>(null);
  return (
    <>
      {staff ? null : <Alert type="info" showIcon title={READ_ONLY_NOTE} style={{ marginBottom: 16 }} />}
      <InboxFilters filters={filters} setFilters={setFilters} />
      <ListTable<InboxItem>
        query={inbox}
        thing="the inbox"
        label="Inbox messages"
        columns={inboxColumns(staff, setReplying)}
        emptyText={
          filters.status === 'Pending' && !filters.channel && !filters.search
            ? 'Nothing waits for an answer.'
            : 'No messages match these filters.'
        }
        filters={filters}
        setFilters={setFilters}
      />
      {replying ? <ReplyModal item={replying} onClose={() => setReplying(null)} /> : null}
    </>
  );
}

function PendingCount() {
  const [filters] = useUrlState(inboxFiltersSchema);
  const pending = useQuery(inboxQueries.list(filters)).data?.pendingCount;
  if (pending === undefined) return null;
  return (
    <span role="status" style={{ display: 'inline-flex', gap: 8, alignItems: 'center', marginTop: 4 }}>
      <Badge
        aria-hidden
        count={pending}
        showZero
        overflowCount={9999}
        color={pending > 0 ? '#ad4e00' : '#237804'}
      />
      <span>
        {pending === 1 ? '1 message waits for an answer' : `${pending} messages wait for an answer`}
      </span>
    </span>
  );
}

/** `/inbox` */
export default function InboxPage() {
  const session = useSession();
  const staff = isInboxStaff(session?.user.roleId);
  const [{ tab }, setFilters] = useUrlState(inboxFiltersSchema);
  return (
    <PageFrame title="Inbox" subtitle={<PendingCount />}>
      {staff ? (
        <Tabs
          activeKey={tab}
          onChange={(key) => setFilters({ tab: key === 'messages' ? null : key })}
          destroyOnHidden
          items={[
            { key: 'messages', label: 'Messages', children: <MessagesPanel staff /> },
            { key: 'blocks', label: 'Who SMS can’t reach', children: <SmsBlocksPanel /> },
          ]}
        />
      ) : (
        <MessagesPanel staff={false} />
      )}
    </PageFrame>
  );
}
