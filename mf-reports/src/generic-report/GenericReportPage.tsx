// /genericReport (issue 26, decision 054): staff build a report — a subject, columns, filters and a grouping —
// run it, save it under a name, and read it as a chart with its table (the chart's text alternative), a CSV of
// every row, and for a grouping each group's records in a drawer (as many as its count). The definition and the
// period are in the URL, so a report is a link.
import {
  GENERIC_OPERATOR_LABELS,
  GENERIC_SUBJECT_DEFS,
  GENERIC_SUBJECTS,
  GENERIC_TYPE_OPERATORS,
  checkGenericDefinition,
  genericCellText,
  genericColumn,
  genericRowsSchema,
  genericRunAnswerSchema,
  newGenericDefinition,
  parseDollarsToCents,
  savedReportListSchema,
  savedReportSchema,
  toCsv,
  type GenericFilter,
  type GenericGroups,
  type GenericOperator,
  type GenericReportDefinition,
  type GenericRows,
  type GenericSubject,
} from '@carelane/shared-domain';
import { apiClient, useUrlState } from '@carelane/shared-session';
import {
  csvFile,
  DataTable,
  DateRangeFilter,
  EmptyState,
  ExportCsvButton,
  fetchEveryPage,
  isoDay,
  listFilterFields,
  ListResults,
  PageFrame,
  rangeOf,
  type DataTableColumns,
  type SortChange,
} from '@carelane/shared-ui';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Button, Flex, Input, Popconfirm, Select, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { showPeriod, urlPeriod } from '../dashboard/dashboard-filters';
import { RecordsDrawer } from '../report-kit/RecordsDrawer';
import { ReportChart } from '../report-kit/ReportChart';
import { reportUrlShape } from '../report-kit/ReportFilters';

const BASE = '/api/admin/reports/genericReport';
const THING = 'the report';

export const genericReportUrlSchema = z.object({
  from: reportUrlShape.from.catch(undefined),
  to: reportUrlShape.to.catch(undefined),
  /** The definition as JSON text. */
  def: z.string().max(8000).optional().catch(undefined),
  reportId: z.coerce.number().int().positive().optional().catch(undefined),
  pageNumber: listFilterFields.pageNumber,
  pageSize: listFilterFields.pageSize,
});

/** The URL's definition, if it is one the allow-list takes. */
export function urlDefinition(def: string | undefined): GenericReportDefinition | null {
  if (!def) return null;
  try {
    const checked = checkGenericDefinition(JSON.parse(def));
    return checked.ok ? checked.definition : null;
  } catch {
    return null;
  }
}

type Row = GenericRows['rows'][number];
type Period = { from: string; to: string };

const calls = {
  run: (body: object, signal?: AbortSignal) =>
    apiClient.post(`${BASE}/run`, body, genericRunAnswerSchema, { signal }),
  drill: (body: object, signal?: AbortSignal) =>
    apiClient.post(`${BASE}/drill`, body, genericRowsSchema, { signal }),
  saved: (signal?: AbortSignal) => apiClient.get(`${BASE}/saved`, savedReportListSchema, { signal }),
};

type GenericSort = GenericReportDefinition['sort'];

/** The rows' columns; with `sort`, each header sorts the report by its column (the server sorts every page). */
function rowColumns(answer: GenericRows, sort?: GenericSort): DataTableColumns<Row> {
  return answer.columns.map((c, i) => ({
    key: c.key,
    title: c.type === 'money-cents' ? `${c.label} ($)` : c.label,
    align: c.type === 'number' || c.type === 'money-cents' ? ('right' as const) : undefined,
    primary: i === 0,
    ...(sort === undefined
      ? {}
      : {
          sorter: true,
          sortOrder: sort?.column === c.key ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
        }),
    render: (_: unknown, row: Row) => genericCellText(c.type, row.cells[c.key] ?? null) || '—',
  }));
}

function rowsCsv(answer: { columns: GenericRows['columns'] }, rows: readonly Row[]): string {
  return toCsv([
    answer.columns.map((c) => (c.type === 'money-cents' ? `${c.label} ($)` : c.label)),
    ...rows.map((r) => answer.columns.map((c) => genericCellText(c.type, r.cells[c.key] ?? null))),
  ]);
}

/** Every row (of a group, when one is named) as a CSV file, read page after page. */
function csvOf(body: object, name: string, group?: { value: unknown }) {
  return async (progress: (done: number, total: number) => void, signal: AbortSignal) => {
    let columns: GenericRows['columns'] = [];
    const rows = await fetchEveryPage<Row>(
      async (pageNumber, pageSize) => {
        const page = group
          ? await calls.drill(
              { ...body, group: group.value, pageNumber, pageSize: Math.min(pageSize, 100) },
              signal,
            )
          : ((await calls.run(
              { ...body, pageNumber, pageSize: Math.min(pageSize, 100) },
              signal,
            )) as GenericRows);
        columns = page.columns;
        return page;
      },
      (row) => row.id,
      progress,
    );
    return { ...csvFile(rowsCsv({ columns }, rows), name), rows: rows.length };
  };
}

function FilterRow({
  subject,
  filter,
  index,
  onChange,
  onRemove,
}: {
  subject: GenericSubject;
  filter: GenericFilter;
  index: number;
  onChange: (next: GenericFilter) => void;
  onRemove: () => void;
}) {
  const column = genericColumn(subject, filter.column);
  const ops = column ? GENERIC_TYPE_OPERATORS[column.type] : [];
  const n = index + 1;
  const needsValue = filter.op !== 'isEmpty' && filter.op !== 'isNotEmpty';
  const money = column?.type === 'money-cents';
  const oneText = (v: unknown) => (money && typeof v === 'number' ? (v / 100).toFixed(2) : String(v));
  const textOf = (v: unknown) =>
    Array.isArray(v) ? v.map(oneText).join(', ') : v === undefined || v === null ? '' : oneText(v);
  // What the user typed stays as typed; the definition gets numbers (dollars as whole cents) where they read.
  const [typed, setTyped] = useState(() => textOf(filter.value));
  const valueOf = (text: string): GenericFilter['value'] => {
    const one = (t: string) =>
      money
        ? (parseDollarsToCents(t) ?? t.trim())
        : column?.type === 'number'
          ? t.trim() === ''
            ? t
            : Number.isFinite(Number(t))
              ? Number(t)
              : t
          : t.trim();
    if (filter.op === 'in' || filter.op === 'between') return text.split(',').map(one);
    return one(text);
  };
  return (
    <Flex gap={8} wrap align="center" role="group" aria-label={`Filter ${n}`}>
      <Select
        aria-label={`Filter ${n} column`}
        value={filter.column}
        style={{ width: 200 }}
        options={GENERIC_SUBJECT_DEFS[subject].columns.map((c) => ({ value: c.key, label: c.label }))}
        onChange={(key: string) => {
          const next = genericColumn(subject, key)!;
          onChange({ column: key, op: GENERIC_TYPE_OPERATORS[next.type][0]!, value: undefined });
        }}
      />
      <Select<GenericOperator>
        aria-label={`Filter ${n} operator`}
        value={filter.op}
        style={{ width: 160 }}
        options={ops.map((op) => ({ value: op, label: GENERIC_OPERATOR_LABELS[op] }))}
        onChange={(op) => onChange({ ...filter, op, value: undefined })}
      />
      {needsValue ? (
        <Input
          aria-label={`Filter ${n} value`}
          placeholder={
            filter.op === 'between'
              ? 'from, to'
              : filter.op === 'in'
                ? 'values, comma separated'
                : money
                  ? 'dollars, e.g. 125.00'
                  : 'value'
          }
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            onChange({ ...filter, value: valueOf(e.target.value) });
          }}
          style={{ width: 220 }}
        />
      ) : null}
      <Button onClick={onRemove} aria-label={`Remove filter ${n}`}>
        Remove
      </Button>
    </Flex>
  );
}

export default function GenericReportPage() {
  const [url, setUrl] = useUrlState(genericReportUrlSchema);
  const { period } = urlPeriod(url);
  const asked = urlDefinition(url.def);
  const [draft, setDraft] = useState<GenericReportDefinition>(asked ?? newGenericDefinition('visits'));
  const [problem, setProblem] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [group, setGroup] = useState<{ value: string | number | null; count: number } | null>(null);
  const client = useQueryClient();
  useSavedReportOfUrl(
    url,
    (definition) => {
      setDraft(definition);
      setUrl({ def: JSON.stringify(definition) }, { replace: true });
    },
    setProblem,
  );
  const subjectDef = GENERIC_SUBJECT_DEFS[draft.subject];
  const body = asked ? { definition: asked, from: period.from, to: period.to } : null;

  const result = useQuery({
    queryKey: ['genericReport', body, url.pageNumber, url.pageSize],
    queryFn: ({ signal }) =>
      calls.run({ ...body, pageNumber: url.pageNumber, pageSize: url.pageSize }, signal),
    enabled: body !== null,
    placeholderData: (previous) => previous,
  });
  const save = useMutation({
    mutationFn: () => apiClient.post(`${BASE}/saved`, { name, definition: draft }, savedReportSchema),
    onSuccess: (report) => {
      void client.invalidateQueries({ queryKey: ['genericReport', 'saved'] });
      setUrl({ reportId: report.id });
    },
  });

  const runDraft = () => {
    const checked = checkGenericDefinition(draft);
    if (!checked.ok) {
      setProblem(`${checked.field}: ${checked.message}`);
      return;
    }
    setProblem(null);
    setGroup(null);
    setUrl({ def: JSON.stringify(checked.definition), pageNumber: null });
  };
  const setFilters = (filters: GenericFilter[]) => setDraft({ ...draft, filters });
  const noun = GENERIC_SUBJECT_DEFS[asked?.subject ?? draft.subject].noun;

  return (
    <PageFrame
      title="Report builder"
      subtitle={
        subjectDef.periodColumn ? `${showPeriod(period)}` : 'The period does not apply to this subject'
      }
    >
      <section aria-label="Report definition" data-unsaved-ignore>
        <Flex gap={8} wrap align="start" style={{ marginBottom: 12 }}>
          <DateRangeFilter
            label="Period"
            value={rangeOf({ startDate: period.from, endDate: period.to })}
            maxDays={366}
            onChange={(range) =>
              setUrl({ from: isoDay(range.start), to: isoDay(range.end), pageNumber: null })
            }
          />
          <DefinitionFields draft={draft} onChange={setDraft} />
        </Flex>
        <Flex vertical gap={8} style={{ marginBottom: 12 }}>
          {draft.filters.map((f, i) => (
            <FilterRow
              key={`${i}-${f.column}-${f.op}`}
              subject={draft.subject}
              filter={f}
              index={i}
              onChange={(next) => setFilters(draft.filters.map((old, j) => (j === i ? next : old)))}
              onRemove={() => setFilters(draft.filters.filter((_, j) => j !== i))}
            />
          ))}
          <Flex gap={8} wrap>
            <Button
              onClick={() => {
                const first = subjectDef.columns[0]!;
                setFilters([
                  ...draft.filters,
                  { column: first.key, op: GENERIC_TYPE_OPERATORS[first.type][0]! },
                ]);
              }}
            >
              Add filter
            </Button>
            <Button type="primary" onClick={runDraft}>
              Run
            </Button>
            <Input
              aria-label="Report name"
              placeholder="Name"
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
              style={{ width: 200 }}
            />
            <Button disabled={!name.trim()} loading={save.isPending} onClick={() => save.mutate()}>
              Save as…
            </Button>
          </Flex>
          {problem ? (
            <Typography.Text type="danger" role="alert">
              {problem}
            </Typography.Text>
          ) : null}
          {save.isError ? (
            <Typography.Text type="danger" role="alert">
              The report could not be saved: {(save.error as Error).message}
            </Typography.Text>
          ) : null}
        </Flex>
        <SavedReports
          onOpen={(definition, id) => {
            setDraft(definition);
            setGroup(null);
            setUrl({ def: JSON.stringify(definition), reportId: id, pageNumber: null });
          }}
          onProblem={setProblem}
        />
      </section>
      <ReportResults
        body={body}
        result={result}
        noun={noun}
        page={{ pageNumber: url.pageNumber, pageSize: url.pageSize }}
        onPage={(pageNumber, pageSize) => setUrl({ pageNumber, pageSize })}
        onSort={(sort) => {
          const definition = { ...body!.definition, sort };
          setDraft(definition);
          setUrl({ def: JSON.stringify(definition), pageNumber: null });
        }}
        onDrill={setGroup}
      />
      {group && body ? (
        <GroupDrawer body={body} group={group} noun={noun} onClose={() => setGroup(null)} />
      ) : null}
    </PageFrame>
  );
}

type RunBody = { definition: GenericReportDefinition; from: string; to: string };

/** What a run answered: its groups or its rows; before any run, how to start. */
function ReportResults({
  body,
  result,
  noun,
  page,
  onPage,
  onSort,
  onDrill,
}: {
  body: RunBody | null;
  result: UseQueryResult<GenericRows | GenericGroups>;
  noun: { one: string; many: string };
  page: { pageNumber: number; pageSize: number };
  onPage: (pageNumber: number, pageSize: number) => void;
  onSort: (sort: GenericSort) => void;
  onDrill: (group: { value: string | number | null; count: number }) => void;
}) {
  if (!body)
    return (
      <EmptyState title="No report run yet" description="Pick a subject, columns and filters, then Run." />
    );
  const answer = result.data;
  return (
    <ListResults query={result} thing={THING}>
      {!answer ? (
        <Skeleton active />
      ) : answer.kind === 'groups' ? (
        <GroupsView answer={answer} body={body} noun={noun} onDrill={onDrill} />
      ) : (
        <RowsView
          answer={answer}
          body={body}
          onSort={onSort}
          noun={noun}
          page={page}
          loading={result.isFetching}
          onPage={onPage}
        />
      )}
    </ListResults>
  );
}

/** A definition's rows: how many, a page of them, the CSV of every one; or why there are none. */
function RowsView({
  answer,
  body,
  noun,
  page,
  loading,
  onPage,
  onSort,
}: {
  answer: GenericRows;
  body: { definition: GenericReportDefinition; from: string; to: string };
  noun: { one: string; many: string };
  page: { pageNumber: number; pageSize: number };
  loading: boolean;
  onPage: (pageNumber: number, pageSize: number) => void;
  onSort: (sort: GenericSort) => void;
}) {
  if (answer.paging.totalCount === 0)
    return (
      <EmptyState
        title={`No ${noun.many} match this report`}
        description={
          answer.period
            ? `None in ${showPeriod(answer.period)} meets the filters. Widen the period or remove a filter.`
            : 'None meets the filters. Remove a filter to see more.'
        }
      />
    );
  return (
    <>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ margin: '16px 0 8px' }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {answer.paging.totalCount} {answer.paging.totalCount === 1 ? noun.one : noun.many}
        </Typography.Title>
        <ExportCsvButton
          thing={THING}
          rowNames={noun}
          file={csvOf(body, `report-${body.definition.subject}-${body.from}-to-${body.to}.csv`)}
        />
      </Flex>
      <DataTable<Row>
        ariaLabel={`Report of ${noun.many}`}
        rows={answer.rows}
        totalCount={answer.paging.totalCount}
        pageNumber={page.pageNumber}
        pageSize={page.pageSize}
        loading={loading}
        columns={rowColumns(answer, body.definition.sort ?? null)}
        rowKey="id"
        emptyText={`No ${noun.many} on this page.`}
        onPageChange={onPage}
        onSortChange={(next: SortChange) =>
          onSort(next ? { column: next.field, order: next.order === 'ascend' ? 'asc' : 'desc' } : null)
        }
      />
    </>
  );
}

/** The subject, the columns and the grouping of a definition being built. */
function DefinitionFields({
  draft,
  onChange,
}: {
  draft: GenericReportDefinition;
  onChange: (next: GenericReportDefinition) => void;
}) {
  const subjectDef = GENERIC_SUBJECT_DEFS[draft.subject];
  const setDraft = onChange;
  return (
    <>
      <Select<GenericSubject>
        aria-label="Subject"
        value={draft.subject}
        style={{ width: 180 }}
        options={GENERIC_SUBJECTS.map((s) => ({ value: s, label: GENERIC_SUBJECT_DEFS[s].label }))}
        onChange={(subject) => setDraft(newGenericDefinition(subject))}
      />
      <Select<string[]>
        aria-label="Columns"
        mode="multiple"
        value={draft.columns}
        style={{ minWidth: 320 }}
        options={subjectDef.columns.map((c) => ({ value: c.key, label: c.label }))}
        onChange={(columns) => setDraft({ ...draft, columns })}
      />
      <Select<string>
        aria-label="Group by"
        placeholder="No grouping"
        allowClear
        value={draft.groupBy ?? undefined}
        style={{ width: 200 }}
        options={subjectDef.columns.filter((c) => c.groupable).map((c) => ({ value: c.key, label: c.label }))}
        onChange={(groupBy?: string) => setDraft({ ...draft, groupBy: groupBy ?? null })}
      />
    </>
  );
}

/** The records behind one group, a page at a time, with their CSV. */
function GroupDrawer({
  body,
  group,
  noun,
  onClose,
}: {
  body: { definition: GenericReportDefinition; from: string; to: string };
  group: { value: string | number | null; count: number };
  noun: { one: string; many: string };
  onClose: () => void;
}) {
  const [drillPage, setDrillPage] = useState(1);
  const drill = useQuery({
    queryKey: ['genericReport', 'drill', body, group.value, drillPage],
    queryFn: ({ signal }) =>
      calls.drill({ ...body, group: group.value, pageNumber: drillPage, pageSize: 10 }, signal),
  });
  const groupBy = genericColumn(body.definition.subject, body.definition.groupBy ?? '');
  return (
    <RecordsDrawer<Row>
      title={`${noun.many}: ${groupBy?.label ?? ''} ${group.value ?? '(empty)'}`}
      noun={noun}
      query={drill}
      rows={drill.data?.rows ?? []}
      total={drill.data?.paging.totalCount ?? group.count}
      columns={drill.data ? rowColumns(drill.data) : []}
      pageNumber={drillPage}
      pageSize={10}
      onPage={setDrillPage}
      onClose={onClose}
      exportFile={csvOf(body, `report-${body.definition.subject}-group.csv`, group)}
    />
  );
}

const savedQuery = () => ({
  queryKey: ['genericReport', 'saved'],
  queryFn: ({ signal }: { signal?: AbortSignal }) => calls.saved(signal),
});

/** A link with a saved report's id and no definition (a shared or bookmarked report): opens that report. */
function useSavedReportOfUrl(
  url: { def?: string; reportId?: number },
  onFound: (definition: GenericReportDefinition) => void,
  onProblem: (problem: string) => void,
) {
  const wanted = url.reportId !== undefined && !url.def;
  const saved = useQuery({ ...savedQuery(), enabled: wanted });
  const found = wanted ? saved.data?.rows.find((r) => r.id === url.reportId) : undefined;
  const missing = wanted && saved.data !== undefined && found === undefined;
  useEffect(() => {
    if (found) {
      const checked = checkGenericDefinition(found.definition);
      if (checked.ok) onFound(checked.definition);
      else onProblem(`${checked.field}: ${checked.message}`);
    } else if (missing) onProblem('reportId: no saved report of yours has this id');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per saved report found
  }, [found?.id, missing]);
}

/** The caller's saved reports: each opens its definition; deleting one asks first. */
function SavedReports({
  onOpen,
  onProblem,
}: {
  onOpen: (definition: GenericReportDefinition, id: number) => void;
  onProblem: (problem: string) => void;
}) {
  const client = useQueryClient();
  const saved = useQuery(savedQuery());
  const remove = useMutation({
    mutationFn: (id: number) => apiClient.delete(`${BASE}/saved/${id}`, z.object({ id: z.number() })),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['genericReport', 'saved'] }),
  });
  return (
    <section aria-label="Saved reports">
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        Saved reports
      </Typography.Title>
      {saved.data?.rows.length ? (
        <ul>
          {saved.data.rows.map((r) => (
            <li key={r.id}>
              <Button
                type="link"
                onClick={() => {
                  const checked = checkGenericDefinition(r.definition);
                  if (checked.ok) onOpen(checked.definition, r.id);
                  else onProblem(`${checked.field}: ${checked.message}`);
                }}
              >
                {r.name}
              </Button>
              <Popconfirm
                title={`Delete the saved report ${r.name}?`}
                okText="Delete"
                onConfirm={() => remove.mutate(r.id)}
              >
                <Button size="small" danger aria-label={`Delete ${r.name}`}>
                  Delete
                </Button>
              </Popconfirm>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">No saved reports yet.</Typography.Text>
      )}
    </section>
  );
}

type GroupRow = GenericGroups['groups'][number] & { id: string };

function GroupsView({
  answer,
  body,
  noun,
  onDrill,
}: {
  answer: GenericGroups;
  body: { definition: GenericReportDefinition; from: string; to: string };
  noun: { one: string; many: string };
  onDrill: (group: { value: string | number | null; count: number }) => void;
}) {
  const [page, setPage] = useState(1);
  if (answer.total === 0)
    return (
      <EmptyState
        title={`No ${noun.many} to group`}
        description={
          answer.period
            ? `None in ${showPeriod(answer.period as Period)} meets the filters. Widen the period or remove a filter.`
            : 'None meets the filters. Remove a filter to see more.'
        }
      />
    );
  const label = (v: string | number | null) =>
    v === null ? '(empty)' : genericCellText(answer.groupBy.type, v) || '(empty)';
  const rows: GroupRow[] = answer.groups.map((g) => ({ ...g, id: String(g.value) }));
  const shown = rows.slice(0, 30);
  const columns: DataTableColumns<GroupRow> = [
    {
      key: 'value',
      title: answer.groupBy.label,
      primary: true,
      render: (_: unknown, g: GroupRow) => label(g.value),
    },
    {
      key: 'count',
      title: `${noun.many[0]!.toUpperCase()}${noun.many.slice(1)}`,
      align: 'right',
      render: (_: unknown, g: GroupRow) => (
        <Button
          type="link"
          onClick={() => onDrill(g)}
          aria-label={`${g.count} ${g.count === 1 ? noun.one : noun.many}, ${label(g.value)}`}
        >
          {g.count}
        </Button>
      ),
    },
  ];
  return (
    <>
      <ReportChart
        label={`${noun.many} by ${answer.groupBy.label}: ${shown.map((g) => `${label(g.value)} ${g.count}`).join(', ')}`}
        categories={shown.map((g) => label(g.value))}
        series={[{ name: `${noun.many}`, values: shown.map((g) => g.count) }]}
        valueName={`${noun.many}`}
        horizontal
        height={Math.max(200, shown.length * 32)}
      />
      <Flex justify="space-between" align="center" gap={8} wrap style={{ margin: '16px 0 8px' }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {answer.total} {noun.many} by {answer.groupBy.label}
          {answer.truncated ? ' (the largest groups shown)' : ''}
        </Typography.Title>
        <ExportCsvButton
          thing={THING}
          rowNames={{ one: 'group', many: 'groups' }}
          file={async () => {
            const text = toCsv([
              [answer.groupBy.label, 'Count'],
              ...rows.map((g) => [label(g.value), g.count]),
            ]);
            return { ...csvFile(text, `report-${body.definition.subject}-groups.csv`), rows: rows.length };
          }}
        />
      </Flex>
      <DataTable<GroupRow>
        ariaLabel={`${noun.many} by ${answer.groupBy.label}`}
        rows={rows.slice((page - 1) * 10, page * 10)}
        totalCount={rows.length}
        pageNumber={page}
        pageSize={10}
        pageSizeOptions={[10]}
        columns={columns}
        rowKey="id"
        emptyText="No groups."
        onPageChange={(next) => setPage(next)}
      />
    </>
  );
}
