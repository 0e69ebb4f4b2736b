// /candidatePageView (issue 26, decision 058): the views of the public candidate pages (recorded without cookies:
// a visitor is a daily hash, counted once a day), per day (the chart, and the days' table as its text
// alternative), per page and per channel (utm_source, else the referrer's host, else direct); the registrations
// of the period and registrations per unique visitor, against the prior period. Every count opens the views,
// visitor-days or clinicians behind it. Filters, sort and the open figure are in the URL.
import {
  CANDIDATE_PAGES,
  REPORT_MAX_DAYS,
  registrationRate,
  toCsv,
  type CandidatePageView,
} from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import {
  csvFile,
  DataTable,
  DateRangeFilter,
  EmptyState,
  ExportCsvButton,
  isoDay,
  ListResults,
  PageFrame,
  rangeOf,
  type DataTableColumns,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select, Skeleton, Typography } from 'antd';
import { showPeriod, urlPeriod } from '../dashboard/dashboard-filters';
import { ReportChart } from '../report-kit/ReportChart';
import { comparedCaption } from '../report-kit/ReportFilters';
import { PageViewChannels } from './PageViewChannels';
import {
  FIGURE_NAMES,
  FIGURES,
  FigureButton,
  pageViewUrlSchema,
  type Figure,
  type PageViewUrl,
  type SetPageViewUrl,
} from './page-view-url';
import { PageViewRecords } from './candidate-records';
import { candidateQueries, type PageViewFigureQuery, type PageViewFilters } from './candidate-queries';
import { change, percentText } from './figures';

type Total = { key: Figure; label: string; now: number; before: number };

function Totals({ data, open }: { data: CandidatePageView; open: (figure: Figure, prior: boolean) => void }) {
  const rows: Total[] = FIGURES.map((key) => ({
    key,
    label: FIGURE_NAMES[key],
    now: data.totals[key],
    before: data.priorTotals[key],
  }));
  const columns: DataTableColumns<Total> = [
    { title: 'Figure', key: 'label', dataIndex: 'label', primary: true },
    {
      title: 'This period',
      key: 'now',
      align: 'right',
      render: (_v, r) => (
        <FigureButton
          value={r.now}
          label={`${r.label.toLowerCase()}, this period`}
          onOpen={() => open(r.key, false)}
        />
      ),
    },
    {
      title: 'Prior period',
      key: 'before',
      align: 'right',
      render: (_v, r) => (
        <FigureButton
          value={r.before}
          label={`${r.label.toLowerCase()}, prior period`}
          onOpen={() => open(r.key, true)}
        />
      ),
    },
    { title: 'Change', key: 'change', align: 'right', render: (_v, r) => change(r.now, r.before) },
  ];
  return (
    <>
      <DataTable<Total>
        ariaLabel="Candidate page totals"
        rows={rows}
        totalCount={rows.length}
        pageNumber={1}
        pageSize={10}
        pageSizeOptions={[10]}
        columns={columns}
        rowKey="key"
        onPageChange={() => undefined}
      />
      <Typography.Paragraph style={{ marginTop: 8 }}>
        Registrations per unique visitor: {percentText(data.totals.registrationRate)} (prior{' '}
        {percentText(registrationRate(data.priorTotals.registrations, data.priorTotals.visitors))}).
      </Typography.Paragraph>
    </>
  );
}

type Day = CandidatePageView['days'][number];

export function pageViewDaysCsv(data: CandidatePageView): string {
  return toCsv([['Day', 'Views', 'Unique visitors'], ...data.days.map((d) => [d.day, d.views, d.visitors])]);
}

function Days({ data, setUrl }: { data: CandidatePageView; setUrl: SetPageViewUrl }) {
  const open = (figure: Figure, day: string) =>
    setUrl({ figure, day, channel: null, figurePeriod: null, drillPage: null });
  const columns: DataTableColumns<Day> = [
    { title: 'Day', key: 'day', dataIndex: 'day', primary: true },
    {
      title: 'Views',
      key: 'views',
      align: 'right',
      render: (_v, d) => (
        <FigureButton value={d.views} label={`views, ${d.day}`} onOpen={() => open('views', d.day)} />
      ),
    },
    {
      title: 'Unique visitors',
      key: 'visitors',
      align: 'right',
      render: (_v, d) => (
        <FigureButton
          value={d.visitors}
          label={`unique visitors, ${d.day}`}
          onOpen={() => open('visitors', d.day)}
        />
      ),
    },
  ];
  return (
    <ReportChart
      label={`Views and unique visitors of the candidate pages per day, ${showPeriod(data.period)}: ${data.days
        .map((d) => `${d.day} ${d.views} views, ${d.visitors} visitors`)
        .join('; ')}`}
      categories={data.days.map((d) => d.day.slice(5))}
      series={[
        { name: 'Views', values: data.days.map((d) => d.views) },
        { name: 'Unique visitors', values: data.days.map((d) => d.visitors) },
      ]}
      valueName="Views"
    >
      <Flex justify="space-between" align="center" gap={8} wrap style={{ margin: '16px 0 8px' }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          By day
        </Typography.Title>
        <ExportCsvButton
          thing="the days"
          rowNames={{ one: 'day', many: 'days' }}
          file={async () => ({
            ...csvFile(
              pageViewDaysCsv(data),
              `candidate-page-views-${data.period.from}-to-${data.period.to}.csv`,
            ),
            rows: data.days.length,
          })}
        />
      </Flex>
      <DataTable<Day>
        ariaLabel="Candidate page views by day"
        rows={data.days}
        totalCount={data.days.length}
        pageNumber={1}
        pageSize={Math.max(data.days.length, 10)}
        pageSizeOptions={[Math.max(data.days.length, 10)]}
        columns={columns}
        rowKey="day"
        onPageChange={() => undefined}
      />
    </ReportChart>
  );
}

function drawerTitle(url: PageViewUrl, data: CandidatePageView | undefined): string {
  const period = url.figurePeriod === 'prior' ? data?.prior : data?.period;
  const channel = url.channel
    ? (data?.channels.find((c) => c.channel === url.channel)?.label ?? url.channel)
    : undefined;
  return [
    FIGURE_NAMES[url.figure ?? 'views'],
    url.day,
    channel,
    !url.day && period ? showPeriod(period) : undefined,
  ]
    .filter(Boolean)
    .join(', ');
}

export default function CandidatePageViewPage() {
  const [url, setUrl] = useUrlState(pageViewUrlSchema);
  const { period, prior } = urlPeriod(url);
  const filters: PageViewFilters = { ...period, ...(url.page ? { page: url.page } : {}) };
  const report = useQuery(candidateQueries.pageViews(filters));
  const data = report.data;
  const reset = {
    figure: null,
    figurePeriod: null,
    day: null,
    channel: null,
    drillPage: null,
    channelPage: null,
  };
  const empty =
    data && data.totals.views === 0 && data.priorTotals.views === 0 && data.totals.registrations === 0;
  const drill: PageViewFigureQuery | undefined = url.figure
    ? {
        ...filters,
        figure: url.figure,
        ...(url.figurePeriod === 'prior' ? { period: 'prior' as const } : {}),
        ...(url.day ? { day: url.day } : {}),
        ...(url.channel ? { channel: url.channel } : {}),
      }
    : undefined;

  return (
    <PageFrame title="Candidate page views" subtitle={comparedCaption(period, prior)}>
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }} data-unsaved-ignore>
        <DateRangeFilter
          label="Period"
          value={rangeOf({ startDate: period.from, endDate: period.to })}
          maxDays={REPORT_MAX_DAYS}
          onChange={(range) => setUrl({ from: isoDay(range.start), to: isoDay(range.end), ...reset })}
        />
        <Select<string>
          aria-label="Page"
          placeholder="Every candidate page"
          allowClear
          value={url.page}
          options={CANDIDATE_PAGES.map((value) => ({ value, label: value }))}
          onChange={(page?: string) => setUrl({ page: page ?? null, ...reset })}
          style={{ width: 200 }}
        />
      </Flex>
      <Typography.Paragraph type="secondary">
        How counted: a view is kept when a public candidate page ({CANDIDATE_PAGES.join(', ')}) opens, without
        cookies or anything that names the visitor. A unique visitor is one browser on one day (Central): the
        same person on two days counts twice. Registrations are the clinicians who made their login in the
        period, from any page. Organization and provider type do not apply.
      </Typography.Paragraph>
      <ListResults query={report} thing="the candidate page views">
        {!data ? (
          <Skeleton active />
        ) : empty ? (
          <EmptyState
            title="No candidate page views in this period"
            description={`No public candidate page was opened and no clinician registered in ${showPeriod(data.period)} or the prior period. Pick a longer period.`}
          />
        ) : (
          <>
            <Totals
              data={data}
              open={(figure, priorPeriod) =>
                setUrl({ ...reset, figure, figurePeriod: priorPeriod ? 'prior' : null })
              }
            />
            <Days data={data} setUrl={setUrl} />
            <PageViewChannels data={data} url={url} setUrl={setUrl} />
          </>
        )}
      </ListResults>
      {drill ? (
        <PageViewRecords
          key={JSON.stringify(drill)}
          title={`Candidate pages: ${drawerTitle(url, data)}`}
          query={drill}
          pageNumber={url.drillPage ?? 1}
          onPage={(drillPage) => setUrl({ drillPage })}
          onClose={() => setUrl(reset)}
        />
      ) : null}
    </PageFrame>
  );
}
