import { formatDate, type DateRange } from '@carelane/shared-domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { applyDateRange } from './apply-date-range';
import { DateRangeFilter } from './DateRangeFilter';

const day = (month: number, date: number, year = 2025) => new Date(year, month - 1, date, 10, 30);
const shown = (range: DateRange) => `${formatDate(range.start)}–${formatDate(range.end)}`;
const isStartOfDay = (date: Date) =>
  date.getHours() === 0 && date.getMinutes() === 0 && date.getSeconds() === 0 && date.getMilliseconds() === 0;
const isEndOfDay = (date: Date) =>
  date.getHours() === 23 &&
  date.getMinutes() === 59 &&
  date.getSeconds() === 59 &&
  date.getMilliseconds() === 999;

describe('applyDateRange', () => {
  const previous = { start: day(1, 1), end: day(1, 31) };

  it('sets the start to the start of its day and the end to the end of its day', () => {
    const { range, clamped } = applyDateRange(previous, { start: day(2, 1), end: day(2, 10) });
    expect(shown(range)).toBe('2/1/2025–2/10/2025');
    expect(isStartOfDay(range.start)).toBe(true);
    expect(isEndOfDay(range.end)).toBe(true);
    expect(clamped).toBe(false);
  });

  it('makes an end before the start one day', () => {
    const { range } = applyDateRange(previous, { start: day(3, 10), end: day(3, 2) });
    expect(shown(range)).toBe('3/10/2025–3/10/2025');
    expect(isStartOfDay(range.start) && isEndOfDay(range.end)).toBe(true);
  });

  it('moves the end when a new range is too long', () => {
    const { range, clamped } = applyDateRange(previous, { start: day(3, 1), end: day(12, 31) }, 180);
    expect(shown(range)).toBe('3/1/2025–8/27/2025'); // 180 days counting both ends
    expect(isEndOfDay(range.end)).toBe(true);
    expect(clamped).toBe(true);
  });

  it('keeps the end the user just moved and moves the start', () => {
    const { range } = applyDateRange(previous, { start: day(1, 1), end: day(12, 31) }, 30);
    expect(shown(range)).toBe('12/2/2025–12/31/2025');
    expect(isStartOfDay(range.start)).toBe(true);
  });

  it('leaves a range of exactly maxDays alone', () => {
    const { range, clamped } = applyDateRange(previous, { start: day(1, 1), end: day(12, 31) }, 365);
    expect(shown(range)).toBe('1/1/2025–12/31/2025');
    expect(clamped).toBe(false);
  });
});

function Harness({ maxDays, onChange }: { maxDays?: number; onChange: (range: DateRange) => void }) {
  const [range, setRange] = useState<DateRange>({ start: day(1, 1), end: day(1, 31) });
  return (
    <DateRangeFilter
      value={range}
      maxDays={maxDays}
      onChange={(next) => {
        onChange(next);
        setRange(next);
      }}
    />
  );
}

async function pickRange(startText: string, endText: string) {
  const user = userEvent.setup();
  const start = screen.getByPlaceholderText('Start date') as HTMLInputElement;
  const end = screen.getByPlaceholderText('End date') as HTMLInputElement;
  await user.click(start);
  await user.clear(start);
  await user.type(start, `${startText}{Enter}`);
  await user.clear(end);
  await user.type(end, `${endText}{Enter}`);
  return { start, end };
}

describe('DateRangeFilter', () => {
  it('shows the range as M/D/YYYY', () => {
    render(<Harness onChange={jest.fn()} />);
    expect((screen.getByPlaceholderText('Start date') as HTMLInputElement).value).toBe('1/1/2025');
    expect((screen.getByPlaceholderText('End date') as HTMLInputElement).value).toBe('1/31/2025');
  });

  it('reports a typed range from the start of its first day to the end of its last', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    await pickRange('2/3/2025', '2/20/2025');
    const range: DateRange = onChange.mock.lastCall[0];
    expect(shown(range)).toBe('2/3/2025–2/20/2025');
    expect(isStartOfDay(range.start) && isEndOfDay(range.end)).toBe(true);
  });

  it('clamps a range longer than maxDays and says so', async () => {
    const onChange = jest.fn();
    render(<Harness maxDays={180} onChange={onChange} />);
    const { start, end } = await pickRange('3/1/2025', '12/31/2025');
    expect(shown(onChange.mock.lastCall[0])).toBe('3/1/2025–8/27/2025');
    expect(start.value).toBe('3/1/2025');
    expect(end.value).toBe('8/27/2025');
    expect(screen.getByText('The range was limited to 180 days.')).toBeTruthy();
  });

  it('keeps a new end date and moves the start when only the end changed', async () => {
    const onChange = jest.fn();
    render(<Harness maxDays={30} onChange={onChange} />);
    await pickRange('1/1/2025', '3/31/2025');
    expect(shown(onChange.mock.lastCall[0])).toBe('3/2/2025–3/31/2025');
  });

  it('says nothing when the range fits', async () => {
    render(<Harness maxDays={180} onChange={jest.fn()} />);
    await pickRange('3/1/2025', '3/31/2025');
    expect(screen.queryByText(/limited to/)).toBeNull();
  });
});
