import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from 'antd';
import { EmptyState } from '../empty-state/EmptyState';
import { PageFrame } from './PageFrame';

const meta: Meta<typeof PageFrame> = {
  title: 'Layout/PageFrame',
  component: PageFrame,
  parameters: { layout: 'fullscreen' },
};
export default meta;
type Story = StoryObj<typeof PageFrame>;

export const TitleOnly: Story = {
  args: { title: 'Patients', children: <EmptyState title="No patients yet" /> },
};

export const WithSubtitleAndActions: Story = {
  args: {
    title: 'Invoices',
    subtitle: 'Invoices sent to organizations, newest first',
    actions: (
      <>
        <Button>Export</Button>
        <Button type="primary">New invoice</Button>
      </>
    ),
    children: <p>The invoice list goes here.</p>,
  },
};
