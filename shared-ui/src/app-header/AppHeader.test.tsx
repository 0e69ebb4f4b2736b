import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppHeader } from './AppHeader';

describe('AppHeader', () => {
  it('places the three slots in the banner, left to right', () => {
    render(
      <AppHeader
        left={<span>Carelane</span>}
        search={<input aria-label="Search" />}
        right={<span>Menu</span>}
      />,
    );
    const banner = screen.getByRole('banner');
    expect(banner.textContent).toBe('CarelaneMenu');
    const slots = Array.from(banner.children).map((slot) => slot.className);
    expect(slots).toEqual([
      expect.stringContaining('carelane-app-header-left'),
      expect.stringContaining('carelane-app-header-search'),
      expect.stringContaining('carelane-app-header-right'),
    ]);
    expect(banner.children[1]?.contains(screen.getByRole('textbox', { name: 'Search' }))).toBe(true);
  });

  it('renders with empty slots', () => {
    render(<AppHeader />);
    expect(screen.getByRole('banner').textContent).toBe('');
  });

  it('on a narrow screen keeps the search behind a button that opens it, and Escape closes it', async () => {
    const user = userEvent.setup();
    render(
      <AppHeader
        compact
        menuButton={<button type="button">Menu</button>}
        left={<span>Carelane</span>}
        search={<input aria-label="Search" />}
        right={<button type="button">User menu</button>}
      />,
    );
    const banner = screen.getByRole('banner');
    expect(banner.textContent).toBe('MenuCarelaneUser menu');
    expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull();
    const open = screen.getByRole('button', { name: 'Open search' });
    expect(open.getAttribute('aria-expanded')).toBe('false');

    await user.click(open);
    const search = screen.getByRole('textbox', { name: 'Search' });
    expect(document.activeElement).toBe(search);
    const close = screen.getByRole('button', { name: 'Close search' });
    expect(close.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(close.getAttribute('aria-controls')!)?.contains(search)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Search' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open search' }));
  });

  it('on a narrow screen without a search shows no search button', () => {
    render(<AppHeader compact left={<span>Carelane</span>} />);
    expect(screen.queryByRole('button', { name: 'Open search' })).toBeNull();
  });
});
