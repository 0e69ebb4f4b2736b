import { DATE_FORMAT, type DateRange } from '@carelane/shared-domain';
import { DatePicker, Flex, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { applyDateRange } from './apply-date-range';

export type DateRangeFilterProps = {
  value: DateRange;
  /** Receives the range after the SPEC §5 rules: start of day, end of day, clamped to maxDays. */
  onChange: (range: DateRange) => void;
  /** The longest range allowed, in calendar days (180 for patients, 365 for invoices…). */
  maxDays?: number;
  /** Names the filter for screen readers; defaults to 'Date range'. */
  label?: string;
  disabled?: boolean;
};

/** A M/D/YYYY date range picker that applies the SPEC §5 date-range rules before reporting a change. */
export function DateRangeFilter({
  value,
  onChange,
  maxDays,
  label = 'Date range',
  disabled,
}: DateRangeFilterProps) {
  const [notice, setNotice] = useState('');

  const handleChange = (dates: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = dates ?? [null, null];
    if (!start || !end) return;
    const { range, clamped } = applyDateRange(value, { start: start.toDate(), end: end.toDate() }, maxDays);
    setNotice(clamped && maxDays ? `The range was limited to ${maxDays} days.` : '');
    onChange(range);
  };

  return (
    <Flex vertical gap={4} className="carelane-date-range-filter">
      <DatePicker.RangePicker
        aria-label={label}
        value={[dayjs(value.start), dayjs(value.end)]}
        format={DATE_FORMAT}
        allowClear={false}
        disabled={disabled}
        // Reported as picked, not swapped: SPEC §5 makes an end before the start the one day of the start.
        order={false}
        onChange={handleChange}
      />
      <Typography.Text type="secondary" aria-live="polite" style={{ fontSize: 12, minHeight: 0 }}>
        {notice}
      </Typography.Text>
    </Flex>
  );
}
