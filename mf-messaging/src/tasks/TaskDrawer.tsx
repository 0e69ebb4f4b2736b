// The drawer that creates a task, edits one ('Task details saved.') or adds a follow-up ('Follow-up task added.')
// (docs/decisions/060-tasks-incidents.md). A new task opened from a record (a patient's, a clinician's or an
// organization's timeline) is about that record: the drawer names it and the task is linked to it.
import {
  TASK_MESSAGES,
  TASK_PRIORITIES,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  taskResultSchema,
  type Task,
  type TaskStatus,
} from '@carelane/shared-domain';
import { apiClient, publishToast } from '@carelane/shared-session';
import { FormFailure, noSubmitOnEnter, refresh, useSaveCall } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Flex, Form, Input, Select, Typography } from 'antd';
import { TASK_ENTITY, taskQueries } from './task-queries';

/** The record a new task is about, with the words that name it. */
export type TaskAbout = {
  link: { patientId: number } | { providerId: number } | { referralSourceId: number };
  description: string;
};

export type TaskEditing =
  { mode: 'new'; about?: TaskAbout } | { mode: 'edit'; task: Task } | { mode: 'followUp'; parent: Task };

type TaskForm = {
  title: string;
  description?: string;
  assigneeId: number;
  dueDate: string;
  priority: string;
  status: TaskStatus;
};

export const taskStatusOptions = TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }));

/** What a task is linked to, in words: its patient, service request or clinician. */
export function taskAboutText(task: Task): string | null {
  if (task.patientName) return `Patient: ${task.patientName}`;
  if (task.episodeTitle) return `Service request: ${task.episodeTitle}`;
  if (task.providerName) return `Clinician: ${task.providerName}`;
  return null;
}

const linksOf = (task: Task) => ({
  patientId: task.patientId,
  episodeId: task.episodeId,
  visitId: task.visitId,
  providerId: task.providerId,
  referralSourceId: task.referralSourceId,
});

function drawerTitle(editing: TaskEditing): string {
  if (editing.mode === 'new') return 'New task';
  if (editing.mode === 'edit') return 'Edit task';
  return `Follow-up of ${editing.parent.title}`;
}

export function TaskDrawer({
  editing,
  onClose,
  onSaved,
}: {
  editing: TaskEditing;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const [form] = Form.useForm<TaskForm>();
  const { busy, failure, save } = useSaveCall(form, 'task');
  const assignees = useQuery(taskQueries.assignees());
  const task = editing.mode === 'edit' ? editing.task : null;
  const about = editing.mode === 'new' ? editing.about : undefined;

  const submit = (values: TaskForm) =>
    save(async () => {
      if (editing.mode === 'followUp') {
        const { status: _status, ...followUp } = values;
        await apiClient.post(`/api/admin/tasks/${editing.parent.id}/followUps`, followUp, taskResultSchema);
        publishToast(TASK_MESSAGES.followUpAdded);
      } else {
        if (task)
          await apiClient.put(
            `/api/admin/tasks/${task.id}`,
            { ...values, ...linksOf(task), version: task.version },
            taskResultSchema,
          );
        else await apiClient.post('/api/admin/tasks', { ...values, ...about?.link }, taskResultSchema);
        publishToast(TASK_MESSAGES.saved);
      }
      refresh(TASK_ENTITY);
      onSaved?.();
      onClose();
    });

  return (
    <Drawer
      open
      title={drawerTitle(editing)}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button type="primary" loading={busy} onClick={() => form.submit()}>
          Save task
        </Button>
      }
    >
      {about ? <Typography.Paragraph>About {about.description}</Typography.Paragraph> : null}
      <Form<TaskForm>
        form={form}
        layout="vertical"
        initialValues={
          task
            ? { ...task, description: task.description ?? undefined }
            : { priority: 'Normal', status: '1Pending' }
        }
        onFinish={(values) => void submit(values)}
        onKeyDown={noSubmitOnEnter}
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
              <Select options={taskStatusOptions} />
            </Form.Item>
          )}
        </Flex>
        <FormFailure text={failure} />
      </Form>
    </Drawer>
  );
}
