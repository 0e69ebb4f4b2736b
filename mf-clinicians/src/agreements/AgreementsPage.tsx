// /credentialForm: a clinician reads, fills and signs the agreements in force for their type (the PDF made in
// the browser, stored with its SHA-256) and opens the signed ones; ?returnTo=/providerOnboard brings them back
// to onboarding once all are signed. Staff open a clinician's agreements (?providerId=); credential reviewers
// also manage the templates and their versions.
import { canReviewCredentials, ROLE } from '@carelane/shared-domain';
import { canOpen, navigateTo, useSession, useUrlState } from '@carelane/shared-session';
import { EmptyState, loadState, PageFrame } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { AgreementList } from './AgreementList';
import { agreementQueries } from './agreement-queries';
import { SignAgreement } from './SignAgreement';
import { TemplateManager } from './TemplateManager';

const paramsSchema = z.object({
  providerId: z.coerce.number().int().positive().optional(),
  /** An in-app path to go back to (onboarding); anything else is ignored. */
  returnTo: z
    .string()
    .regex(/^\/(?![/\\])[^\s\\]*$/)
    .optional()
    .catch(undefined),
});

function OwnAgreements({ returnTo }: { returnTo: string | undefined }) {
  const query = useQuery(agreementQueries.ofClinician(null));
  const [signing, setSigning] = useState<number | null>(null);
  const loaded = loadState(query, 'your agreements', { keepStale: true });
  if (!loaded.data) return <Card title="Agreements">{loaded.fallback}</Card>;
  const data = loaded.data;
  const template = data.toSign.find((t) => t.id === signing && !t.signed);
  const unsigned = data.toSign.filter((t) => !t.signed);
  if (template)
    return (
      <SignAgreement
        template={template}
        clinician={data}
        onCancel={() => setSigning(null)}
        onSigned={() => {
          setSigning(null);
          const othersLeft = unsigned.some((t) => t.id !== template.id && t.requiredForOnboarding);
          if (returnTo && !othersLeft) navigateTo(returnTo);
        }}
      />
    );
  return (
    <>
      {returnTo ? (
        <Alert
          type={unsigned.length ? 'info' : 'success'}
          showIcon
          style={{ maxWidth: 1100, marginBottom: 16 }}
          message={
            unsigned.length
              ? 'Sign the agreements below to continue onboarding.'
              : 'Every agreement is signed.'
          }
          action={
            <Button size="small" onClick={() => navigateTo(returnTo)}>
              Back to onboarding
            </Button>
          }
        />
      ) : null}
      <AgreementList data={data} onSign={setSigning} />
    </>
  );
}

function ClinicianAgreementsView({ providerId }: { providerId: number }) {
  const query = useQuery(agreementQueries.ofClinician(providerId));
  const loaded = loadState(query, 'the agreements', { keepStale: true });
  if (!loaded.data) return <Card title="Agreements">{loaded.fallback}</Card>;
  return <AgreementList data={loaded.data} />;
}

export default function AgreementsPage() {
  const session = useSession();
  const [{ providerId, returnTo }] = useUrlState(paramsSchema);
  if (session?.user.roleId === ROLE.CLINICIAN)
    return (
      <PageFrame title="My agreements">
        <OwnAgreements returnTo={returnTo} />
      </PageFrame>
    );
  const reviewer = !!session && canReviewCredentials(session.privileges);
  if (providerId && canOpen(session, 'providerDetail'))
    return (
      <PageFrame title="Clinician agreements">
        <ClinicianAgreementsView providerId={providerId} />
        {reviewer ? <TemplateManager /> : null}
      </PageFrame>
    );
  if (reviewer)
    return (
      <PageFrame title="Agreements and credential forms">
        <TemplateManager />
      </PageFrame>
    );
  return (
    <PageFrame title="Clinician agreements">
      <EmptyState
        title="Choose a clinician"
        description="Open a clinician from the clinician list to see their agreements."
      />
    </PageFrame>
  );
}
