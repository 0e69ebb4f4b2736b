// The clinician's own onboarding: the seven steps, the current step's panel and what it still needs, and
// Continue, which completes the step on the server and shows the SPEC §4 progress toast it answers with.
// Everything comes from the server, so the clinician picks up where they left off on any device.
import { PROVIDER_STATUSES, type OnboardingState, type ProviderOnboardStep } from '@carelane/shared-domain';
import {
  getQueryClient,
  getSession,
  publishErrorToast,
  publishToast,
  setSession,
} from '@carelane/shared-session';
import { AreaLink, FormFailure, failureText, loadState } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ClinicianCredentials } from '../credentials/ClinicianCredentials';
import { credentialQueries } from '../credentials/credential-queries';
import { onboardingCalls, onboardingQueries, showOwnState } from './onboarding-queries';
import { OnboardingSteps, StillNeeded } from './OnboardingSteps';
import { BackgroundForm, ContinueButton, ProfileForm, RatesForm, type Complete } from './StepForms';

export const AGREEMENT_LINK = '/credentialForm?returnTo=/providerOnboard';

/** The clinician's credentials on this page; a submitted one refreshes what the step still needs. */
function CredentialsOnStep() {
  const credentials = useQuery(credentialQueries.ofClinician(null));
  const seen = useRef(0);
  useEffect(() => {
    if (!credentials.dataUpdatedAt) return;
    if (seen.current)
      void getQueryClient().invalidateQueries({ queryKey: onboardingQueries.of(null).queryKey });
    seen.current = credentials.dataUpdatedAt;
  }, [credentials.dataUpdatedAt]);
  return <ClinicianCredentials providerId={null} />;
}

/** A panel without inputs of its own: its text and Continue. */
function PlainContinue({ complete }: { complete: Complete }) {
  const [busy, setBusy] = useState(false);
  return (
    <ContinueButton
      busy={busy}
      onClick={() => {
        setBusy(true);
        void complete().finally(() => setBusy(false));
      }}
    />
  );
}

function StepPanel({ state, complete }: { state: OnboardingState; complete: Complete }) {
  switch (state.onboardStep) {
    case 'Contract':
      return (
        <>
          <Typography.Paragraph>
            Your agreement with Carelane says how you work with us and how you are paid. Read it and sign it
            on screen; then come back here and continue.
          </Typography.Paragraph>
          <Typography.Paragraph>
            <AreaLink to={AGREEMENT_LINK}>Sign the agreement</AreaLink>
          </Typography.Paragraph>
          <PlainContinue complete={complete} />
        </>
      );
    case 'Rates':
      return <RatesForm state={state} complete={complete} />;
    case 'Profile':
      return <ProfileForm state={state} complete={complete} />;
    case 'Credentials':
      return (
        <>
          <Typography.Paragraph>
            Submit your licence first: choose the licence marked required, enter its number, dates and a scan.
            Your clinician manager reviews it.
          </Typography.Paragraph>
          <CredentialsOnStep />
          <div style={{ marginTop: 16 }}>
            <PlainContinue complete={complete} />
          </div>
        </>
      );
    case 'Background':
      return <BackgroundForm state={state} complete={complete} />;
    case 'MoreCredentials':
      return (
        <>
          <Typography.Paragraph>
            Submit the rest of your credentials (the ones marked required first), and pass the required
            orientations.
          </Typography.Paragraph>
          <Typography.Paragraph>
            <AreaLink to="/providerOrientation">Open my orientations</AreaLink>
          </Typography.Paragraph>
          <CredentialsOnStep />
          <div style={{ marginTop: 16 }}>
            <PlainContinue complete={complete} />
          </div>
        </>
      );
    case 'Done':
      return <Onboarded state={state} />;
  }
}

function Onboarded({ state }: { state: OnboardingState }) {
  const status = PROVIDER_STATUSES.find((s) => s.id === state.providerStatusId)?.name;
  return (
    <>
      <Typography.Paragraph>
        You have finished every onboarding step{status ? ` (your account: ${status})` : ''}. You&apos;ll see
        matching requests once your credentials are approved.
      </Typography.Paragraph>
      <Flex gap={16} wrap>
        <AreaLink to="/providercredential">My credentials</AreaLink>
        <AreaLink to="/providerOrientation">My orientations</AreaLink>
      </Flex>
    </>
  );
}

export function ClinicianOnboarding() {
  const query = useQuery(onboardingQueries.of(null));
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<ProviderOnboardStep | null>(null);
  const step = query.data?.onboardStep;

  // A new step: its heading takes the focus (keyboard and screen reader users land on it), not on first load.
  useEffect(() => {
    if (!step) return;
    if (shownStep.current && shownStep.current !== step) heading.current?.focus();
    shownStep.current = step;
  }, [step]);

  const loaded = loadState(query, 'your onboarding', { keepStale: true });
  if (!loaded.data) return loaded.fallback;
  const state = loaded.data;
  const index = state.steps.findIndex((s) => s.step === state.onboardStep);
  const label = state.steps[index]?.label ?? state.onboardStep;

  const complete: Complete = async () => {
    setFailure(null);
    try {
      const next = showOwnState(await onboardingCalls.complete(state.onboardStep));
      if (next.toast) publishToast(next.toast);
      // The session's step decides the start page and the menu's Onboarding entry (decision 044).
      const session = getSession();
      if (session) setSession({ ...session, user: { ...session.user, onboardStep: next.onboardStep } });
    } catch (error) {
      // 409 out of order, 400 naming `step` with what is missing: the server's text, after ours.
      const text = failureText(error, 'this step', 'completed', { step: '' });
      setFailure(text);
      publishErrorToast(text);
      void query.refetch();
    }
  };

  return (
    <Flex vertical gap={0} style={{ maxWidth: 1100 }}>
      <OnboardingSteps state={state} />
      <Card>
        <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }} ref={heading} tabIndex={-1}>
          {state.onboardStep === 'Done'
            ? 'Onboarded'
            : `Step ${index + 1} of ${state.steps.length}: ${label}`}
        </Typography.Title>
        <StillNeeded missing={state.missing} />
        <StepPanel key={state.onboardStep} state={state} complete={complete} />
        <div style={{ marginTop: failure ? 16 : 0 }}>
          <FormFailure text={failure} />
        </div>
      </Card>
    </Flex>
  );
}
