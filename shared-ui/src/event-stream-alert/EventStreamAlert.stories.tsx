import { getBus } from '@carelane/shared-session';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { EventStreamAlert } from './EventStreamAlert';

const meta: Meta<typeof EventStreamAlert> = {
  title: 'Feedback/EventStreamAlert',
  component: EventStreamAlert,
};
export default meta;
type Story = StoryObj<typeof EventStreamAlert>;

/** What a page shows while the event stream is down. */
export const StreamDown: Story = {
  args: { message: 'Something is not right with messaging. You may not receive messages on time.' },
  decorators: [
    (Story) => {
      getBus().eventStream$.next('down');
      return <Story />;
    },
  ],
};
