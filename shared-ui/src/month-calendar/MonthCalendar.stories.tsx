import type { Meta, StoryObj } from '@storybook/react-vite';
import dayjs from 'dayjs';
import { fn } from 'storybook/test';
import { MonthCalendar } from './MonthCalendar';

const meta: Meta<typeof MonthCalendar> = {
  title: 'Data/MonthCalendar',
  component: MonthCalendar,
  args: { onPanelChange: fn(), style: { maxWidth: 320 } },
};
export default meta;
type Story = StoryObj<typeof MonthCalendar>;

/** The month and year pickers are named 'Month' and 'Year' for screen readers. */
export const November2026: Story = { args: { defaultValue: dayjs('2026-11-24') } };
