import dayjs from 'dayjs';
import { todayIn } from '@carelane/shared-domain';

/** The demo organizations are in Texas: their calendar is Central time (decision 039). */
export const DEMO_ORG_ZONE = 'America/Chicago';

/**
 * The organization's calendar date `offset` days from its today, YYYY-MM-DD. The server judges "in the past" and
 * "today" on the organization's calendar, which differs from UTC's for hours each day.
 */
export function orgDay(offset: number, zone: string = DEMO_ORG_ZONE): string {
  return dayjs(todayIn(zone)).add(offset, 'day').format('YYYY-MM-DD');
}
