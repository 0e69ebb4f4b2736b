import { clampDateRange, type DateRange } from '@carelane/shared-domain';
import dayjs from 'dayjs';

export type AppliedDateRange = { range: DateRange; clamped: boolean };

/**
 * SPEC §5 for a range the user just picked: start of day and end of day; an end before the start gives
 * one day; a range longer than `maxDays` keeps the end the user just changed and moves the other end.
 */
export function applyDateRange(previous: DateRange, picked: DateRange, maxDays?: number): AppliedDateRange {
  const startChanged = !dayjs(previous.start).isSame(picked.start, 'day');
  const endChanged = !dayjs(previous.end).isSame(picked.end, 'day');
  const moved = endChanged && !startChanged ? 'start' : 'end';
  const limit = maxDays !== undefined && maxDays > 0 ? maxDays : Number.POSITIVE_INFINITY;
  const range = clampDateRange(picked, limit, moved);
  const clamped =
    !dayjs(range.start).isSame(picked.start, 'day') || !dayjs(range.end).isSame(picked.end, 'day');
  return { range, clamped };
}
