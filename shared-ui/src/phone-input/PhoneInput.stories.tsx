import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PhoneInput } from './PhoneInput';

const meta: Meta<typeof PhoneInput> = {
  title: 'Inputs/PhoneInput',
  component: PhoneInput,
  args: { 'aria-label': 'Phone', placeholder: '512-555-0100', onChange: fn(), style: { width: 240 } },
};
export default meta;
type Story = StoryObj<typeof PhoneInput>;

/** Type '(512) 555.0100' or '+1 512 555 0100' and leave the field: it shows 512-555-0100. */
export const Empty: Story = {};

export const Prefilled: Story = { args: { defaultValue: '+1 (512) 555-0100' } };

/** Leave the field to see the message. */
export const Invalid: Story = { args: { defaultValue: '555-0100' } };

export const Required: Story = { args: { required: true } };
