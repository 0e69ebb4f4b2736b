import { canSwitchUser } from '@carelane/shared-domain';
import {
  canOpen,
  errorMessage,
  publishErrorToast,
  publishToast,
  signOut,
  switchBack,
  type Session,
} from '@carelane/shared-session';
import { AppHeader } from '@carelane/shared-ui';
import { BellOutlined, CheckSquareOutlined, DownOutlined, UserOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Input, Popover, Tooltip, Typography, type InputRef } from 'antd';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { navigate, redirect } from '../routing/location';
import { SwitchUserDialog } from './SwitchUserDialog';
import { showInfoToast } from './toasts';

/** '/' anywhere but in a field focuses the global search box. */
function useSearchShortcut(input: RefObject<InputRef | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="textbox"]')) return;
      event.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [input]);
}

function GlobalSearch() {
  const input = useRef<InputRef>(null);
  useSearchShortcut(input);
  return (
    <div data-unsaved-ignore style={{ width: '100%', maxWidth: 480 }}>
      <Input.Search
        ref={input}
        id="carelane-global-search"
        aria-label="Search"
        aria-keyshortcuts="/"
        placeholder="Search patients, clinicians, organizations…  (press /)"
        allowClear
        onSearch={(text) => {
          if (text.trim()) showInfoToast('Searching everything from here comes with a later release.');
        }}
      />
    </div>
  );
}

function Notifications() {
  const count = 0;
  return (
    <Popover
      trigger="click"
      title="Notifications"
      content={<Typography.Text type="secondary">You have no new notifications.</Typography.Text>}
    >
      <Badge count={count} size="small">
        <Button type="text" shape="circle" icon={<BellOutlined />} aria-label={`Notifications: ${count}`} />
      </Badge>
    </Popover>
  );
}

function PendingTasks() {
  const count = 0;
  return (
    <Tooltip title={`Pending tasks: ${count}`}>
      <Badge count={count} size="small">
        <Button
          type="text"
          shape="circle"
          icon={<CheckSquareOutlined />}
          aria-label={`Pending tasks: ${count}`}
          onClick={() => navigate('/tasks')}
        />
      </Badge>
    </Tooltip>
  );
}

function UserMenu({ session }: { session: Session }) {
  const [switching, setSwitching] = useState(false);
  const { user } = session;
  const items = [
    { key: 'profile', label: 'Profile' },
    { key: 'changePassword', label: 'Change password' },
    ...(canSwitchUser(session.privileges) ? [{ key: 'switchUser', label: 'Switch user' }] : []),
    ...(user.impersonatorId !== null ? [{ key: 'switchBack', label: 'Switch back to myself' }] : []),
    { type: 'divider' as const },
    { key: 'logout', label: 'Log out' },
  ];
  const onClick = async ({ key }: { key: string }) => {
    if (key === 'profile') navigate('/profile');
    else if (key === 'changePassword') navigate('/changePassword');
    else if (key === 'switchUser') setSwitching(true);
    else if (key === 'switchBack') {
      try {
        const back = await switchBack();
        publishToast(`You are yourself again: ${back.user.firstName} ${back.user.lastName}.`);
        navigate('/users');
      } catch (error) {
        publishErrorToast(errorMessage(error, 'the user', 'switched back'));
      }
    } else if (key === 'logout') {
      await signOut();
      redirect('/');
    }
  };
  const role = `${user.rolename}${user.impersonatorId !== null ? ' (switched)' : ''}`;
  return (
    <>
      <Dropdown menu={{ items, onClick: (info) => void onClick(info) }} trigger={['click']}>
        {/* The name starts with the visible text (WCAG 2.5.3 label in name). */}
        <Button
          type="text"
          aria-label={`${user.firstName} ${user.lastName} ${role}: user menu`}
          icon={<UserOutlined />}
        >
          <span className="carelane-user-name">
            {user.firstName} {user.lastName}
          </span>{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {role}
          </Typography.Text>
          <DownOutlined />
        </Button>
      </Dropdown>
      {switching ? <SwitchUserDialog onClose={() => setSwitching(false)} /> : null}
    </>
  );
}

export function ShellHeader({ session, home }: { session: Session; home: string }) {
  return (
    <AppHeader
      left={
        <a
          href={home}
          onClick={(event) => {
            event.preventDefault();
            navigate(home);
          }}
          style={{ fontWeight: 700, fontSize: 18, color: 'inherit', textDecoration: 'none' }}
        >
          Carelane
        </a>
      }
      search={<GlobalSearch />}
      right={
        <>
          <Notifications />
          {canOpen(session, 'tasks') ? <PendingTasks /> : null}
          <UserMenu session={session} />
        </>
      }
    />
  );
}
