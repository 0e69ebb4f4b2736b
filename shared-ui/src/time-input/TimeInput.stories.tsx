import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TimeInput } from './TimeInput';

const meta: Meta<typeof TimeInput> = {
  title: 'Inputs/TimeInput',
  component: TimeInput,
  args: { 'aria-label': 'Start time', onChange: fn(), style: { width: 200 } },
};
export default meta;
type Story = StoryObj<typeof TimeInput>;

/** Type '10am', '9:30 pm' or '22:00' and leave the field: it shows 10:00 AM, 9:30 PM, 10:00 PM. */
export const Empty: Story = {};

export const WithTime: Story = { args: { value: '18:00' } };

/** In the organization's zone: its name follows the field when your browser is in another zone. */
export const InAnotherZone: Story = {
  args: { value: '10:00', timeZone: 'Pacific/Honolulu', date: '2026-11-28' },
};
