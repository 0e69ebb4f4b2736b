// /candidateReport's stages: each stage's count this period and the prior one (each a button opening its
// candidates), the change, the conversion from the stage before and how it is counted; the chart's text
// alternative, sortable, with its CSV.
import { toCsv, type CandidateFigure, type CandidateReport } from '@carelane/shared-domain';
import {
  csvFile,
  DataTable,
  ExportCsvButton,
  type DataTableColumns,
  type SortChange,
} from '@carelane/shared-ui';
import { Button, Flex, Typography } from 'antd';
import { change, count, percentText } from './figures';

type Stage = CandidateReport['stages'][number] & { order: number };
export const STAGE_SORTS = ['order', 'count', 'priorCount', 'conversion'] as const;
const SORTS = STAGE_SORTS;

export function candidateStagesCsv(data: CandidateReport): string {
  return toCsv([
    ['Stage', 'This period', 'Prior period', 'Change', 'Conversion from the stage before (%)', 'How counted'],
    ...data.stages.map((s) => [
      s.label,
      s.count,
      s.priorCount,
      s.count - s.priorCount,
      s.conversion === null ? '' : s.conversion.toFixed(1),
      s.rule,
    ]),
  ]);
}

export function CandidateStagesTable({
  data,
  fetching,
  onOpen,
  sort,
  onSort,
}: {
  data: CandidateReport;
  fetching: boolean;
  onOpen: (figure: CandidateFigure, which: 'current' | 'prior') => void;
  /** The table's sort, kept in the URL (none: the stages' order). */
  sort: SortChange;
  onSort: (sort: SortChange) => void;
}) {
  const rows: Stage[] = data.stages.map((s, order) => ({ ...s, order }));
  const field = (sort?.field ?? 'order') as (typeof SORTS)[number];
  const sign = sort?.order === 'descend' ? -1 : 1;
  rows.sort((a, b) => ((a[field] ?? -1) - (b[field] ?? -1)) * sign || a.order - b.order);
  const sorted = (key: (typeof SORTS)[number]) => ({
    sorter: true,
    sortOrder: sort?.field === key ? sort.order : null,
  });
  const countButton = (row: Stage, which: 'current' | 'prior') => {
    const value = which === 'current' ? row.count : row.priorCount;
    return value > 0 ? (
      <Button
        type="link"
        size="small"
        aria-label={`${value} candidates, ${row.label}, ${which === 'current' ? 'this period' : 'prior period'}`}
        onClick={() => onOpen(row.id, which)}
      >
        {count.format(value)}
      </Button>
    ) : (
      '0'
    );
  };
  const columns: DataTableColumns<Stage> = [
    { title: 'Stage', key: 'order', primary: true, ...sorted('order'), render: (_v, r) => r.label },
    {
      title: 'This period',
      key: 'count',
      align: 'right',
      ...sorted('count'),
      render: (_v, r) => countButton(r, 'current'),
    },
    {
      title: 'Prior period',
      key: 'priorCount',
      align: 'right',
      ...sorted('priorCount'),
      render: (_v, r) => countButton(r, 'prior'),
    },
    { title: 'Change', key: 'change', align: 'right', render: (_v, r) => change(r.count, r.priorCount) },
    {
      title: 'Conversion',
      key: 'conversion',
      align: 'right',
      ...sorted('conversion'),
      render: (_v, r) =>
        r.id === 'expired' ? `${percentText(r.conversion)} of invited` : percentText(r.conversion),
    },
    { title: 'How counted', key: 'rule', dataIndex: 'rule' },
  ];
  return (
    <>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ margin: '16px 0 8px' }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          Stages
        </Typography.Title>
        <ExportCsvButton
          thing="the stages"
          rowNames={{ one: 'stage', many: 'stages' }}
          file={async () => ({
            ...csvFile(candidateStagesCsv(data), `candidates-${data.period.from}-to-${data.period.to}.csv`),
            rows: data.stages.length,
          })}
        />
      </Flex>
      <DataTable<Stage>
        ariaLabel="Candidate stages"
        rows={rows}
        totalCount={rows.length}
        pageNumber={1}
        pageSize={Math.max(rows.length, 10)}
        pageSizeOptions={[Math.max(rows.length, 10)]}
        loading={fetching}
        columns={columns}
        rowKey="id"
        emptyText="No stages."
        onPageChange={() => undefined}
        onSortChange={(next) =>
          onSort(next && (SORTS as readonly string[]).includes(next.field) ? next : null)
        }
      />
    </>
  );
}
