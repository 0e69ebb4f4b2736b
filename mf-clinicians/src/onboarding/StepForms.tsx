// The inputs of the steps filled in on the onboarding page: rates (Rates), address and preferences (Profile,
// 'Skills & Preferences') and the background check consent (Background). Each form's Continue saves what was
// entered and then completes the step; with nothing entered it only completes it, so a step whose inputs were
// saved on another device goes on without typing them again (the server checks the requirement either way).
import {
  ONBOARDING_ASSIGNMENTS,
  ONBOARDING_SHIFTS,
  VISIT_TYPES,
  type OnboardingProfile,
  type OnboardingState,
} from '@carelane/shared-domain';
import { AddressFields, FormFailure, showSaveFailure } from '@carelane/shared-ui';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { onboardingCalls, showOwnState } from './onboarding-queries';

/** Completes the current step (the page shows its toast or its failure). */
export type Complete = () => Promise<void>;

/**
 * Disabled while busy rather than antd's `loading`: a step often answers in a few milliseconds, and antd's
 * loading icon, shown and hidden that fast, can stay behind (the button then reads "loading Continue").
 */
export function ContinueButton({ busy, onClick }: { busy: boolean; onClick?: () => void }) {
  return (
    <Button
      type="primary"
      htmlType={onClick ? 'button' : 'submit'}
      disabled={busy}
      aria-busy={busy}
      onClick={onClick}
    >
      Continue
    </Button>
  );
}

/** Runs `save` (when given) then `complete`, with the form's failure line and busy state. */
function useSaveThenComplete(complete: Complete) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (save: (() => Promise<unknown>) | null, onSaveFailure: (error: unknown) => void) => {
    setBusy(true);
    setFailure(null);
    try {
      if (save) {
        try {
          await save();
        } catch (error) {
          onSaveFailure(error);
          return;
        }
      }
      await complete();
    } finally {
      setBusy(false);
    }
  };
  return { failure, setFailure, busy, run };
}

// ---- Rates ----

type RatesValues = { rates?: Record<string, number | null | undefined> };

export function RatesForm({ state, complete }: { state: OnboardingState; complete: Complete }) {
  const [form] = Form.useForm<RatesValues>();
  const { failure, setFailure, busy, run } = useSaveThenComplete(complete);
  const types = VISIT_TYPES.filter((t) => t.providerTypeIds.includes(state.providerTypeId));

  const submit = (values: RatesValues) => {
    const rates = types
      .map((t) => ({ visitTypeId: t.id, amount: values.rates?.[String(t.id)] ?? null }))
      .filter((r): r is { visitTypeId: number; amount: number } => r.amount !== null && r.amount > 0);
    if (rates.length === 0 && state.missing.length > 0) {
      setFailure('Enter your rate for at least one visit type.');
      return;
    }
    void run(rates.length ? () => onboardingCalls.saveRates({ rates }).then(showOwnState) : null, (error) =>
      showSaveFailure(form, error, 'your rates', setFailure),
    );
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit}>
      <Typography.Paragraph>
        Enter what you charge for the work you take, in dollars. One rate is enough to go on; leave the others
        empty.
      </Typography.Paragraph>
      <Flex vertical gap={0} style={{ maxWidth: 480 }}>
        {types.map((t) => (
          <Form.Item
            key={t.id}
            label={`${t.type} (${t.unit})`}
            name={['rates', String(t.id)]}
            extra={t.description}
          >
            <InputNumber prefix="$" min={1} max={10_000} precision={2} style={{ width: 160 }} />
          </Form.Item>
        ))}
      </Flex>
      <FormFailure text={failure} />
      <ContinueButton busy={busy} />
    </Form>
  );
}

// ---- Profile ('Skills & Preferences') ----

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const LANGUAGES = ['English', 'Spanish', 'Vietnamese', 'Chinese', 'Tagalog', 'Arabic', 'French', 'Korean'];
const ASSIGNMENT_LABELS: Record<(typeof ONBOARDING_ASSIGNMENTS)[number], string> = {
  Visit: 'Visits',
  Shift: 'Shifts',
  Both: 'Both',
};
const PROFILE_LABELS = {
  addressLine1: 'Address',
  zipcode: 'ZIP code',
  coverageRadiusMiles: 'Distance you travel',
  preferredZipcodes: 'Preferred ZIP codes',
};

type ProfileValues = {
  addressLine1?: string | null;
  city?: string | null;
  state?: string | null;
  zipcode?: string | null;
  latitude?: number | string | null;
  longitude?: number | string | null;
  coverageRadiusMiles?: number | null;
  preferredZipcodes?: string[];
  skills?: string[];
  languages?: string[];
  weekdayPreferences?: number[];
  shiftPreferences?: OnboardingProfile['shiftPreferences'];
  assignmentPreference?: OnboardingProfile['assignmentPreference'];
};

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
const numberOrNull = (value: number | string | null | undefined) =>
  value === null || value === undefined || value === '' ? null : Number(value);

export function ProfileForm({ state, complete }: { state: OnboardingState; complete: Complete }) {
  const [form] = Form.useForm<ProfileValues>();
  const { failure, setFailure, busy, run } = useSaveThenComplete(complete);

  const submit = (values: ProfileValues) => {
    const zipcode = values.zipcode?.trim().slice(0, 5) ?? '';
    if (!zipcode && state.missing.length > 0) {
      form.setFields([{ name: 'zipcode', errors: ['Enter the ZIP code you work from.'] }]);
      setFailure('Enter your address or the ZIP code you work from.');
      return;
    }
    const profile = {
      addressLine1: blankToNull(values.addressLine1),
      city: blankToNull(values.city),
      state: blankToNull(values.state),
      zipcode,
      latitude: numberOrNull(values.latitude),
      longitude: numberOrNull(values.longitude),
      coverageRadiusMiles: values.coverageRadiusMiles ?? 15,
      preferredZipcodes: values.preferredZipcodes ?? [],
      skills: values.skills ?? [],
      languages: values.languages ?? [],
      weekdayPreferences: values.weekdayPreferences ?? [],
      shiftPreferences: values.shiftPreferences ?? [],
      assignmentPreference: values.assignmentPreference ?? 'Both',
    };
    void run(zipcode ? () => onboardingCalls.saveProfile(profile).then(showOwnState) : null, (error) =>
      showSaveFailure(form, error, 'your preferences', setFailure, PROFILE_LABELS),
    );
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ coverageRadiusMiles: 15, assignmentPreference: 'Both' }}
      style={{ maxWidth: 640 }}
    >
      <Typography.Paragraph>
        Where you work from and what you like to take: we match requests near you to your skills. Your
        address, or the ZIP code alone, is enough to go on.
      </Typography.Paragraph>
      <AddressFields form={form} line2={false} />
      <Form.Item label="Distance you travel (miles)" name="coverageRadiusMiles">
        <InputNumber min={1} max={100} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item
        label="Preferred ZIP codes"
        name="preferredZipcodes"
        extra="Type a ZIP code and press Enter."
        rules={[
          {
            validator: (_rule, value: string[] | undefined) =>
              (value ?? []).every((zip) => /^\d{5}$/.test(zip))
                ? Promise.resolve()
                : Promise.reject(new Error('Each preferred ZIP code has 5 digits.')),
          },
        ]}
      >
        <Select mode="tags" open={false} tokenSeparators={[',', ' ']} suffixIcon={null} />
      </Form.Item>
      <Form.Item label="Skills" name="skills" extra="Type a skill (e.g. Wound care) and press Enter.">
        <Select mode="tags" open={false} suffixIcon={null} />
      </Form.Item>
      <Form.Item label="Languages" name="languages">
        <Select mode="tags" options={LANGUAGES.map((l) => ({ value: l, label: l }))} />
      </Form.Item>
      <Form.Item label="Days you work" name="weekdayPreferences">
        <Checkbox.Group options={WEEKDAYS.map((label, value) => ({ label, value }))} />
      </Form.Item>
      <Form.Item label="Shifts you work" name="shiftPreferences">
        <Checkbox.Group options={ONBOARDING_SHIFTS.map((s) => ({ label: s, value: s }))} />
      </Form.Item>
      <Form.Item label="You take" name="assignmentPreference">
        <Radio.Group
          options={ONBOARDING_ASSIGNMENTS.map((a) => ({ label: ASSIGNMENT_LABELS[a], value: a }))}
        />
      </Form.Item>
      <FormFailure text={failure} />
      <ContinueButton busy={busy} />
    </Form>
  );
}

// ---- Background ----

type BackgroundValues = { consent?: boolean; legalName?: string };

export function BackgroundForm({ state, complete }: { state: OnboardingState; complete: Complete }) {
  const [form] = Form.useForm<BackgroundValues>();
  const { failure, setFailure, busy, run } = useSaveThenComplete(complete);
  const authorized = state.missing.length === 0;

  const submit = (values: BackgroundValues) =>
    void run(
      values.consent
        ? () =>
            onboardingCalls
              .authorizeBackground({ consent: true, legalName: values.legalName!.trim() })
              .then(showOwnState)
        : null,
      (error) =>
        showSaveFailure(form, error, 'your authorization', setFailure, {
          consent: 'Consent',
          legalName: 'Legal name',
        }),
    );

  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 560 }}>
      {authorized ? (
        <Typography.Paragraph>You have authorized the background check.</Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph>
            Carelane runs a background check on every clinician before their first assignment. Authorize it
            with your full legal name.
          </Typography.Paragraph>
          <Form.Item
            name="consent"
            valuePropName="checked"
            rules={[
              {
                validator: (_rule, value: boolean | undefined) =>
                  value ? Promise.resolve() : Promise.reject(new Error('Give your consent to continue.')),
              },
            ]}
          >
            <Checkbox>I authorize Carelane to run a background check on me.</Checkbox>
          </Form.Item>
          <Form.Item
            label="Full legal name"
            name="legalName"
            rules={[{ required: true, whitespace: true, min: 2, message: 'Enter your full legal name.' }]}
          >
            <Input autoComplete="name" maxLength={200} />
          </Form.Item>
        </>
      )}
      <FormFailure text={failure} />
      <ContinueButton busy={busy} />
    </Form>
  );
}
