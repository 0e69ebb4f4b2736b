// React-query options and the URL of /invite (issue 27): the clinician invitations (status and page in the URL;
// keys start with 'provider', so the server's entityChanged of a clinician refreshes them), sending one again,
// and inviting an organization user (a user without a password gets the emailed link to set one).
import {
  INVITATION_STATUSES,
  ORGANIZATION_ROLE_IDS,
  clinicianInvitationListSchema,
  clinicianInvitationSchema,
  managedRoleIds,
  userSchema,
  type ClinicianInvitationInput,
  type CreateUserRequest,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { listFilterFields } from '@carelane/shared-ui';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

export const INVITATIONS_KEY = ['provider', 'invitations'] as const;

export const inviteUrlSchema = z.object({
  pageNumber: listFilterFields.pageNumber,
  pageSize: listFilterFields.pageSize,
  status: z.enum(INVITATION_STATUSES).optional().catch(undefined),
});
export type InviteUrl = z.infer<typeof inviteUrlSchema>;

export const inviteQueries = {
  list: (filters: InviteUrl) =>
    queryOptions({
      queryKey: [...INVITATIONS_KEY, filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/clinicianInvitations', clinicianInvitationListSchema, {
          searchParams: filters,
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
};

export const inviteCalls = {
  inviteClinician: (input: ClinicianInvitationInput) =>
    apiClient.post('/api/admin/clinicianInvitations', input, clinicianInvitationSchema),
  inviteOrganizationUser: (input: CreateUserRequest) => apiClient.post('/api/admin/users', input, userSchema),
};

/** The organization roles the signed-in user may give (SPEC §6 role management): none hides that form. */
export const organizationRolesManagedBy = (roleId: number | undefined) =>
  roleId === undefined ? [] : managedRoleIds(roleId).filter((id) => ORGANIZATION_ROLE_IDS.includes(id));
