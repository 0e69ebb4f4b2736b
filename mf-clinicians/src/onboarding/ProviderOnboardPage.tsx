// /providerOnboard (SPEC §4 onboardStep, issue 11): a clinician walks their own seven onboarding steps; staff
// who open clinicians see one clinician's progress read-only (?providerId=) and invite new clinicians.
import { ROLE } from '@carelane/shared-domain';
import { canOpen, useSession, useUrlState } from '@carelane/shared-session';
import { AreaLink, EmptyState, InviteClinicianForm, loadState, PageFrame } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Typography } from 'antd';
import { z } from 'zod';
import { ClinicianOnboarding } from './ClinicianOnboarding';
import { onboardingQueries } from './onboarding-queries';
import { OnboardingSteps, StillNeeded } from './OnboardingSteps';

const paramsSchema = z.object({ providerId: z.coerce.number().int().positive().optional() });

/** Staff: where one clinician stands, read-only. */
function OnboardingProgress({ providerId }: { providerId: number }) {
  const query = useQuery(onboardingQueries.of(providerId));
  const loaded = loadState(query, "the clinician's onboarding", { keepStale: true });
  if (!loaded.data) return <Card style={{ maxWidth: 1100 }}>{loaded.fallback}</Card>;
  const state = loaded.data;
  const current = state.steps.find((s) => s.step === state.onboardStep);
  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{`Onboarding of ${state.providerName}`}</h2>}
      style={{ maxWidth: 1100 }}
    >
      <OnboardingSteps state={state} />
      <Typography.Paragraph>
        {state.onboardStep === 'Done'
          ? 'Every onboarding step is done.'
          : `On the ${current?.label ?? state.onboardStep} step.`}
      </Typography.Paragraph>
      <StillNeeded missing={state.missing} />
      <AreaLink to={`/providercredential?providerId=${state.providerId}`}>Their credentials</AreaLink>
    </Card>
  );
}

export default function ProviderOnboardPage() {
  const session = useSession();
  const [{ providerId }] = useUrlState(paramsSchema);
  if (session?.user.roleId === ROLE.CLINICIAN)
    return (
      <PageFrame title="Onboarding">
        <ClinicianOnboarding />
      </PageFrame>
    );
  if (canOpen(session, 'providerDetail'))
    return (
      <PageFrame title="Clinician onboarding">
        <Flex vertical gap={16}>
          {providerId ? <OnboardingProgress providerId={providerId} /> : null}
          <InviteClinicianForm />
        </Flex>
      </PageFrame>
    );
  return (
    <PageFrame title="Onboarding">
      <EmptyState title="Nothing to show" description="Onboarding is for clinicians and their managers." />
    </PageFrame>
  );
}
