import { Flex, theme } from 'antd';
import { type ReactNode } from 'react';

export type AppHeaderProps = {
  /** Logo and product name. */
  left?: ReactNode;
  /** The global search box; takes the free space in the middle. */
  search?: ReactNode;
  /** Notifications, pending tasks, the user menu. */
  right?: ReactNode;
};

/** The shell's header bar: three layout slots, nothing else. */
export function AppHeader({ left, search, right }: AppHeaderProps) {
  const { token } = theme.useToken();
  return (
    <header
      className="carelane-app-header"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        height: 56,
        padding: '0 24px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" gap={12} className="carelane-app-header-left">
        {left}
      </Flex>
      <Flex
        align="center"
        justify="center"
        style={{ flex: 1, minWidth: 0 }}
        className="carelane-app-header-search"
      >
        {search}
      </Flex>
      <Flex align="center" gap={12} className="carelane-app-header-right">
        {right}
      </Flex>
    </header>
  );
}
