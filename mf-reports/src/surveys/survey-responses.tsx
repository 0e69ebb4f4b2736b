// The answers of a survey as the results pages list them: the columns (table when wide, cards when narrow), the
// CSV of every row, and the drawer listing the answers behind one figure (its total is the figure: the same
// band, value or comment condition the API counted).
import {
  formatDateTime,
  SURVEYS,
  toCsv,
  type ReportPeriod,
  type SurveyResponseRow,
} from '@carelane/shared-domain';
import {
  csvFile,
  DataTable,
  ExportCsvButton,
  listFilterFields,
  ListResults,
  type DataTableColumns,
  type SortChange,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { z } from 'zod';
import { showPeriod } from '../dashboard/dashboard-filters';
import type { ReportFilterValues } from '../report-kit/ReportFilters';
import { RecordsDrawer } from '../report-kit/RecordsDrawer';
import { fetchAllResponses, surveyQueries, type ResponsesTarget } from './survey-queries';

export const RESPONSES_PAGE_SIZE = 10;
const scale = (value: number | null) => (value === null ? '—' : String(value));

const RESPONSE_SORT_FIELDS = ['submittedAt', 'satisfaction', 'recommend'] as const;
export type ResponseSort = { field: (typeof RESPONSE_SORT_FIELDS)[number]; order: 'asc' | 'desc' };

/** A results page's URL fields for its list of answers: the page and the server's sort. */
export const responsesUrlShape = {
  pageNumber: listFilterFields.pageNumber,
  pageSize: listFilterFields.pageSize,
  sort: z.enum(RESPONSE_SORT_FIELDS).optional().catch(undefined),
  order: z.enum(['asc', 'desc']).optional().catch(undefined),
};
type ResponsesUrl = {
  pageNumber: number;
  pageSize: number;
  sort?: ResponseSort['field'];
  order?: ResponseSort['order'];
};

/** The list's sort as the URL holds it (default: the newest answer first). */
export const responseSortOf = (url: ResponsesUrl): ResponseSort => ({
  field: url.sort ?? 'submittedAt',
  order: url.order ?? 'desc',
});

export type ResponsesSectionProps = {
  title: string;
  /** The table's name for screen readers. */
  ariaLabel: string;
  /** What a load failure names ('the comments'). */
  thing: string;
  /** Which answers: the report's filters and the survey or comments asked for. */
  filters: ReportFilterValues & ResponsesTarget;
  url: ResponsesUrl;
  fileName: string;
  emptyText: string;
  /** Writes the list's page and sort to the URL (a cleared one as null). */
  onChange: (update: {
    pageNumber?: number | null;
    pageSize?: number;
    sort?: ResponseSort['field'] | null;
    order?: ResponseSort['order'] | null;
  }) => void;
};

/** A results page's list of answers: its heading, the CSV of every one, and a page of them sorted by the server. */
export function ResponsesSection({
  title,
  ariaLabel,
  thing,
  filters,
  url,
  fileName,
  emptyText,
  onChange,
}: ResponsesSectionProps) {
  const sort = responseSortOf(url);
  const asked = { ...filters, sort: sort.field, order: sort.order };
  const list = useQuery(
    surveyQueries.responses({ ...asked, pageNumber: url.pageNumber, pageSize: url.pageSize }),
  );
  const onSort = (next: SortChange) =>
    onChange(
      next && (RESPONSE_SORT_FIELDS as readonly string[]).includes(next.field)
        ? {
            sort: next.field as ResponseSort['field'],
            order: next.order === 'ascend' ? 'asc' : 'desc',
            pageNumber: null,
          }
        : { sort: null, order: null, pageNumber: null },
    );
  return (
    <>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ margin: '16px 0 8px' }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {title}
        </Typography.Title>
        <ResponsesCsvButton filters={asked} fileName={fileName} />
      </Flex>
      <ListResults query={list} thing={thing}>
        <DataTable
          ariaLabel={ariaLabel}
          rows={list.data?.rows ?? []}
          totalCount={list.data?.paging.totalCount ?? 0}
          pageNumber={url.pageNumber}
          pageSize={url.pageSize}
          loading={list.isFetching}
          columns={responseColumns(sort)}
          rowKey="id"
          emptyText={emptyText}
          onPageChange={(pageNumber, pageSize) => onChange({ pageNumber, pageSize })}
          onSortChange={onSort}
        />
      </ListResults>
    </>
  );
}

export function responseColumns(sort?: ResponseSort): DataTableColumns<SurveyResponseRow> {
  const sortable = (field: ResponseSort['field']) =>
    sort
      ? {
          sorter: true,
          sortOrder:
            sort.field === field ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
        }
      : {};
  return [
    {
      title: 'Answered',
      key: 'submittedAt',
      primary: true,
      render: (_v, row) => formatDateTime(row.submittedAt),
      ...sortable('submittedAt'),
    },
    { title: 'Survey', key: 'survey', render: (_v, row) => SURVEYS[row.survey].title },
    { title: 'Respondent', key: 'respondentName', dataIndex: 'respondentName' },
    {
      title: 'Organization or provider type',
      key: 'group',
      render: (_v, row) => row.organizationName ?? row.providerTypeName ?? '—',
    },
    {
      title: 'Satisfaction (1–5)',
      key: 'satisfaction',
      align: 'right',
      render: (_v, row) => scale(row.satisfaction),
      ...sortable('satisfaction'),
    },
    {
      title: 'Recommend (0–10)',
      key: 'recommend',
      align: 'right',
      render: (_v, row) => scale(row.recommend),
      ...sortable('recommend'),
    },
    { title: 'Comment', key: 'comment', render: (_v, row) => row.comment ?? '' },
  ];
}

/** The answers as CSV text. */
export function responsesCsv(rows: readonly SurveyResponseRow[]): string {
  return toCsv([
    [
      'Answered',
      'Survey',
      'Respondent',
      'Organization',
      'Provider type',
      'Satisfaction',
      'Recommend',
      'Comment',
    ],
    ...rows.map((r) => [
      r.submittedAt,
      SURVEYS[r.survey].title,
      r.respondentName,
      r.organizationName,
      r.providerTypeName,
      r.satisfaction,
      r.recommend,
      r.comment,
    ]),
  ]);
}

/** Every answer of the filters as the CSV file. */
async function responsesFile(
  filters: ReportFilterValues & ResponsesTarget,
  fileName: string,
  progress: (done: number, total: number) => void,
  signal: AbortSignal,
) {
  const rows = await fetchAllResponses(filters, progress, signal);
  return { ...csvFile(responsesCsv(rows), fileName), rows: rows.length };
}

export function ResponsesCsvButton({
  filters,
  fileName,
}: {
  filters: ReportFilterValues & ResponsesTarget;
  fileName: string;
}) {
  return (
    <ExportCsvButton
      thing="the answers"
      rowNames={{ one: 'answer', many: 'answers' }}
      file={(progress, signal) => responsesFile(filters, fileName, progress, signal)}
    />
  );
}

export type ResponsesDrawerProps = {
  title: string;
  filters: ReportFilterValues;
  target: ResponsesTarget;
  period: ReportPeriod;
  pageNumber: number;
  onPage: (pageNumber: number) => void;
  onClose: () => void;
};

/** The answers behind one figure, 10 at a time, every one of them as CSV. */
export function ResponsesDrawer({
  title,
  filters,
  target,
  period,
  pageNumber,
  onPage,
  onClose,
}: ResponsesDrawerProps) {
  const asked = { ...filters, ...target };
  const query = useQuery(surveyQueries.responses({ ...asked, pageNumber, pageSize: RESPONSES_PAGE_SIZE }));
  return (
    <RecordsDrawer<SurveyResponseRow>
      title={`${title}, ${showPeriod(period)}`}
      noun={{ one: 'answer', many: 'answers' }}
      query={query}
      rows={query.data?.rows ?? []}
      total={query.data?.paging.totalCount ?? 0}
      columns={responseColumns()}
      pageNumber={pageNumber}
      pageSize={RESPONSES_PAGE_SIZE}
      onPage={onPage}
      onClose={onClose}
      exportFile={(progress, signal) =>
        responsesFile(asked, `survey-answers-${period.from}-to-${period.to}.csv`, progress, signal)
      }
    />
  );
}
