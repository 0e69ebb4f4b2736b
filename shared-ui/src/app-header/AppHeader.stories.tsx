import type { Meta, StoryObj } from '@storybook/react-vite';
import { Avatar, Badge, Button, Input, Typography } from 'antd';
import { AppHeader } from './AppHeader';

const meta: Meta<typeof AppHeader> = {
  title: 'Layout/AppHeader',
  component: AppHeader,
  parameters: { layout: 'fullscreen' },
};
export default meta;
type Story = StoryObj<typeof AppHeader>;

export const Shell: Story = {
  args: {
    left: (
      <Typography.Text strong style={{ fontSize: 18 }}>
        Carelane
      </Typography.Text>
    ),
    search: <Input.Search placeholder="Search patients, clinicians, visits (/)" style={{ maxWidth: 480 }} />,
    right: (
      <>
        <Badge count={3}>
          <Button>Tasks</Button>
        </Badge>
        <Avatar>AM</Avatar>
      </>
    ),
  },
};

export const Empty: Story = { args: {} };

/** A phone: the search waits behind its button, the user menu is the user's initials. */
export const Compact: Story = {
  args: {
    ...Shell.args,
    compact: true,
    menuButton: (
      <Button type="text" aria-label="Menu" aria-expanded={false}>
        ☰
      </Button>
    ),
    right: <Avatar>AM</Avatar>,
  },
};
