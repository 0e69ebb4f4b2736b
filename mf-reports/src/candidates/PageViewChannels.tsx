// /candidatePageView's pages and channels (utm_source, else the referrer's host, else direct): views and unique
// visitors each, every count opening its views; sortable, paged, with the channels' CSV.
import { toCsv, type CandidatePageView } from '@carelane/shared-domain';
import {
  csvFile,
  DataTable,
  ExportCsvButton,
  type DataTableColumns,
  type SortChange,
} from '@carelane/shared-ui';
import { Flex, Typography } from 'antd';
import { FigureButton, type PageViewUrl, type SetPageViewUrl } from './page-view-url';

type Channel = CandidatePageView['channels'][number];
type Page = CandidatePageView['pages'][number];
const PAGE_SIZE = 10;
const SORTS = ['label', 'views', 'visitors', 'withInvitation'] as const;

export function pageViewChannelsCsv(rows: readonly Channel[]): string {
  return toCsv([
    ['Channel', 'Views', 'Unique visitors', 'Views with an invitation'],
    ...rows.map((c) => [c.label, c.views, c.visitors, c.withInvitation]),
  ]);
}

function sortedChannels(rows: readonly Channel[], url: PageViewUrl): Channel[] {
  const field = url.sort;
  if (!field) return [...rows];
  const sign = url.order === 'descend' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const c = field === 'label' ? a.label.localeCompare(b.label) : a[field] - b[field];
    return c * sign || a.channel.localeCompare(b.channel);
  });
}

export function PageViewChannels({
  data,
  url,
  setUrl,
}: {
  data: CandidatePageView;
  url: PageViewUrl;
  setUrl: SetPageViewUrl;
}) {
  const rows = sortedChannels(data.channels, url);
  const pageNumber = url.channelPage ?? 1;
  const open = (figure: 'views' | 'visitors', channel: string) =>
    setUrl({ figure, channel, day: null, figurePeriod: null, drillPage: null });
  const sorted = (key: (typeof SORTS)[number]) => ({
    sorter: true,
    sortOrder: url.sort === key ? (url.order ?? 'ascend') : null,
  });
  const columns: DataTableColumns<Channel> = [
    { title: 'Channel', key: 'label', dataIndex: 'label', primary: true, ...sorted('label') },
    {
      title: 'Views',
      key: 'views',
      align: 'right',
      ...sorted('views'),
      render: (_v, c) => (
        <FigureButton value={c.views} label={`views, ${c.label}`} onOpen={() => open('views', c.channel)} />
      ),
    },
    {
      title: 'Unique visitors',
      key: 'visitors',
      align: 'right',
      ...sorted('visitors'),
      render: (_v, c) => (
        <FigureButton
          value={c.visitors}
          label={`unique visitors, ${c.label}`}
          onOpen={() => open('visitors', c.channel)}
        />
      ),
    },
    {
      title: 'With an invitation',
      key: 'withInvitation',
      align: 'right',
      ...sorted('withInvitation'),
      render: (_v, c) => c.withInvitation,
    },
  ];
  const pageColumns: DataTableColumns<Page> = [
    { title: 'Page', key: 'page', dataIndex: 'page', primary: true },
    { title: 'Views', key: 'views', dataIndex: 'views', align: 'right' },
    { title: 'Unique visitors', key: 'visitors', dataIndex: 'visitors', align: 'right' },
    { title: 'With an invitation', key: 'withInvitation', dataIndex: 'withInvitation', align: 'right' },
  ];
  return (
    <>
      <Typography.Title level={2} style={{ margin: '16px 0 8px', fontSize: 18 }}>
        By page
      </Typography.Title>
      <DataTable<Page>
        ariaLabel="Candidate page views by page"
        rows={data.pages}
        totalCount={data.pages.length}
        pageNumber={1}
        pageSize={10}
        pageSizeOptions={[10]}
        columns={pageColumns}
        rowKey="page"
        emptyText="No views this period."
        onPageChange={() => undefined}
      />
      <Flex justify="space-between" align="center" gap={8} wrap style={{ margin: '16px 0 8px' }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          By channel (utm_source or referrer)
        </Typography.Title>
        <ExportCsvButton
          thing="the channels"
          rowNames={{ one: 'channel', many: 'channels' }}
          file={async () => ({
            ...csvFile(
              pageViewChannelsCsv(rows),
              `candidate-page-channels-${data.period.from}-to-${data.period.to}.csv`,
            ),
            rows: rows.length,
          })}
        />
      </Flex>
      <DataTable<Channel>
        ariaLabel="Candidate page views by channel"
        rows={rows.slice((pageNumber - 1) * PAGE_SIZE, pageNumber * PAGE_SIZE)}
        totalCount={rows.length}
        pageNumber={pageNumber}
        pageSize={PAGE_SIZE}
        pageSizeOptions={[PAGE_SIZE]}
        columns={columns}
        rowKey="channel"
        emptyText="No views this period."
        onPageChange={(channelPage) => setUrl({ channelPage })}
        onSortChange={(next: SortChange) =>
          setUrl(
            next && (SORTS as readonly string[]).includes(next.field)
              ? { sort: next.field, order: next.order, channelPage: null }
              : { sort: null, order: null, channelPage: null },
          )
        }
      />
    </>
  );
}
