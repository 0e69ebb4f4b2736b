import {
  MESSAGES,
  organizationOnboardingSchema,
  type OrganizationOnboardStep,
  type OrganizationOnboarding,
} from '@carelane/shared-domain';
import {
  apiClient,
  errorMessage,
  publishErrorToast,
  publishToast,
  useSession,
} from '@carelane/shared-session';
import {
  EmptyState,
  PageFrame,
  loadState,
  AreaLink,
  FormFailure,
  refresh,
  useBusy,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Flex, Result, Steps, Typography } from 'antd';
import { useState } from 'react';
import { RateCard } from '../referral-sources/RateCard';
import { referralSourceQueries } from '../referral-sources/referral-source-queries';

const STEP_TITLES: Record<OrganizationOnboardStep, string> = {
  Rates: 'Rates',
  Contract: 'Agreement',
  Done: 'Done',
};

/** The short service agreement an organization accepts (our text; the signed contract is kept by Carelane). */
export const AGREEMENT_PARAGRAPHS = [
  'Carelane finds, credentials and schedules clinicians for the visits and shifts your organization requests.',
  'Your organization is billed for completed visits and shifts at the rates on its rate card. Carelane pays the clinicians.',
  'Your users keep patient information confidential and use the portal only for your organization’s patients.',
  'Either side may end this agreement with 30 days’ written notice; visits already staffed are completed and billed.',
];

function useAccept(onboarding: OrganizationOnboarding) {
  const { busy, run } = useBusy();
  const [failure, setFailure] = useState<string | null>(null);
  const accept = () =>
    run(async () => {
      setFailure(null);
      try {
        await apiClient.post(
          `/api/admin/referralSources/${onboarding.referralSourceId}/onboarding`,
          { step: onboarding.step, version: onboarding.version },
          organizationOnboardingSchema,
        );
        publishToast(MESSAGES.organizationSaved);
        refresh('referralSource');
      } catch (error) {
        const text = errorMessage(error, 'organization', 'saved');
        setFailure(text);
        publishErrorToast(text);
        refresh('referralSource');
      }
    });
  return { busy, failure, accept };
}

function RatesStep({ onboarding }: { onboarding: OrganizationOnboarding }) {
  const { busy, failure, accept } = useAccept(onboarding);
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph>
        These are the rates your organization is billed for each type of visit or shift. Accept them to go on
        to the agreement.
      </Typography.Paragraph>
      <RateCard referralSourceId={onboarding.referralSourceId} editable={false} />
      <FormFailure text={failure} />
      <div>
        <Button type="primary" loading={busy} onClick={() => void accept()}>
          Accept the rates
        </Button>
      </div>
    </Flex>
  );
}

function ContractStep({ onboarding }: { onboarding: OrganizationOnboarding }) {
  const { busy, failure, accept } = useAccept(onboarding);
  const [read, setRead] = useState(false);
  return (
    <Flex vertical gap={12} style={{ maxWidth: 720 }}>
      <Typography.Title level={4}>Service agreement</Typography.Title>
      {AGREEMENT_PARAGRAPHS.map((text) => (
        <Typography.Paragraph key={text}>{text}</Typography.Paragraph>
      ))}
      <Checkbox checked={read} onChange={(event) => setRead(event.target.checked)}>
        I have read the agreement and accept it for {onboarding.referralSourceName}.
      </Checkbox>
      <FormFailure text={failure} />
      <div>
        <Button type="primary" disabled={!read} loading={busy} onClick={() => void accept()}>
          Accept the agreement
        </Button>
      </div>
    </Flex>
  );
}

/** `/organizationOnboard`: the signed-in organization user's onboarding, Rates then Contract then Done (SPEC §4). */
export default function OrganizationOnboardPage() {
  const session = useSession();
  const referralSourceId = session?.user.referralSourceId ?? null;
  const onboarding = useQuery({
    ...referralSourceQueries.onboarding(referralSourceId ?? 0),
    enabled: referralSourceId !== null,
  });

  if (referralSourceId === null) {
    return (
      <PageFrame title="Organization onboarding">
        <EmptyState
          title="Onboarding is for organization users."
          description="Your account does not belong to an organization."
        />
      </PageFrame>
    );
  }
  const loaded = loadState(onboarding, 'the onboarding');
  if (!loaded.data) return <PageFrame title="Organization onboarding">{loaded.fallback}</PageFrame>;
  const data = loaded.data;
  return (
    <PageFrame title="Organization onboarding" subtitle={data.referralSourceName}>
      <Card>
        <Flex vertical gap={24}>
          <Steps
            current={data.steps.indexOf(data.step)}
            items={data.steps.map((step) => ({ title: STEP_TITLES[step] }))}
          />
          {data.step === 'Rates' ? <RatesStep key={data.version} onboarding={data} /> : null}
          {data.step === 'Contract' ? <ContractStep key={data.version} onboarding={data} /> : null}
          {data.step === 'Done' ? (
            <Result
              status="success"
              title="Your organization is onboarded."
              subTitle={<AreaLink to="/episodes">Go to your service requests</AreaLink>}
            />
          ) : null}
        </Flex>
      </Card>
    </PageFrame>
  );
}
