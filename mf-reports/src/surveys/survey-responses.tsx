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
  ListResults,
  useFocusReturn,
  type DataTableColumns,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Flex, Typography } from 'antd';
import { showPeriod } from '../dashboard/dashboard-filters';
import type { ReportFilterValues } from '../report-kit/ReportFilters';
import { fetchAllResponses, surveyQueries, type ResponsesTarget } from './survey-queries';

export const RESPONSES_PAGE_SIZE = 10;
const count = new Intl.NumberFormat('en-US');
const scale = (value: number | null) => (value === null ? '—' : String(value));

export type ResponseSort = { field: 'submittedAt' | 'satisfaction' | 'recommend'; order: 'asc' | 'desc' };

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
      file={async (progress, signal) => {
        const rows = await fetchAllResponses(filters, progress, signal);
        return { ...csvFile(responsesCsv(rows), fileName), rows: rows.length };
      }}
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
  useFocusReturn();
  const asked = { ...filters, ...target };
  const query = useQuery(surveyQueries.responses({ ...asked, pageNumber, pageSize: RESPONSES_PAGE_SIZE }));
  const total = query.data?.paging.totalCount ?? 0;
  const heading = `${title}, ${showPeriod(period)}`;
  return (
    <Drawer open onClose={onClose} title={heading} size="min(1100px, 100vw)" destroyOnHidden>
      <Flex justify="space-between" align="start" gap={8} wrap style={{ marginBottom: 12 }}>
        <Typography.Text role="status">
          {query.data ? `${count.format(total)} ${total === 1 ? 'answer' : 'answers'}` : 'Loading…'}
        </Typography.Text>
        <ResponsesCsvButton filters={asked} fileName={`survey-answers-${period.from}-to-${period.to}.csv`} />
      </Flex>
      <ListResults query={query} thing="the answers">
        <DataTable<SurveyResponseRow>
          ariaLabel={heading}
          rows={query.data?.rows ?? []}
          totalCount={total}
          pageNumber={pageNumber}
          pageSize={RESPONSES_PAGE_SIZE}
          pageSizeOptions={[RESPONSES_PAGE_SIZE]}
          loading={query.isFetching}
          columns={responseColumns()}
          rowKey="id"
          emptyText="No answers."
          onPageChange={(next) => onPage(next)}
        />
      </ListResults>
    </Drawer>
  );
}
