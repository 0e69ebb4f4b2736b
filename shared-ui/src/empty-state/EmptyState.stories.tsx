import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from 'antd';
import { EmptyState } from './EmptyState';

const meta: Meta<typeof EmptyState> = { title: 'Feedback/EmptyState', component: EmptyState };
export default meta;
type Story = StoryObj<typeof EmptyState>;

export const TitleOnly: Story = { args: { title: 'No results' } };

export const WithAction: Story = {
  args: {
    title: 'No patients yet',
    description: 'Patients you add appear here.',
    action: <Button type="primary">New patient</Button>,
  },
};
