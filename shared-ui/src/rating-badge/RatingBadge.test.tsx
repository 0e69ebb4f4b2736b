import { RATING_TOOLTIP_LINES } from '@carelane/shared-domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RatingBadge } from './RatingBadge';

function badge(rating: number | null | undefined) {
  const { container, unmount } = render(<RatingBadge rating={rating} />);
  const tag = container.querySelector('.carelane-rating') as HTMLElement;
  const result = { text: tag.textContent, color: tag.dataset.color, className: tag.className };
  unmount();
  return result;
}

describe('RatingBadge', () => {
  it('shows 3.5 in green', () => {
    const shown = badge(3.5);
    expect(shown.text).toBe('3.5');
    expect(shown.color).toBe('green');
    expect(shown.className).toContain('ant-tag-green');
  });

  it('shows one decimal', () => {
    expect(badge(4).text).toBe('4.0');
    expect(badge(4.26).text).toBe('4.3');
  });

  it('shows 2.5 to below 3.5 in orange', () => {
    expect(badge(2.5)).toMatchObject({ text: '2.5', color: 'orange' });
    expect(badge(3.4)).toMatchObject({ text: '3.4', color: 'orange' });
    expect(badge(3.0).className).toContain('ant-tag-orange');
  });

  it('shows below 2.5 in red', () => {
    expect(badge(2.4)).toMatchObject({ text: '2.4', color: 'red' });
    expect(badge(1).className).toContain('ant-tag-red');
  });

  it('never shows a rounded number in the colour of the other band', () => {
    // 2.49 reads 2.5 on the badge, and 3.46 reads 3.5: the colour follows what is read.
    expect(badge(2.49)).toMatchObject({ text: '2.5', color: 'orange' });
    expect(badge(2.44)).toMatchObject({ text: '2.4', color: 'red' });
    expect(badge(3.46)).toMatchObject({ text: '3.5', color: 'green' });
  });

  it("shows 'NR' in grey for zero or no rating", () => {
    for (const rating of [0, null, undefined]) {
      const shown = badge(rating);
      expect(shown).toMatchObject({ text: 'NR', color: 'grey' });
      expect(shown.className).not.toMatch(/ant-tag-(green|orange|red)/);
    }
    render(<RatingBadge rating={0} />);
    expect(screen.getByLabelText('Provider rating: not rated')).toBeTruthy();
  });

  it('names the rating for screen readers', () => {
    render(<RatingBadge rating={4.26} />);
    expect(screen.getByLabelText('Provider rating 4.3').textContent).toBe('4.3');
  });

  it('shows the three tooltip lines on hover, with the detail values when given', async () => {
    const user = userEvent.setup();
    render(
      <RatingBadge
        rating={4.2}
        details={{ assignmentsReliability: 4.5, notesReliability: 3.96, satisfaction: null }}
      />,
    );
    await user.hover(screen.getByText('4.2'));
    const tooltip = await screen.findByRole('tooltip');
    const lines = Array.from(tooltip.querySelectorAll('li')).map((li) => li.textContent);
    expect(lines).toEqual([
      'Assignments Reliability: 4.5',
      'Notes Reliability: 4.0',
      'Patient/Supervisor Satisfaction Rating',
    ]);
  });

  it('shows the three tooltip lines without details', async () => {
    const user = userEvent.setup();
    render(<RatingBadge rating={null} />);
    await user.hover(screen.getByText('NR'));
    const tooltip = await screen.findByRole('tooltip');
    expect(Array.from(tooltip.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      ...RATING_TOOLTIP_LINES,
    ]);
  });
});
