import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResponsiveShell, type ResponsiveShellProps } from './ResponsiveShell';
import { NARROW_SCREEN_QUERY } from './use-narrow-screen';

const realMatchMedia = window.matchMedia;

/** A screen narrower than the breakpoint (`narrow`) or wider; flipping it later tells the listeners. */
function screenWidth(narrow: boolean) {
  const listeners = new Set<() => void>();
  let matches = narrow;
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === NARROW_SCREEN_QUERY && matches;
    },
    media: query,
    onchange: null,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return (next: boolean) => {
    matches = next;
    act(() => listeners.forEach((listener) => listener()));
  };
}

afterEach(() => {
  window.matchMedia = realMatchMedia;
});

function Shell(props: Partial<ResponsiveShellProps>) {
  return (
    <ResponsiveShell
      header={({ menuButton }) => (
        <header>
          {menuButton}
          <span>Carelane</span>
        </header>
      )}
      navigation={
        <nav aria-label="Main navigation">
          <a href="/notes">Visit notes</a>
        </nav>
      }
      {...props}
    >
      <main>
        <h1>Clinician visits</h1>
      </main>
    </ResponsiveShell>
  );
}

describe('ResponsiveShell', () => {
  it('on a wide screen shows the navigation beside the page, with no menu button', () => {
    screenWidth(false);
    render(<Shell />);
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Clinician visits' })).toBeTruthy();
  });

  it('lets the page shrink: the content slot has min-width 0 and wraps long words', () => {
    screenWidth(true);
    render(<Shell />);
    const slot = screen.getByRole('main').parentElement!;
    const style = getComputedStyle(slot);
    expect(parseFloat(style.minWidth)).toBe(0);
    expect(style.overflowWrap).toBe('anywhere');
  });

  it('on a narrow screen hides the navigation behind the menu button until it is pressed', async () => {
    screenWidth(true);
    const user = userEvent.setup();
    render(<Shell />);
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(drawer.contains(screen.getByRole('navigation', { name: 'Main navigation' }))).toBe(true);
    const controlled = document.getElementById(button.getAttribute('aria-controls')!);
    expect(controlled?.contains(screen.getByRole('link', { name: 'Visit notes' }))).toBe(true);
  });

  it('closes the drawer on Escape and gives the focus back to the menu button', async () => {
    screenWidth(true);
    const user = userEvent.setup();
    render(<Shell />);
    const button = screen.getByRole('button', { name: 'Menu' });
    button.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Menu' });
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('closes the drawer when a link in it is tapped, and when the page changes', async () => {
    screenWidth(true);
    const user = userEvent.setup();
    const { rerender } = render(<Shell locationKey="/providervisits" />);
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    const link = await screen.findByRole('link', { name: 'Visit notes' });
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    rerender(<Shell locationKey="/notes" />);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('turns the drawer back into the sidebar when the screen grows', async () => {
    const resize = screenWidth(true);
    const user = userEvent.setup();
    render(<Shell />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    resize(false);
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });

  it('without navigation has no menu button, even on a narrow screen', () => {
    screenWidth(true);
    render(<Shell navigation={null} />);
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Clinician visits' })).toBeTruthy();
  });
});
