import dayjs from 'dayjs';

export type EngagementColor = 'red' | 'orange' | 'green';

/** SPEC §4: last login over 14 days ago red, over 7 days orange, else green; never logged in is red. */
export function engagementColor(
  lastLogin: Date | string | null | undefined,
  now: Date = new Date(),
): EngagementColor {
  if (lastLogin === null || lastLogin === undefined || lastLogin === '') return 'red';
  const login = dayjs(lastLogin);
  if (!login.isValid()) return 'red';
  const daysAgo = dayjs(now).diff(login, 'day', true);
  if (daysAgo > 14) return 'red';
  if (daysAgo > 7) return 'orange';
  return 'green';
}
