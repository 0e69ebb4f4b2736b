// /providercredential: a clinician sees their own credentials and submits new ones; staff open one
// clinician's (?providerId=); credential reviewers without a clinician chosen get the review queue.
import { canReviewCredentials, ROLE } from '@carelane/shared-domain';
import { canOpen, useSession, useUrlState } from '@carelane/shared-session';
import { EmptyState, PageFrame } from '@carelane/shared-ui';
import { z } from 'zod';
import { ClinicianCredentials } from './ClinicianCredentials';
import { CredentialReviewQueue } from './CredentialReviewQueue';

const paramsSchema = z.object({ providerId: z.coerce.number().int().positive().optional() });

export default function CredentialsPage() {
  const session = useSession();
  const [{ providerId }] = useUrlState(paramsSchema);
  const clinician = session?.user.roleId === ROLE.CLINICIAN;
  if (clinician)
    return (
      <PageFrame title="My credentials">
        <ClinicianCredentials providerId={null} />
      </PageFrame>
    );
  if (providerId && canOpen(session, 'providerDetail'))
    return (
      <PageFrame title="Clinician credentials">
        <ClinicianCredentials providerId={providerId} />
      </PageFrame>
    );
  if (session && canReviewCredentials(session.privileges))
    return (
      <PageFrame title="Credentials to review">
        <CredentialReviewQueue />
      </PageFrame>
    );
  return (
    <PageFrame title="Clinician credentials">
      <EmptyState
        title="Choose a clinician"
        description="Open a clinician from the clinician list to see their credentials."
      />
    </PageFrame>
  );
}
