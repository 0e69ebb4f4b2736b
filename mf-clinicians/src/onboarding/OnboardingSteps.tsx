// The seven onboarding steps as a bar (SPEC §4 labels from the server's answer, which uses shared-domain's
// providerOnboardStepLabel) and what the current step still needs. Shared by the clinician's page and the staff
// read-only view.
import type { OnboardingState } from '@carelane/shared-domain';
import { VISUALLY_HIDDEN } from '@carelane/shared-ui';
import { Alert, Steps } from 'antd';

const STATUS = { done: 'finish', current: 'process', todo: 'wait' } as const;
const STEP_STATE_TEXT = { done: ', done', current: ', current step', todo: ', to do' } as const;

export function OnboardingSteps({ state }: { state: OnboardingState }) {
  const current = state.steps.findIndex((s) => s.state === 'current');
  return (
    <div role="group" aria-label="Onboarding steps">
      <Steps
        size="small"
        responsive
        current={current === -1 ? state.steps.length - 1 : current}
        items={state.steps.map((s) => ({
          key: s.step,
          title: s.label,
          status: STATUS[s.state],
          // Read out with the label: where the clinician stands on each step.
          subTitle: <span style={VISUALLY_HIDDEN}>{STEP_STATE_TEXT[s.state]}</span>,
        }))}
        style={{ marginBottom: 16 }}
      />
    </div>
  );
}

/** What the current step still needs, as the server says it; nothing when it can be completed. */
export function StillNeeded({ missing }: { missing: string[] }) {
  if (missing.length === 0) return null;
  return (
    <Alert
      type="info"
      role="note"
      showIcon
      title="Still needed for this step"
      description={
        <ul aria-label="Still needed" style={{ margin: 0, paddingLeft: 20 }}>
          {missing.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
