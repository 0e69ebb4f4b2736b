import type { Meta, StoryObj } from '@storybook/react-vite';
import { RecordStatusTag } from './RecordStatusTag';

const meta: Meta<typeof RecordStatusTag> = {
  title: 'Data/RecordStatusTag',
  component: RecordStatusTag,
  argTypes: { status: { control: 'select', options: ['ACTIVE', 'INACTIVE', 'ARCHIVED'] } },
};
export default meta;
type Story = StoryObj<typeof RecordStatusTag>;

export const Active: Story = { args: { status: 'ACTIVE' } };
export const Inactive: Story = { args: { status: 'INACTIVE' } };
export const ArchivedWithReason: Story = { args: { status: 'ARCHIVED', suffix: ': Patient discharged' } };
