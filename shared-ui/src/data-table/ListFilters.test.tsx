import { render, screen, within } from '@testing-library/react';
import { ListFilters } from './ListFilters';
import { CARD_LAYOUT_QUERY } from './use-card-layout';

describe('ListFilters', () => {
  it('groups the filters under a name, and stacks them full width where lists are cards', () => {
    render(
      <ListFilters label="Invoice filters">
        <select aria-label="Status" style={{ width: 180 }} />
      </ListFilters>,
    );
    const group = screen.getByRole('group', { name: 'Invoice filters' });
    expect(within(group).getByRole('combobox', { name: 'Status' })).toBeTruthy();
    const css = document.querySelector(
      'style[data-href="carelane-list-filters"], style[href="carelane-list-filters"]',
    )?.textContent;
    expect(css).toContain(`@media ${CARD_LAYOUT_QUERY}`);
    expect(css).toMatch(/flex-direction: column/);
  });
});
