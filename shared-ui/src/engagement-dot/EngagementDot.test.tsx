import { render, screen } from '@testing-library/react';
import { EngagementDot } from './EngagementDot';

const NOW = new Date(2025, 5, 30, 12);
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

function dot(lastLogin: Date | string | null) {
  const { unmount } = render(<EngagementDot lastLogin={lastLogin} now={NOW} />);
  const element = screen.getByRole('img');
  const shown = { label: element.getAttribute('aria-label'), color: element.dataset.color };
  unmount();
  return shown;
}

describe('EngagementDot', () => {
  it('is green for a login in the last 7 days', () => {
    expect(dot(daysAgo(1))).toEqual({
      label: 'Engagement: active in the last 7 days (last login 6/29/2025)',
      color: 'green',
    });
    expect(dot(daysAgo(7)).color).toBe('green');
  });

  it('is orange for a last login over 7 days ago', () => {
    expect(dot(daysAgo(7.5))).toEqual({
      label: 'Engagement: last login over 7 days ago (last login 6/23/2025)',
      color: 'orange',
    });
    expect(dot(daysAgo(14)).color).toBe('orange');
  });

  it('is red for a last login over 14 days ago', () => {
    expect(dot(daysAgo(15))).toEqual({
      label: 'Engagement: last login over 14 days ago (last login 6/15/2025)',
      color: 'red',
    });
  });

  it('is red with its own label for someone who never logged in', () => {
    expect(dot(null)).toEqual({ label: 'Engagement: never logged in', color: 'red' });
  });

  it('accepts the ISO text the API sends', () => {
    expect(dot(daysAgo(10).toISOString()).color).toBe('orange');
  });
});
