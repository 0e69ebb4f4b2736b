import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DateInput } from './DateInput';

const meta: Meta<typeof DateInput> = {
  title: 'Inputs/DateInput',
  component: DateInput,
  args: { 'aria-label': 'Birthday', onChange: fn(), style: { width: 200 } },
};
export default meta;
type Story = StoryObj<typeof DateInput>;

/** Type '03/07/1950' and leave the field: it shows 3/7/1950. */
export const Empty: Story = {};

export const WithDate: Story = { args: { defaultValue: new Date(1950, 2, 7) } };

/** Leave the field to see the message ('2/30/2024' is not a date). */
export const Invalid: Story = { args: { defaultValue: null, placeholder: 'Try 2/30/2024' } };
