import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex, Typography } from 'antd';
import { EngagementDot } from './EngagementDot';

const NOW = new Date(2025, 5, 30, 12);
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

const meta: Meta<typeof EngagementDot> = {
  title: 'Data/EngagementDot',
  component: EngagementDot,
  args: { now: NOW },
};
export default meta;
type Story = StoryObj<typeof EngagementDot>;

export const Green: Story = { args: { lastLogin: daysAgo(2) } };
export const Orange: Story = { args: { lastLogin: daysAgo(10) } };
export const Red: Story = { args: { lastLogin: daysAgo(30) } };
export const NeverLoggedIn: Story = { args: { lastLogin: null } };

export const InAList: Story = {
  render: () => (
    <Flex vertical gap={8}>
      {[
        ['Ana Lopez, RN', 1],
        ['Ben Carter, PT', 8],
        ['Chloe Nguyen, OT', 21],
      ].map(([name, days]) => (
        <Flex key={name} gap={8} align="center">
          <EngagementDot lastLogin={daysAgo(Number(days))} now={NOW} />
          <Typography.Text>{name}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  ),
};
