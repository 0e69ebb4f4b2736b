import { PAGE_KEYS, MESSAGES, userSchema, type User } from '@carelane/shared-domain';
import { apiClient, errorMessage, publishErrorToast, publishToast } from '@carelane/shared-session';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Select, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { userQueries } from './user-queries';

type Choice = 'inherit' | 'grant' | 'remove';
type Row = { page: string; choice: Choice; options: string };

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** Administrators only: per-page overrides of the role's privileges (a removed page is the JSON text null). */
export function PrivilegesEditor({ user, onSaved }: { user: User; onSaved: () => void }) {
  const roles = useQuery(userQueries.roles());
  const rolePrivileges = roles.data?.rows.find((role) => role.roleId === user.roleId)?.privileges ?? {};
  const initial = useMemo<Row[]>(
    () =>
      PAGE_KEYS.map((page) => {
        const override = user.privileges[page];
        const choice: Choice =
          override === undefined ? 'inherit' : override.trim() === 'null' ? 'remove' : 'grant';
        return { page, choice, options: choice === 'grant' ? (override ?? '{}') : '{}' };
      }),
    [user.privileges],
  );
  const [rows, setRows] = useState(initial);
  const [busy, setBusy] = useState(false);
  const invalid = rows.filter((row) => row.choice === 'grant' && !isJsonObject(row.options));

  const update = (page: string, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.page === page ? { ...row, ...change } : row)));

  const save = async () => {
    setBusy(true);
    const privileges = Object.fromEntries(
      rows
        .filter((row) => row.choice !== 'inherit')
        .map((row) => [row.page, row.choice === 'remove' ? 'null' : row.options]),
    );
    try {
      await apiClient.put(
        `/api/admin/users/${user.id}/privileges`,
        { privileges, version: user.version },
        userSchema,
      );
      publishToast(MESSAGES.userSaved);
      onSaved();
    } catch (error) {
      publishErrorToast(errorMessage(error, 'user', 'saved'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title="Privileges"
      extra={
        <Button type="primary" onClick={() => void save()} loading={busy} disabled={invalid.length > 0}>
          Save privileges
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        A user holds their role&apos;s pages. Here a page can be granted (with its options as JSON) or removed
        for this user alone.
      </Typography.Paragraph>
      <Table<Row>
        size="small"
        rowKey="page"
        pagination={false}
        scroll={{ y: 420 }}
        dataSource={rows}
        columns={[
          { title: 'Page', dataIndex: 'page', key: 'page' },
          {
            title: 'Role',
            key: 'role',
            render: (_value, row) =>
              rolePrivileges[row.page] !== undefined ? (
                <Typography.Text code>{rolePrivileges[row.page]}</Typography.Text>
              ) : (
                <Typography.Text type="secondary">not held</Typography.Text>
              ),
          },
          {
            title: 'This user',
            key: 'choice',
            render: (_value, row) => (
              <Select<Choice>
                aria-label={`${row.page} for this user`}
                size="small"
                value={row.choice}
                onChange={(choice) => update(row.page, { choice })}
                options={[
                  { value: 'inherit', label: 'As the role' },
                  { value: 'grant', label: 'Granted' },
                  { value: 'remove', label: 'Removed' },
                ]}
                style={{ width: 130 }}
              />
            ),
          },
          {
            title: 'Options (JSON)',
            key: 'options',
            render: (_value, row) =>
              row.choice === 'grant' ? (
                <Input
                  size="small"
                  aria-label={`${row.page} options`}
                  value={row.options}
                  status={isJsonObject(row.options) ? undefined : 'error'}
                  onChange={(event) => update(row.page, { options: event.target.value })}
                />
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
