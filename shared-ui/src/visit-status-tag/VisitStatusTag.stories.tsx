import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from 'antd';
import { VISIT_STATUSES } from '@carelane/shared-domain';
import { VisitStatusTag } from './VisitStatusTag';

const meta: Meta<typeof VisitStatusTag> = {
  title: 'Data/VisitStatusTag',
  component: VisitStatusTag,
  argTypes: { status: { control: 'select', options: VISIT_STATUSES } },
};
export default meta;
type Story = StoryObj<typeof VisitStatusTag>;

export const Published: Story = { args: { status: 'Active' } };
export const StaffedShiftFacilityUnaccepted: Story = {
  args: { status: 'Staffed', episodeType: 'Shift', shiftConfirmedByFacility: false },
};
export const LateCancelled: Story = { args: { status: 'NotesApproved', lateCancellation: true } };

export const EveryStatus: Story = {
  render: () => (
    <Flex gap={8} wrap>
      {VISIT_STATUSES.map((status) => (
        <VisitStatusTag key={status} status={status} />
      ))}
    </Flex>
  ),
};
