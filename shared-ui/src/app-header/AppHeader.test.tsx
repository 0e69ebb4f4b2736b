import { render, screen } from '@testing-library/react';
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
});
