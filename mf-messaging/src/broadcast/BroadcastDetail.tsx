// `?id=`: one broadcast's figures and its recipients (paged, status filter in the URL), read again every 2 s while
// it is Queued or Sending.
import {
  BROADCAST_RECIPIENT_STATUSES,
  type Broadcast,
  type BroadcastRecipient,
} from '@carelane/shared-domain';
import { errorMessage, type UrlValue } from '@carelane/shared-session';
import { AreaLink, type DataTableColumn, ErrorState, ListFilters, ListTable } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Select, Spin, Typography } from 'antd';
import {
  BroadcastProgress,
  BroadcastStatusTag,
  ChannelTags,
  credentialStateLabel,
  RecipientStatusTag,
} from './broadcast-cells';
import { Moment } from '../common/Moment';
import { broadcastQueries, isActive, type BroadcastUrl } from './broadcast-queries';

type SetUrl = (update: Partial<Record<keyof BroadcastUrl, UrlValue>>) => void;
type RecipientRow = BroadcastRecipient & { id: number };

const recipientColumns: DataTableColumn<RecipientRow>[] = [
  {
    title: 'Clinician',
    key: 'name',
    primary: true,
    render: (_v, r) => <AreaLink to={`/provider?providerId=${r.providerId}`}>{r.name}</AreaLink>,
  },
  {
    title: 'Credential state',
    key: 'credentialState',
    render: (_v, r) => credentialStateLabel(r.credentialState),
  },
  { title: 'Status', key: 'status', render: (_v, r) => <RecipientStatusTag status={r.status} /> },
  { title: 'Reached by', key: 'channels', render: (_v, r) => <ChannelTags channels={r.channels} /> },
  { title: 'Reason', key: 'reason', render: (_v, r) => r.reason ?? '—' },
];

const statusOptions = [
  { value: 'All', label: 'All statuses' },
  ...BROADCAST_RECIPIENT_STATUSES.map((status) => ({ value: status, label: status })),
];

function BroadcastFigures({ broadcast }: { broadcast: Broadcast }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      aria-label="Broadcast figures"
      items={[
        {
          key: 'e',
          label: 'Service request',
          children: <AreaLink to={`/episode?id=${broadcast.episodeId}`}>{broadcast.episodeTitle}</AreaLink>,
        },
        { key: 'v', label: 'Visits', children: broadcast.visitIds.map((id) => `#${id}`).join(', ') },
        { key: 'c', label: 'Sent at', children: <Moment at={broadcast.createdAt} /> },
        { key: 'b', label: 'By', children: broadcast.createdByName ?? '—' },
        { key: 's', label: 'Status', children: <BroadcastStatusTag status={broadcast.status} /> },
        { key: 'p', label: 'Progress', children: <BroadcastProgress broadcast={broadcast} /> },
        {
          key: 'f',
          label: 'Finished at',
          children: broadcast.finishedAt ? <Moment at={broadcast.finishedAt} /> : '—',
        },
      ]}
    />
  );
}

function Recipients({ broadcast, url, setUrl }: { broadcast: Broadcast; url: BroadcastUrl; setUrl: SetUrl }) {
  const filters = { status: url.status, pageNumber: url.rPage, pageSize: url.rPageSize };
  const recipients = useQuery(broadcastQueries.recipients(broadcast.id, filters, isActive(broadcast)));
  const data = recipients.data && {
    ...recipients.data,
    rows: recipients.data.rows.map((r) => ({ ...r, id: r.providerId })),
  };
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
        Recipients
      </Typography.Title>
      <ListFilters label="Recipient filters">
        <Select
          aria-label="Recipient status"
          value={url.status ?? 'All'}
          options={statusOptions}
          onChange={(status: string) => setUrl({ status: status === 'All' ? null : status, rPage: null })}
          style={{ width: 160 }}
        />
      </ListFilters>
      <ListTable<RecipientRow>
        query={{ ...recipients, data }}
        thing="the recipients"
        label="Recipients"
        columns={recipientColumns}
        emptyText={url.status ? 'No recipient has this status.' : 'No recipients.'}
        filters={{ pageNumber: url.rPage, pageSize: url.rPageSize }}
        setFilters={({ pageNumber, pageSize }) => setUrl({ rPage: pageNumber, rPageSize: pageSize })}
      />
    </Flex>
  );
}

export function BroadcastDetail({ id, url, setUrl }: { id: number; url: BroadcastUrl; setUrl: SetUrl }) {
  const broadcast = useQuery(broadcastQueries.one(id));
  const back = (
    <div>
      <Button onClick={() => setUrl({ id: null, status: null, rPage: null, rPageSize: null })}>
        All broadcasts
      </Button>
    </div>
  );
  if (broadcast.isError)
    return (
      <Flex vertical gap={16}>
        {back}
        <ErrorState
          message={errorMessage(broadcast.error, 'the broadcast', 'loaded')}
          onRetry={() => void broadcast.refetch()}
        />
      </Flex>
    );
  if (!broadcast.data)
    return (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin aria-label="Loading the broadcast" />
      </Flex>
    );
  return (
    <Flex vertical gap={16}>
      {back}
      <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
        Broadcast {broadcast.data.id}
      </Typography.Title>
      <BroadcastFigures broadcast={broadcast.data} />
      <Recipients broadcast={broadcast.data} url={url} setUrl={setUrl} />
    </Flex>
  );
}
