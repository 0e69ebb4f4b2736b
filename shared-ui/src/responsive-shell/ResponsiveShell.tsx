import { Button, Drawer, Layout, theme } from 'antd';
import { type MouseEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { MenuIcon } from './icons';
import { useNarrowScreen } from './use-narrow-screen';

export const MENU_BUTTON_LABEL = 'Menu';
export const SIDEBAR_WIDTH = 248;

/** What the shell hands its header: whether the screen is narrow, and the menu button to place first. */
export type ShellHeaderParts = { narrow: boolean; menuButton: ReactNode };

export type ResponsiveShellProps = {
  /** The header bar, given the menu button (null on a wide screen or without navigation). */
  header?: (parts: ShellHeaderParts) => ReactNode;
  /** The navigation: a sidebar on a wide screen, a drawer behind the menu button on a narrow one. */
  navigation?: ReactNode;
  /** Changes whenever the user goes to another page (the path): the drawer closes. */
  locationKey?: string;
  /** The page. */
  children: ReactNode;
};

/** A tap on a link in the drawer closes it, also when the link leads to the page already shown. */
function closeOnLink(close: () => void) {
  return (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) close();
  };
}

/**
 * Header, navigation and content for every area. Wide: the navigation is a sidebar beside the content. Narrow
 * (below antd's `lg`): it is a drawer that opens only from the menu button, closes on Escape, on a tap outside
 * and when the user navigates, and gives the focus back to the button. The content never forces the page wider
 * than the screen: it may shrink (min-width 0) and long words wrap.
 */
export function ResponsiveShell({ header, navigation, locationKey, children }: ResponsiveShellProps) {
  const narrow = useNarrowScreen();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [shownKey, setShownKey] = useState(locationKey);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawerId = useId();
  const hasNavigation = navigation !== undefined && navigation !== null && navigation !== false;
  const drawer = narrow && hasNavigation;

  if (shownKey !== locationKey) {
    setShownKey(locationKey);
    if (open) setOpen(false);
  }
  useEffect(() => {
    if (!drawer) setOpen(false);
  }, [drawer]);

  const button = drawer ? (
    <Button
      ref={menuButton}
      type="text"
      icon={<MenuIcon />}
      aria-label={MENU_BUTTON_LABEL}
      aria-expanded={open}
      aria-controls={drawerId}
      onClick={() => setOpen((was) => !was)}
      className="carelane-menu-button"
    />
  ) : null;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {header?.({ narrow, menuButton: button })}
      <Layout hasSider={hasNavigation && !narrow} style={{ minWidth: 0 }}>
        {hasNavigation && !narrow ? (
          <Layout.Sider
            width={SIDEBAR_WIDTH}
            theme="light"
            style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}`, overflowY: 'auto' }}
          >
            {navigation}
          </Layout.Sider>
        ) : null}
        {/* Not antd's Layout.Content: that is a <main>, and the page brings its own. */}
        <div
          className="carelane-content-slot"
          style={{ flex: 'auto', minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {children}
        </div>
      </Layout>
      {drawer ? (
        <Drawer
          open={open}
          onClose={() => setOpen(false)}
          afterOpenChange={(opened) => {
            if (!opened) menuButton.current?.focus();
          }}
          placement="left"
          title={MENU_BUTTON_LABEL}
          size={Math.min(SIDEBAR_WIDTH + 32, 320)}
          forceRender
          styles={{ body: { padding: 0 } }}
        >
          <div id={drawerId} onClickCapture={closeOnLink(() => setOpen(false))}>
            {navigation}
          </div>
        </Drawer>
      ) : null}
    </Layout>
  );
}
