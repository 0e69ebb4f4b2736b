import { engagementColor } from './engagement';

describe('engagementColor', () => {
  const now = new Date(2024, 5, 30, 12, 0);
  const daysBefore = (days: number, hours = 0) => new Date(2024, 5, 30 - days, 12 - hours, 0);

  it.each([
    [daysBefore(0), 'green'],
    [daysBefore(7), 'green'],
    [daysBefore(7, 1), 'orange'],
    [daysBefore(14), 'orange'],
    [daysBefore(14, 1), 'red'],
    [daysBefore(60), 'red'],
  ])('last login %p is %s', (lastLogin, color) => {
    expect(engagementColor(lastLogin, now)).toBe(color);
  });

  it('reads ISO text', () => {
    expect(engagementColor('2024-06-20T12:00:00', now)).toBe('orange');
  });

  it.each([null, undefined, '', 'never'])('no usable last login (%p) is red', (lastLogin) => {
    expect(engagementColor(lastLogin, now)).toBe('red');
  });
});
