// `/invite` (issue 27): staff invite clinicians (the invitation API of onboarding: one pending invitation per
// address, sent again rather than doubled; the per-address hourly cap) and, where their role may give one, users
// of an organization; below, the clinician invitations with where each stands.
import { useSession, useUrlState } from '@carelane/shared-session';
import { InviteClinicianForm, PageFrame } from '@carelane/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import { Flex } from 'antd';
import { InvitationList } from './InvitationList';
import { INVITATIONS_KEY, inviteUrlSchema, organizationRolesManagedBy } from './invite-queries';
import { InviteOrganizationUserForm } from './InviteOrganizationUserForm';

/** `/invite` */
export default function InvitePage() {
  const session = useSession();
  const [url, setUrl] = useUrlState(inviteUrlSchema);
  const queryClient = useQueryClient();
  const organizationRoles = organizationRolesManagedBy(session?.user.roleId);
  return (
    <PageFrame title="Invitations">
      <Flex vertical gap={16}>
        <Flex gap={16} wrap align="flex-start">
          <InviteClinicianForm
            onSent={() => void queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY })}
          />
          {organizationRoles.length ? <InviteOrganizationUserForm roleIds={organizationRoles} /> : null}
        </Flex>
        <h2 style={{ fontSize: 18, margin: 0 }}>Clinician invitations</h2>
        <InvitationList url={url} setUrl={setUrl} />
      </Flex>
    </PageFrame>
  );
}
