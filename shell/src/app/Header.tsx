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
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Typography, theme } from 'antd';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { navigate, redirect } from '../routing/location';
import { GlobalSearch } from './GlobalSearch';
import { Notifications, PendingTasks, UnreadMessages } from './HeaderBadges';
import { SwitchUserDialog } from './SwitchUserDialog';

/** The initials on the compact user menu's button: "Clara Doe" -> "CD". */
export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

/** The compact user menu's button: the user's initials in a circle; the name and role are in its label. */
function Initials({
  name,
  role,
  label,
  ...trigger
}: { name: [string, string]; role: string; label: string } & Omit<ComponentProps<typeof Button>, 'name'>) {
  const { token } = theme.useToken();
  const initials = initialsOf(...name);
  // The name starts with the initials it shows (WCAG 2.5.3, label in name). `trigger`: the Dropdown's handlers
  // and ref, which it gives its child.
  return (
    <Button
      {...trigger}
      type="text"
      shape="circle"
      aria-label={`${initials}, ${label}`}
      title={`${name.join(' ')}, ${role}`}
    >
      <Avatar
        size={28}
        aria-hidden
        style={{ backgroundColor: token.colorPrimary, color: token.colorTextLightSolid, fontSize: 12 }}
      >
        {initials}
      </Avatar>
    </Button>
  );
}

/** Above the compact menu's items: who is signed in, which the button no longer shows. */
function SignedInAs({ name, role, menu }: { name: string; role: string; menu: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      className="carelane-user-menu-compact"
      style={{
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
      }}
    >
      <div style={{ padding: '8px 16px 0' }}>
        <Typography.Text strong>{name}</Typography.Text>
        <br />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {role}
        </Typography.Text>
      </div>
      {menu}
    </div>
  );
}

function UserMenu({ session, compact }: { session: Session; compact: boolean }) {
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
  const label = `${user.firstName} ${user.lastName} ${role}: user menu`;
  return (
    <>
      <Dropdown
        menu={{ items, onClick: (info) => void onClick(info) }}
        trigger={['click']}
        popupRender={
          compact
            ? (menu) => <SignedInAs name={`${user.firstName} ${user.lastName}`} role={role} menu={menu} />
            : undefined
        }
      >
        {compact ? (
          <Initials name={[user.firstName, user.lastName]} role={role} label={label} />
        ) : (
          /* The name starts with the visible text (WCAG 2.5.3 label in name). */
          <Button type="text" aria-label={label} icon={<UserOutlined />}>
            <span className="carelane-user-name">
              {user.firstName} {user.lastName}
            </span>{' '}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {role}
            </Typography.Text>
            <DownOutlined />
          </Button>
        )}
      </Dropdown>
      {switching ? <SwitchUserDialog onClose={() => setSwitching(false)} /> : null}
    </>
  );
}

export type ShellHeaderProps = {
  session: Session;
  home: string;
  /** A narrow screen: compact search and user menu. */
  compact?: boolean;
  /** The navigation drawer's button, first in the bar (narrow screens). */
  menuButton?: ReactNode;
};

export function ShellHeader({ session, home, compact = false, menuButton }: ShellHeaderProps) {
  return (
    <AppHeader
      compact={compact}
      menuButton={menuButton}
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
          {canOpen(session, 'messages') ? <UnreadMessages /> : null}
          {canOpen(session, 'tasks') ? <PendingTasks /> : null}
          <UserMenu session={session} compact={compact} />
        </>
      }
    />
  );
}
