import {
  MESSAGES,
  ORGANIZATION_ROLE_IDS,
  ROLE,
  isOrganizationRole,
  userSchema,
  type User,
} from '@carelane/shared-domain';
import {
  apiClient,
  canOpen,
  errorMessage,
  getQueryClient,
  publishErrorToast,
  publishToast,
  useSession,
} from '@carelane/shared-session';
import { ErrorState, NameFields, PageFrame, PhoneInput, RecordStatusTag } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Popconfirm, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { showFieldErrors } from '../../app/form-errors';
import { FormFailure } from '../../app/form-parts';
import { navigate, redirect, useShellLocation } from '../../routing/location';
import { PrivilegesEditor } from './PrivilegesEditor';
import { userQueries } from './user-queries';

type UserForm = {
  firstName: string;
  lastName: string;
  emailId: string;
  phoneNumber?: string;
  roleId?: number;
  referralSourceId?: number;
  password?: string;
};

const messageAnswer = z.object({ message: z.string() });

function refreshUsers() {
  void getQueryClient().invalidateQueries({ queryKey: ['user'] });
}

function UserDetails({ user }: { user: User | null }) {
  const session = useSession();
  const [form] = Form.useForm<UserForm>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const roles = useQuery(userQueries.roles());
  const actorIsOrganization = session ? isOrganizationRole(session.user.roleId) : true;
  const organizations = useQuery({
    ...userQueries.organizations(),
    enabled: !actorIsOrganization && canOpen(session, 'referralSources'),
  });
  const roleId = Form.useWatch('roleId', form);
  const manageable = roles.data?.manageableRoleIds ?? [];
  const roleOptions = (roles.data?.rows ?? [])
    .filter((role) => manageable.includes(role.roleId) || role.roleId === user?.roleId)
    .map((role) => ({
      value: role.roleId,
      label: role.rolename,
      disabled: !manageable.includes(role.roleId),
    }));
  const needsOrganization =
    roleId !== undefined && ORGANIZATION_ROLE_IDS.includes(roleId) && !actorIsOrganization;

  const submit = async (values: UserForm) => {
    setBusy(true);
    setFailure(null);
    const common = {
      firstName: values.firstName,
      lastName: values.lastName,
      phoneNumber: values.phoneNumber?.trim() ? values.phoneNumber : null,
      roleId: values.roleId,
      ...(needsOrganization ? { referralSourceId: values.referralSourceId ?? null } : {}),
    };
    try {
      const saved = user
        ? await apiClient.put(`/api/admin/users/${user.id}`, { ...common, version: user.version }, userSchema)
        : await apiClient.post(
            '/api/admin/users',
            { ...common, emailId: values.emailId, ...(values.password ? { password: values.password } : {}) },
            userSchema,
          );
      publishToast(MESSAGES.userSaved);
      refreshUsers();
      form.resetFields();
      if (!user) redirect(`/user?id=${saved.id}`);
    } catch (error) {
      showFieldErrors(form, error);
      const text = errorMessage(error, 'user', 'saved');
      setFailure(text);
      publishErrorToast(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Details" style={{ maxWidth: 720 }}>
      <Form<UserForm>
        form={form}
        layout="vertical"
        initialValues={
          user
            ? {
                firstName: user.firstName,
                lastName: user.lastName,
                emailId: user.emailId,
                phoneNumber: user.phoneNumber ?? '',
                roleId: user.roleId,
                referralSourceId: user.referralSourceId ?? undefined,
              }
            : { roleId: manageable.length === 1 ? manageable[0] : undefined }
        }
        onFinish={(values) => void submit(values)}
      >
        <NameFields />
        <Form.Item label="Email" name="emailId" rules={[{ required: true, type: 'email' }]}>
          <Input type="email" disabled={user !== null} />
        </Form.Item>
        <Form.Item label="Phone" name="phoneNumber">
          <PhoneInput />
        </Form.Item>
        <Form.Item label="Role" name="roleId" rules={[{ required: true, message: 'Choose a role.' }]}>
          <Select options={roleOptions} loading={roles.isPending} placeholder="Choose a role" />
        </Form.Item>
        {needsOrganization ? (
          <Form.Item
            label="Organization"
            name="referralSourceId"
            rules={[{ required: true, message: 'Choose the organization.' }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={organizations.isPending}
              options={(organizations.data?.rows ?? []).map((org) => ({ value: org.id, label: org.name }))}
              placeholder="Choose the organization"
            />
          </Form.Item>
        ) : null}
        {user ? null : (
          <Form.Item
            label="Password"
            name="password"
            extra="Leave empty to email the user a link to choose their own. A password you choose here must be changed at first sign-in."
            rules={[{ min: 10, message: 'At least 10 characters.' }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <FormFailure text={failure} />
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={busy}>
            {user ? 'Save' : 'Create user'}
          </Button>
          <Button onClick={() => navigate('/users')}>Back to users</Button>
        </Flex>
      </Form>
    </Card>
  );
}

function UserActions({ user }: { user: User }) {
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (action: 'deactivate' | 'activate' | 'resetPassword') => {
    setBusy(action);
    try {
      if (action === 'resetPassword') {
        await apiClient.post(`/api/admin/users/${user.id}/resetPassword`, {}, messageAnswer);
        publishToast(MESSAGES.resetLinkSent);
      } else {
        await apiClient.post(`/api/admin/users/${user.id}/${action}`, {}, userSchema);
        publishToast(MESSAGES.userSaved);
        refreshUsers();
      }
    } catch (error) {
      publishErrorToast(
        errorMessage(error, 'user', action === 'resetPassword' ? 'sent a reset link' : 'saved'),
      );
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card title="Account" style={{ maxWidth: 720 }}>
      <Flex gap={8} wrap align="center">
        <span>
          Status: <RecordStatusTag status={user.status} />
        </span>
        {user.status === 'ACTIVE' ? (
          <Popconfirm
            title="Deactivate this user?"
            description="They are signed out everywhere and cannot sign in until activated again."
            okText="Deactivate"
            onConfirm={() => act('deactivate')}
          >
            <Button danger loading={busy === 'deactivate'}>
              Deactivate
            </Button>
          </Popconfirm>
        ) : (
          <Button loading={busy === 'activate'} onClick={() => void act('activate')}>
            Activate
          </Button>
        )}
        <Button loading={busy === 'resetPassword'} onClick={() => void act('resetPassword')}>
          Email a reset-password link
        </Button>
      </Flex>
    </Card>
  );
}

/** `/user?id=…` edits a user; `/user` alone creates one. Only roles the signed-in user manages. */
export function UserPage() {
  const session = useSession();
  const idText = useShellLocation().query.get('id');
  const id = idText && /^\d+$/.test(idText) ? Number(idText) : null;
  const user = useQuery({ ...userQueries.one(id ?? 0), enabled: id !== null });
  const isAdministrator = session?.user.roleId === ROLE.ADMINISTRATOR;

  if (id === null) {
    return (
      <PageFrame title="New user">
        <UserDetails user={null} />
      </PageFrame>
    );
  }
  // A failed refresh keeps the form on screen: what the user typed must not vanish under them.
  if (user.isError && !user.data) {
    return (
      <PageFrame title="User">
        <ErrorState
          message={errorMessage(user.error, 'the user', 'loaded')}
          onRetry={() => void user.refetch()}
        />
      </PageFrame>
    );
  }
  if (!user.data) {
    return (
      <PageFrame title="User">
        <Skeleton active />
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title={`${user.data.firstName} ${user.data.lastName}`}
      subtitle={`${user.data.rolename} · ${user.data.emailId}`}
    >
      <Flex vertical gap={16}>
        <UserDetails key={`${user.data.id}:${user.data.version}`} user={user.data} />
        <UserActions user={user.data} />
        {isAdministrator ? <PrivilegesEditor user={user.data} onSaved={refreshUsers} /> : null}
      </Flex>
    </PageFrame>
  );
}
