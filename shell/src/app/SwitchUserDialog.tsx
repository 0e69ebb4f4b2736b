import { userListResponseSchema, type User } from '@carelane/shared-domain';
import {
  apiClient,
  errorMessage,
  publishErrorToast,
  publishToast,
  switchUser,
} from '@carelane/shared-session';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, List, Modal, Typography } from 'antd';
import { useState } from 'react';
import { navigate } from '../routing/location';

/** Switch user (header.switchUser): act as an active user of a role one manages; the server audits it. */
export function SwitchUserDialog({ onClose }: { onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const users = useQuery({
    queryKey: ['user', 'switch-candidates', search],
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/users', userListResponseSchema, {
        searchParams: { status: 'ACTIVE', search: search || undefined, pageSize: 10 },
        signal,
      }),
  });

  const choose = async (user: User) => {
    setBusy(user.id);
    try {
      await switchUser(user.id);
      publishToast(`You are now working as ${user.firstName} ${user.lastName}.`);
      onClose();
      navigate('/dashboard');
    } catch (error) {
      publishErrorToast(errorMessage(error, 'the user', 'switched'));
      setBusy(null);
    }
  };

  return (
    <Modal open title="Switch user" onCancel={onClose} footer={null} destroyOnHidden>
      <div data-unsaved-ignore>
        <Input.Search
          aria-label="Find a user"
          placeholder="Name or email"
          allowClear
          onSearch={(text) => setSearch(text.trim())}
          style={{ marginBottom: 12 }}
        />
      </div>
      {users.isError ? (
        <Alert type="error" title={errorMessage(users.error, 'the users', 'loaded')} />
      ) : (
        <List<User>
          loading={users.isPending}
          dataSource={users.data?.rows ?? []}
          locale={{ emptyText: 'No active user of a role you manage matches.' }}
          renderItem={(user) => (
            <List.Item
              actions={[
                <Button key="switch" loading={busy === user.id} onClick={() => void choose(user)}>
                  Switch
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={`${user.firstName} ${user.lastName}`}
                description={
                  <Typography.Text type="secondary">
                    {user.emailId} · {user.rolename}
                    {user.referralSourceName ? ` · ${user.referralSourceName}` : ''}
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
