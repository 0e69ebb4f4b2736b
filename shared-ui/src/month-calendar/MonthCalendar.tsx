import { Calendar, Flex, Select, type CalendarProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

export type MonthCalendarProps = Omit<CalendarProps<Dayjs>, 'headerRender' | 'fullscreen'>;

const MONTHS = Array.from({ length: 12 }, (_, month) => ({
  value: month,
  label: dayjs().month(month).format('MMMM'),
}));

/**
 * antd's small month calendar, with a header whose month and year pickers are named: antd's own header leaves
 * them without a name (axe: label, critical), so every area shows a calendar through this one.
 */
export function MonthCalendar(props: MonthCalendarProps) {
  return (
    <Calendar
      {...props}
      fullscreen={false}
      headerRender={({ value, onChange }) => {
        const year = value.year();
        const years = Array.from({ length: 21 }, (_, index) => year - 10 + index).map((each) => ({
          value: each,
          label: String(each),
        }));
        return (
          <Flex gap={8} justify="flex-end" style={{ padding: 8 }} className="carelane-month-calendar-header">
            <Select
              size="small"
              aria-label="Month"
              value={value.month()}
              options={MONTHS}
              popupMatchSelectWidth={false}
              onChange={(month: number) => onChange(value.month(month))}
            />
            <Select
              size="small"
              aria-label="Year"
              value={year}
              options={years}
              onChange={(chosen: number) => onChange(value.year(chosen))}
            />
          </Flex>
        );
      }}
    />
  );
}
