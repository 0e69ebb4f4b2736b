// React-query options of tasks (docs/decisions/060-tasks-incidents.md). Every key starts with 'task', the entity the
// server announces when a task changes, so the shared cache's entityChanged invalidation refetches the lists, the
// pending count and the assignees at once.
import {
  pendingTasksCountSchema,
  taskAssigneesSchema,
  taskListSchema,
  type TaskStatus,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

export const TASK_ENTITY = 'task';

export type TaskFilters = {
  pageNumber: number;
  pageSize: number;
  status: TaskStatus | 'All';
  from?: string;
  to?: string;
  mine?: 'true' | 'false';
};

export const taskQueries = {
  list: (filters: TaskFilters) =>
    queryOptions({
      queryKey: [TASK_ENTITY, 'list', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/tasks', taskListSchema, { searchParams: filters, signal }),
      placeholderData: (previous) => previous,
    }),
  assignees: () =>
    queryOptions({
      queryKey: [TASK_ENTITY, 'assignees'],
      queryFn: ({ signal }) => apiClient.get('/api/admin/tasks/assignees', taskAssigneesSchema, { signal }),
      staleTime: 10 * 60_000,
    }),
  pendingCount: () =>
    queryOptions({
      queryKey: [TASK_ENTITY, 'pendingCount'],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/tasks/pendingCount', pendingTasksCountSchema, { signal }),
    }),
};
