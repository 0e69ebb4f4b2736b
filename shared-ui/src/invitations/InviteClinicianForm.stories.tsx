import type { Meta, StoryObj } from '@storybook/react-vite';
import { InviteClinicianForm } from './InviteClinicianForm';

const meta: Meta<typeof InviteClinicianForm> = {
  title: 'Forms/InviteClinicianForm',
  component: InviteClinicianForm,
  parameters: {
    docs: {
      description: {
        component:
          'Invites a clinician (POST /api/admin/clinicianInvitations): their record at the first onboarding step and a ' +
          'one-time registration link by email, and by SMS when a mobile number is given. Used by /providerOnboard ' +
          'and /invite; `onSent` lets a list of invitations read itself again.',
      },
    },
  },
};
export default meta;

type Story = StoryObj<typeof InviteClinicianForm>;

/** The empty form, as staff open it. */
export const Empty: Story = {};
