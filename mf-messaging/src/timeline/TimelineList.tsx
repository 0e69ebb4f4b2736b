// The entries of one timeline, newest first and paged in the URL: a table on a wide screen, cards on a phone (the
// time is each card's title). Each entry shows its kind, title, text, who and, when it has a page, a link there.
import { TIMELINE_KIND_LABELS, type Timeline, type TimelineEntry } from '@carelane/shared-domain';
import type { UrlValue } from '@carelane/shared-session';
import {
  AreaLink,
  DataTable,
  type DataTableColumn,
  ListResults,
  NONE,
  VISUALLY_HIDDEN,
} from '@carelane/shared-ui';
import { Tag, Typography } from 'antd';
import { Moment } from '../common/Moment';
import type { TimelineUrl } from './timeline-queries';

type SetUrl = (update: Partial<Record<keyof TimelineUrl, UrlValue>>) => void;

/** The timeline query, as far as the list needs it. */
type TimelineQuery = {
  data?: Timeline;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
};

const KIND_COLORS: Partial<Record<TimelineEntry['kind'], string>> = {
  callLog: 'blue',
  communicationNote: 'geekblue',
  comment: 'purple',
  task: 'gold',
  incident: 'red',
  access: 'default',
};

function EntryText({ entry }: { entry: TimelineEntry }) {
  return (
    <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      <Typography.Text strong>{entry.title}</Typography.Text>
      {entry.body ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0 0' }}>
          {entry.body}
        </Typography.Paragraph>
      ) : null}
    </div>
  );
}

const columns: DataTableColumn<TimelineEntry>[] = [
  {
    title: 'When',
    key: 'at',
    primary: true,
    width: 170,
    render: (_v, entry) => <Moment at={entry.at} />,
  },
  {
    title: 'Kind',
    key: 'kind',
    width: 150,
    render: (_v, entry) => (
      <Tag color={KIND_COLORS[entry.kind] ?? 'cyan'}>{TIMELINE_KIND_LABELS[entry.kind]}</Tag>
    ),
  },
  { title: 'Entry', key: 'entry', render: (_v, entry) => <EntryText entry={entry} /> },
  { title: 'By', key: 'actorName', width: 160, render: (_v, entry) => entry.actorName ?? NONE },
  {
    title: 'Link',
    key: 'link',
    width: 90,
    render: (_v, entry) =>
      entry.link ? (
        <AreaLink to={entry.link}>
          Open<span style={VISUALLY_HIDDEN}> ({entry.title})</span>
        </AreaLink>
      ) : (
        NONE
      ),
  },
];

export function TimelineList({
  query,
  url,
  setUrl,
  filtered,
}: {
  query: TimelineQuery;
  url: TimelineUrl;
  setUrl: SetUrl;
  filtered: boolean;
}) {
  return (
    <ListResults query={query} thing="the timeline">
      <DataTable<TimelineEntry>
        ariaLabel="Timeline entries"
        rows={query.data?.rows ?? []}
        totalCount={query.data?.paging.totalCount ?? 0}
        pageNumber={url.pageNumber}
        pageSize={url.pageSize}
        loading={query.isFetching}
        columns={columns}
        rowKey="key"
        emptyText={filtered ? 'Nothing matches these filters.' : 'Nothing on this timeline yet.'}
        onPageChange={(pageNumber, pageSize) => setUrl({ pageNumber, pageSize })}
      />
    </ListResults>
  );
}
