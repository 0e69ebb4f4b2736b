import { Button, Flex, theme } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { CloseIcon, SearchIcon } from '../responsive-shell/icons';

export const OPEN_SEARCH_LABEL = 'Open search';
export const CLOSE_SEARCH_LABEL = 'Close search';

export type AppHeaderProps = {
  /** Logo and product name. */
  left?: ReactNode;
  /** The global search box; takes the free space in the middle. */
  search?: ReactNode;
  /** Notifications, pending tasks, the user menu. */
  right?: ReactNode;
  /** The button that opens the navigation on a narrow screen, placed first. */
  menuButton?: ReactNode;
  /** A narrow screen: the search waits behind a button and opens in a row of its own under the bar. */
  compact?: boolean;
};

const HEIGHT = 56;

/** The shell's header bar: three layout slots, nothing else. */
export function AppHeader({ left, search, right, menuButton, compact = false }: AppHeaderProps) {
  const { token } = theme.useToken();
  const frame = {
    background: token.colorBgContainer,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
  };
  if (compact)
    return <CompactHeader frame={frame} left={left} search={search} right={right} menuButton={menuButton} />;
  return (
    <header
      className="carelane-app-header"
      style={{ display: 'flex', alignItems: 'center', gap: 16, height: HEIGHT, padding: '0 24px', ...frame }}
    >
      {menuButton}
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

function CompactHeader({
  frame,
  left,
  search,
  right,
  menuButton,
}: Omit<AppHeaderProps, 'compact'> & { frame: { background: string; borderBottom: string } }) {
  const [searching, setSearching] = useState(false);
  const searchRow = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const rowId = useId();

  useEffect(() => {
    if (searching) searchRow.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, [searching]);

  const closeOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    setSearching(false);
    toggle.current?.focus();
  };

  return (
    <header className="carelane-app-header carelane-app-header-compact" style={{ ...frame, minWidth: 0 }}>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 4,
          height: HEIGHT,
          padding: '0 8px',
          minWidth: 0,
        }}
      >
        {menuButton}
        <Flex align="center" gap={8} className="carelane-app-header-left" style={{ minWidth: 0, flex: 1 }}>
          {left}
        </Flex>
        <Flex align="center" gap={4} className="carelane-app-header-right" style={{ flex: 'none' }}>
          {search ? (
            <Button
              ref={toggle}
              type="text"
              icon={searching ? <CloseIcon /> : <SearchIcon />}
              aria-label={searching ? CLOSE_SEARCH_LABEL : OPEN_SEARCH_LABEL}
              aria-expanded={searching}
              aria-controls={rowId}
              onClick={() => setSearching((was) => !was)}
            />
          ) : null}
          {right}
        </Flex>
      </div>
      {search ? (
        <div
          id={rowId}
          ref={searchRow}
          hidden={!searching}
          onKeyDown={closeOnEscape}
          className="carelane-app-header-search"
          style={{ padding: '0 8px 8px' }}
        >
          {search}
        </div>
      ) : null}
    </header>
  );
}
