import {
  type DateRange,
  defaultDateRange,
  formatDate,
  INVOICES_MAX_DAYS,
  PATIENT_CREATION_MAX_DAYS,
} from '@carelane/shared-domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { DateRangeFilter } from './DateRangeFilter';

function Controlled({ maxDays, initial }: { maxDays?: number; initial: DateRange }) {
  const [range, setRange] = useState(initial);
  return (
    <Flex vertical gap={8}>
      <DateRangeFilter value={range} onChange={setRange} maxDays={maxDays} />
      <Typography.Text type="secondary">
        Reported: {formatDate(range.start)} {range.start.toTimeString().slice(0, 8)} to{' '}
        {formatDate(range.end)} {range.end.toTimeString().slice(0, 8)}
      </Typography.Text>
    </Flex>
  );
}

const meta: Meta<typeof DateRangeFilter> = { title: 'Inputs/DateRangeFilter', component: DateRangeFilter };
export default meta;
type Story = StoryObj<typeof DateRangeFilter>;

/** Patient creation: at most 180 days; picking a longer range moves the other end. */
export const PatientCreation180Days: Story = {
  render: () => (
    <Controlled maxDays={PATIENT_CREATION_MAX_DAYS} initial={defaultDateRange('supplyRequest')} />
  ),
};

/** Invoices: at most 365 days, last 180 days by default. */
export const Invoices365Days: Story = {
  render: () => <Controlled maxDays={INVOICES_MAX_DAYS} initial={defaultDateRange('invoices')} />,
};

export const NoLimit: Story = { render: () => <Controlled initial={defaultDateRange('tasks')} /> };
