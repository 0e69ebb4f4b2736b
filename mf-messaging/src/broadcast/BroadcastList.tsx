// The broadcasts, newest first and paged in the URL; each row opens its delivery (`?id=`).
import type { Broadcast } from '@carelane/shared-domain';
import type { UrlValue } from '@carelane/shared-session';
import { AreaLink, type DataTableColumn, ListTable, VISUALLY_HIDDEN } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { Moment } from '../common/Moment';
import { BroadcastProgress, BroadcastStatusTag } from './broadcast-cells';
import { broadcastQueries, type BroadcastUrl } from './broadcast-queries';

type SetUrl = (update: Partial<Record<keyof BroadcastUrl, UrlValue>>) => void;

/** A link to the broadcast's delivery on this page (a real address, opened in place). */
export function OpenBroadcast({ broadcast, setUrl }: { broadcast: Broadcast; setUrl: SetUrl }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setUrl({ id: broadcast.id, status: null, rPage: null, rPageSize: null });
  };
  return (
    <a href={`/broadcast?id=${broadcast.id}`} onClick={onClick}>
      <Moment at={broadcast.createdAt} />
      <span style={VISUALLY_HIDDEN}> (open broadcast {broadcast.id})</span>
    </a>
  );
}

function columns(setUrl: SetUrl): DataTableColumn<Broadcast>[] {
  return [
    {
      title: 'Sent at',
      key: 'createdAt',
      primary: true,
      render: (_v, b) => <OpenBroadcast broadcast={b} setUrl={setUrl} />,
    },
    {
      title: 'Service request',
      key: 'episode',
      render: (_v, b) => <AreaLink to={`/episode?id=${b.episodeId}`}>{b.episodeTitle}</AreaLink>,
    },
    { title: 'Visits', key: 'visits', render: (_v, b) => b.visitIds.length },
    { title: 'By', key: 'createdByName', render: (_v, b) => b.createdByName ?? '—' },
    { title: 'Status', key: 'status', render: (_v, b) => <BroadcastStatusTag status={b.status} /> },
    { title: 'Progress', key: 'progress', render: (_v, b) => <BroadcastProgress broadcast={b} /> },
  ];
}

export function BroadcastList({ url, setUrl }: { url: BroadcastUrl; setUrl: SetUrl }) {
  const filters = { pageNumber: url.pageNumber, pageSize: url.pageSize };
  const list = useQuery(broadcastQueries.list(filters));
  return (
    <ListTable<Broadcast>
      query={list}
      thing="the broadcasts"
      label="Broadcasts"
      columns={columns(setUrl)}
      emptyText="No broadcast has been sent yet."
      filters={filters}
      setFilters={setUrl}
    />
  );
}
