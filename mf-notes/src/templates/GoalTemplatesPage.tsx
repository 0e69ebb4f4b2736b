// /noteTemplates (issue 12): the goal builder's phrase library (SPEC §4), with the German text of each phrase
// (SPEC §9). The route is the administrators' (page key `constants`); only an administrator adds and changes
// templates (the API refuses anyone else). Category, search, sort and page live in the URL.
import { GOAL_CATEGORIES, ROLE, type GoalTemplate } from '@carelane/shared-domain';
import { useSession, useUrlState } from '@carelane/shared-session';
import {
  DataTable,
  ListResults,
  ListSearch,
  listFilterFields,
  NONE,
  PageFrame,
  VISUALLY_HIDDEN,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import {
  filteredTemplates,
  pageOf,
  phraseParts,
  SORT_VALUES,
  sortOrderOf,
  type SortField,
  type SortValue,
} from './template-list';
import { templateQueries } from './template-queries';
import { TemplateFormModal } from './TemplateFormModal';

const filtersSchema = z.object({
  ...listFilterFields,
  category: z.string().trim().min(1).max(100).optional(),
  sort: z.enum(SORT_VALUES).optional(),
});

const ALL = '';

/** The phrase with its fill-ins marked. */
function Phrase({ phrase, lang }: { phrase: string; lang?: string }) {
  return (
    <span lang={lang}>
      {phraseParts(phrase).map((part, index) =>
        part.fillIn ? (
          <Typography.Text key={index} code>
            {part.text}
          </Typography.Text>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}

type Editing = { template: GoalTemplate | null; open: boolean; key: number };

export default function GoalTemplatesPage() {
  const session = useSession();
  const mayChange = session?.user.roleId === ROLE.ADMINISTRATOR;
  const [filters, setFilters] = useUrlState(filtersSchema);
  const templates = useQuery(templateQueries.list());
  const [editing, setEditing] = useState<Editing | null>(null);
  const rows = useMemo(() => templates.data?.rows ?? [], [templates.data]);
  const matching = useMemo(() => filteredTemplates(rows, filters), [rows, filters]);
  const categories = useMemo(
    () => [...new Set([...GOAL_CATEGORIES, ...rows.map((row) => row.category)])],
    [rows],
  );

  const edit = (template: GoalTemplate | null) =>
    setEditing((previous) => ({ template, open: true, key: (previous?.key ?? 0) + 1 }));
  const reload = async (id: number) => (await templates.refetch()).data?.rows.find((row) => row.id === id);

  const sortable = (field: SortField) => ({
    key: field,
    sorter: true,
    sortOrder: sortOrderOf(filters.sort, field),
    sortDirections: ['ascend' as const, 'descend' as const, 'ascend' as const],
  });
  const columns: TableColumnsType<GoalTemplate> = [
    { title: 'Category', dataIndex: 'category', ...sortable('category') },
    { title: 'Person', dataIndex: 'person', ...sortable('person') },
    { title: 'Action', dataIndex: 'action', ...sortable('action') },
    {
      title: 'Phrase',
      ...sortable('phrase'),
      render: (_value, row) => <Phrase phrase={row.phrase} />,
    },
    {
      title: 'German text',
      key: 'phraseDe',
      render: (_value, row) => (row.phraseDe ? <Phrase phrase={row.phraseDe} lang="de" /> : NONE),
    },
    ...(mayChange
      ? [
          {
            title: <span style={VISUALLY_HIDDEN}>Actions</span>,
            key: 'actions',
            render: (_value: unknown, row: GoalTemplate) => (
              <Button
                size="small"
                onClick={() => edit(row)}
                aria-label={`Edit the goal template ${row.category}: ${row.person} ${row.action} ${row.phrase}`}
              >
                Edit
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <PageFrame
      title="Goal templates"
      subtitle={
        mayChange
          ? 'The phrases of the care-plan goal builder. Changes apply to goals built from now on.'
          : 'The phrases of the care-plan goal builder. Only an administrator can change them.'
      }
      actions={
        mayChange ? (
          <Button type="primary" onClick={() => edit(null)}>
            New goal template
          </Button>
        ) : null
      }
    >
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }} data-unsaved-ignore>
        <ListSearch
          label="Search goal templates"
          placeholder="Person, action or phrase"
          width={280}
          search={filters.search}
          setFilters={setFilters}
        />
        <Select
          virtual={false}
          aria-label="Category filter"
          value={filters.category ?? ALL}
          options={[
            { value: ALL, label: 'All categories' },
            ...categories.map((category) => ({ value: category, label: category })),
          ]}
          onChange={(category: string) => setFilters({ category: category || null, pageNumber: null })}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 240 }}
        />
      </Flex>
      <ListResults query={templates} thing="the goal templates">
        <DataTable<GoalTemplate>
          ariaLabel="Goal templates"
          rows={pageOf(matching, filters.pageNumber, filters.pageSize)}
          totalCount={matching.length}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={templates.isFetching}
          columns={columns}
          rowKey="id"
          emptyText={
            rows.length === 0 && templates.isSuccess
              ? 'The phrase library is empty.'
              : 'No goal templates match these filters.'
          }
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
          onSortChange={(change) =>
            setFilters({
              sort: change ? (`${change.order === 'descend' ? '-' : ''}${change.field}` as SortValue) : null,
              pageNumber: null,
            })
          }
        />
      </ListResults>
      {editing ? (
        <TemplateFormModal
          key={editing.key}
          template={editing.template}
          open={editing.open}
          library={rows}
          reload={reload}
          onClose={() => setEditing((previous) => (previous ? { ...previous, open: false } : null))}
          afterClose={() => setEditing((previous) => (previous?.open ? previous : null))}
        />
      ) : null}
    </PageFrame>
  );
}
