import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from 'antd';
import { RatingBadge } from './RatingBadge';

const meta: Meta<typeof RatingBadge> = { title: 'Data/RatingBadge', component: RatingBadge };
export default meta;
type Story = StoryObj<typeof RatingBadge>;

export const Green: Story = {
  args: { rating: 4.26, details: { assignmentsReliability: 4.5, notesReliability: 4, satisfaction: 4.3 } },
};
export const Orange: Story = { args: { rating: 3.0 } };
export const Red: Story = { args: { rating: 2.4 } };
export const NotRated: Story = { args: { rating: 0 } };

/** Every band at its edges, as shown with one decimal: 3.5 green, 3.44 and 2.5 orange, 2.44 red, 0 and none NR. */
export const Bands: Story = {
  render: () => (
    <Flex gap={8}>
      {[4.8, 3.5, 3.44, 2.5, 2.44, 1, 0, null].map((rating) => (
        <RatingBadge key={String(rating)} rating={rating} />
      ))}
    </Flex>
  ),
};
