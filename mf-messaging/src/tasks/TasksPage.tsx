// `/tasks` (docs/decisions/060-tasks-incidents.md): the tasks I may see, filtered in the URL (status, due range,
// only mine; SPEC §4/§9 defaults: 1Pending, due -30..+30 days, said by the server), a drawer to create or edit one
// ('Task details saved.') or add a follow-up ('Follow-up task added.'), delete after confirmation ('Task deleted.').
// Each task says what it is about (its patient, service request or clinician).
import {
  TASK_MESSAGES,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  type Task,
  type TaskStatus,
} from '@carelane/shared-domain';
import {
  apiClient,
  errorMessage,
  publishErrorToast,
  publishToast,
  useUrlState,
} from '@carelane/shared-session';
import { ListTable, PageFrame, refresh, useBusy } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Popconfirm, Select, Switch, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { TaskDrawer, taskAboutText, taskStatusOptions, type TaskEditing } from './TaskDrawer';
import { TASK_ENTITY, taskQueries } from './task-queries';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const filtersSchema = z.object({
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  status: z.enum([...TASK_STATUSES, 'All']).default('1Pending'),
  from: z.string().regex(DAY).optional(),
  to: z.string().regex(DAY).optional(),
  mine: z.enum(['true', 'false']).optional(),
});

const deletedSchema = z.object({ message: z.string(), id: z.number() });
const PRIORITY_COLORS: Record<string, string> = { High: 'red', Normal: 'blue', Low: 'default' };

function DeleteTask({ task }: { task: Task }) {
  const { busy, run } = useBusy();
  const remove = () =>
    run(async () => {
      try {
        await apiClient.delete(`/api/admin/tasks/${task.id}?version=${task.version}`, deletedSchema);
        publishToast(TASK_MESSAGES.deleted);
        refresh(TASK_ENTITY);
      } catch (error) {
        publishErrorToast(errorMessage(error, 'task', 'deleted'));
      }
    });
  return (
    <Popconfirm
      title={`Delete ${task.title}?`}
      okText="Delete"
      okButtonProps={{ danger: true }}
      onConfirm={remove}
    >
      <Button size="small" danger loading={busy}>
        Delete
      </Button>
    </Popconfirm>
  );
}

/** `/tasks` */
export default function TasksPage() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const tasks = useQuery(taskQueries.list(filters));
  const [editing, setEditing] = useState<TaskEditing | null>(null);
  const period = tasks.data?.period;

  const columns: TableColumnsType<Task> = [
    { title: 'Title', dataIndex: 'title', key: 'title' },
    { title: 'Due', dataIndex: 'dueDate', key: 'dueDate' },
    {
      title: 'Priority',
      dataIndex: 'priority',
      key: 'priority',
      render: (p: string) => <Tag color={PRIORITY_COLORS[p]}>{p}</Tag>,
    },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (s: TaskStatus) => TASK_STATUS_LABELS[s],
    },
    { title: 'About', key: 'about', render: (_v, t) => taskAboutText(t) ?? '—' },
    { title: 'Assignee', dataIndex: 'assigneeName', key: 'assignee' },
    { title: 'Organization', key: 'org', render: (_v, t) => t.organizationName ?? '—' },
    {
      title: 'Actions',
      key: 'actions',
      render: (_v, t) => (
        <Flex gap={4} wrap>
          <Button size="small" onClick={() => setEditing({ mode: 'edit', task: t })}>
            Edit
          </Button>
          <Button size="small" onClick={() => setEditing({ mode: 'followUp', parent: t })}>
            Follow-up
          </Button>
          <DeleteTask task={t} />
        </Flex>
      ),
    },
  ];

  return (
    <PageFrame
      title="Tasks"
      actions={
        <Button type="primary" onClick={() => setEditing({ mode: 'new' })}>
          New task
        </Button>
      }
    >
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        <Select
          aria-label="Status"
          value={filters.status}
          options={[...taskStatusOptions, { value: 'All', label: 'All' }]}
          onChange={(status: string) => setFilters({ status, pageNumber: null })}
          style={{ width: 160 }}
        />
        <Input
          type="date"
          aria-label="Due from"
          value={filters.from ?? period?.from ?? ''}
          onChange={(e) => setFilters({ from: e.target.value || null, pageNumber: null })}
          style={{ width: 170 }}
        />
        <Input
          type="date"
          aria-label="Due to"
          value={filters.to ?? period?.to ?? ''}
          onChange={(e) => setFilters({ to: e.target.value || null, pageNumber: null })}
          style={{ width: 170 }}
        />
        <Flex gap={6} align="center">
          <Switch
            aria-label="Only mine"
            checked={filters.mine === 'true'}
            onChange={(on) => setFilters({ mine: on ? 'true' : null, pageNumber: null })}
          />
          <span>Only mine</span>
        </Flex>
      </Flex>
      <ListTable<Task>
        query={tasks}
        thing="the tasks"
        label="Tasks"
        columns={columns}
        emptyText="No tasks match these filters."
        filters={filters}
        setFilters={setFilters}
      />
      {editing ? <TaskDrawer editing={editing} onClose={() => setEditing(null)} /> : null}
    </PageFrame>
  );
}
