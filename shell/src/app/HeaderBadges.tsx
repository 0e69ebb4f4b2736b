// The header's live counts (issue 27): the bell with the user's notifications not yet dismissed (SPEC §3
// `userNotifications`, §4 "notifications dismissed") and the pending-task count (`pendingTasksCount`). Their
// unread chat messages (`totalUnreadMessages`) are counted beside them. Their
// query keys start with the entities the server's events name ('userNotification', 'task', 'chatMessage'), so an
// entityChanged event refreshes them (invalidateOnEntityChanged); a slow poll covers a stream that is down.
import {
  chatCountsSchema,
  formatDateTime,
  notificationDismissedSchema,
  notificationListSchema,
  notificationsDismissedSchema,
  pendingTasksCountSchema,
  type UserNotification,
} from '@carelane/shared-domain';
import { apiClient, errorMessage, publishErrorToast } from '@carelane/shared-session';
import { BellOutlined, CheckSquareOutlined, MessageOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, List, Popover, Space, Spin, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { navigate } from '../routing/location';

/** How many notifications the bell lists (the newest not dismissed). */
export const HEADER_NOTIFICATION_COUNT = 10;
const POLL_MS = 5 * 60_000;
const NOTIFICATIONS_KEY = ['userNotification', 'header'] as const;

function useHeaderNotifications() {
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/notifications', notificationListSchema, {
        searchParams: { undismissed: 'true', pageSize: HEADER_NOTIFICATION_COUNT },
        signal,
      }),
    refetchInterval: POLL_MS,
  });
}

function useDismiss() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  const one = useMutation({
    mutationFn: (id: number) =>
      apiClient.post(`/api/admin/notifications/${id}/dismiss`, {}, notificationDismissedSchema),
    onSuccess: refresh,
    onError: (error) => publishErrorToast(errorMessage(error, 'the notification', 'dismissed')),
  });
  const all = useMutation({
    mutationFn: () => apiClient.post('/api/admin/notifications/dismissAll', {}, notificationsDismissedSchema),
    onSuccess: refresh,
    onError: (error) => publishErrorToast(errorMessage(error, 'the notifications', 'dismissed')),
  });
  return { one, all };
}

function NotificationItem({
  notification,
  onOpen,
  onDismiss,
  busy,
}: {
  notification: UserNotification;
  onOpen: (link: string) => void;
  onDismiss: () => void;
  busy: boolean;
}) {
  const { link } = notification;
  return (
    <List.Item
      actions={[
        ...(link
          ? [
              <Button key="open" type="link" size="small" onClick={() => onOpen(link)}>
                Open
              </Button>,
            ]
          : []),
        <Button
          key="dismiss"
          type="link"
          size="small"
          loading={busy}
          aria-label={`Dismiss: ${notification.title}`}
          onClick={onDismiss}
        >
          Dismiss
        </Button>,
      ]}
    >
      <List.Item.Meta
        title={notification.title}
        description={
          <>
            <Typography.Paragraph style={{ marginBottom: 4 }} ellipsis={{ rows: 3 }}>
              {notification.body}
            </Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(notification.createdAt)}
            </Typography.Text>
          </>
        }
      />
    </List.Item>
  );
}

function NotificationList({ close }: { close: () => void }) {
  const notifications = useHeaderNotifications();
  const { one, all } = useDismiss();
  if (notifications.isPending) return <Spin size="small" aria-label="Loading notifications" />;
  if (notifications.isError)
    return (
      <Space direction="vertical">
        <Typography.Text type="danger">
          {errorMessage(notifications.error, 'the notifications', 'loaded')}
        </Typography.Text>
        <Button size="small" onClick={() => void notifications.refetch()}>
          Try again
        </Button>
      </Space>
    );
  const { rows, undismissedCount } = notifications.data;
  if (!rows.length) return <Typography.Text type="secondary">You have no new notifications.</Typography.Text>;
  return (
    <div style={{ width: 'min(360px, calc(100vw - 48px))', maxHeight: '60vh', overflowY: 'auto' }}>
      <List
        size="small"
        dataSource={rows}
        renderItem={(notification) => (
          <NotificationItem
            notification={notification}
            busy={one.isPending && one.variables === notification.id}
            onDismiss={() => one.mutate(notification.id)}
            onOpen={(link) => {
              close();
              one.mutate(notification.id);
              navigate(link);
            }}
          />
        )}
      />
      <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 8 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {undismissedCount > rows.length ? `${rows.length} of ${undismissedCount} shown` : ''}
        </Typography.Text>
        <Button size="small" loading={all.isPending} onClick={() => all.mutate()}>
          Dismiss all
        </Button>
      </Space>
    </div>
  );
}

/** A header count's name: with its number once known, without one while it loads (never a made-up 0). */
const countLabel = (name: string, count: number | undefined): string =>
  count === undefined ? name : `${name}: ${count}`;

export function Notifications() {
  const [open, setOpen] = useState(false);
  const count = useHeaderNotifications().data?.undismissedCount;
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      title="Notifications"
      content={<NotificationList close={() => setOpen(false)} />}
    >
      <Badge count={count} size="small">
        <Button
          type="text"
          shape="circle"
          icon={<BellOutlined />}
          aria-label={countLabel('Notifications', count)}
        />
      </Badge>
    </Popover>
  );
}

export function PendingTasks() {
  const pending = useQuery({
    queryKey: ['task', 'pendingCount'],
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/tasks/pendingCount', pendingTasksCountSchema, { signal }),
    refetchInterval: POLL_MS,
  });
  const count = pending.data?.pendingTasksCount;
  return (
    <Tooltip title={countLabel('Pending tasks', count)}>
      <Badge count={count} size="small">
        <Button
          type="text"
          shape="circle"
          icon={<CheckSquareOutlined />}
          aria-label={countLabel('Pending tasks', count)}
          onClick={() => navigate('/tasks?mine=true')}
        />
      </Badge>
    </Tooltip>
  );
}

export function UnreadMessages() {
  const counts = useQuery({
    queryKey: ['chatMessage', 'counts'],
    queryFn: ({ signal }) => apiClient.get('/api/chat/counts', chatCountsSchema, { signal }),
    refetchInterval: POLL_MS,
  });
  const count = counts.data?.totalUnreadMessages;
  return (
    <Tooltip title={countLabel('Unread messages', count)}>
      <Badge count={count} size="small">
        <Button
          type="text"
          shape="circle"
          icon={<MessageOutlined />}
          aria-label={countLabel('Unread messages', count)}
          onClick={() => navigate('/messages')}
        />
      </Badge>
    </Tooltip>
  );
}
