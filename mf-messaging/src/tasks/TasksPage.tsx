// `/tasks` (docs/decisions/060-tasks-incidents.md): the tasks I may see, filtered in the URL (status, due range,
// only mine; SPEC §4/§9 defaults: 1Pending, due -30..+30 days, said by the server), a drawer to create or edit one
// ('Task details saved.') or add a follow-up ('Follow-up task added.'), delete after confirmation ('Task deleted.').
import {
  TASK_MESSAGES,
  TASK_PRIORITIES,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  taskResultSchema,
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
import { FormFailure, ListTable, PageFrame, refresh, useBusy, useSaveCall } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Drawer,
  Flex,
  Form,
  Input,
  Popconfirm,
  Select,
  Switch,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { z } from 'zod';
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
const statusOptions = TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }));

type Editing = { mode: 'new' } | { mode: 'edit'; task: Task } | { mode: 'followUp'; parent: Task };
type TaskForm = {
  title: string;
  description?: string;
  assigneeId: number;
  dueDate: string;
  priority: string;
  status: TaskStatus;
};

function TaskDrawer({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const [form] = Form.useForm<TaskForm>();
  const { busy, failure, save } = useSaveCall(form, 'task');
  const assignees = useQuery(taskQueries.assignees());
  const task = editing.mode === 'edit' ? editing.task : null;
  const title =
    editing.mode === 'new'
      ? 'New task'
      : editing.mode === 'edit'
        ? 'Edit task'
        : `Follow-up of ${editing.parent.title}`;

  const submit = (values: TaskForm) =>
    save(async () => {
      if (editing.mode === 'followUp') {
        const { status: _status, ...followUp } = values;
        await apiClient.post(`/api/admin/tasks/${editing.parent.id}/followUps`, followUp, taskResultSchema);
        publishToast(TASK_MESSAGES.followUpAdded);
      } else {
        const links = task
          ? {
              patientId: task.patientId,
              episodeId: task.episodeId,
              visitId: task.visitId,
              providerId: task.providerId,
              referralSourceId: task.referralSourceId,
            }
          : {};
        if (task)
          await apiClient.put(
            `/api/admin/tasks/${task.id}`,
            { ...values, ...links, version: task.version },
            taskResultSchema,
          );
        else await apiClient.post('/api/admin/tasks', values, taskResultSchema);
        publishToast(TASK_MESSAGES.saved);
      }
      refresh(TASK_ENTITY);
      onClose();
    });

  return (
    <Drawer
      open
      title={title}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button type="primary" loading={busy} onClick={() => form.submit()}>
          Save task
        </Button>
      }
    >
      <Form<TaskForm>
        form={form}
        layout="vertical"
        initialValues={
          task
            ? { ...task, description: task.description ?? undefined }
            : { priority: 'Normal', status: '1Pending' }
        }
        onFinish={(values) => void submit(values)}
      >
        <Form.Item label="Title" name="title" rules={[{ required: true, message: 'Enter a title.' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input.TextArea rows={3} maxLength={4000} />
        </Form.Item>
        <Form.Item
          label="Assignee"
          name="assigneeId"
          rules={[{ required: true, message: 'Choose an assignee.' }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={assignees.isPending}
            options={(assignees.data?.rows ?? []).map((u) => ({ value: u.id, label: u.name }))}
          />
        </Form.Item>
        <Form.Item
          label="Due date"
          name="dueDate"
          rules={[{ required: true, message: 'Enter the due date.' }]}
        >
          <Input type="date" />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item label="Priority" name="priority" style={{ flex: 1 }}>
            <Select options={TASK_PRIORITIES.map((p) => ({ value: p, label: p }))} />
          </Form.Item>
          {editing.mode === 'followUp' ? null : (
            <Form.Item label="Status" name="status" style={{ flex: 1 }}>
              <Select options={statusOptions} />
            </Form.Item>
          )}
        </Flex>
        <FormFailure text={failure} />
      </Form>
    </Drawer>
  );
}

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
  const [editing, setEditing] = useState<Editing | null>(null);
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
          options={[...statusOptions, { value: 'All', label: 'All' }]}
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
