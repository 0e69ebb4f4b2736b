// The clinician's profile as staff edit it: name, contact, provider type, address (a typed ZIP code without a
// picked address is geocoded by the server), coverage, preferred ZIP codes, skills, languages and the weekday,
// shift and assignment preferences the fit score reads. 'Clinician saved.' / 'Sorry, clinician could not be
// saved. …' (SPEC §8); a stale version offers a reload.
import {
  CLINICIAN_SAVED,
  CLINICIAN_THING_NAME,
  formatPhone,
  ONBOARDING_ASSIGNMENTS,
  ONBOARDING_SHIFTS,
  PROVIDER_TYPES,
  type ProviderDetail,
  type ProviderProfileFormInput,
} from '@carelane/shared-domain';
import { isApiCallError, publishToast } from '@carelane/shared-session';
import {
  AddressFields,
  FormFailure,
  noSubmitOnEnter,
  PhoneInput,
  refresh,
  showSaveFailure,
  type FieldLabels,
} from '@carelane/shared-ui';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useState } from 'react';
import { providerDetailCalls } from './provider-detail-queries';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

type FormValues = Omit<ProviderProfileFormInput, 'version'>;

const FIELD_LABELS: FieldLabels = {
  givenName: 'First name',
  familyName: 'Last name',
  email: 'Email',
  phoneNumber: 'Phone',
  providerTypeId: 'Provider type',
  addressLine1: 'Address',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State',
  zipcode: 'ZIP code',
  coverageRadiusMiles: 'Coverage radius',
  preferredZipcodes: 'Preferred ZIP codes',
  skills: 'Skills',
  languages: 'Languages',
  weekdayPreferences: 'Weekdays',
  shiftPreferences: 'Shifts',
  assignmentPreference: 'Assignments',
};

const toForm = (p: ProviderDetail): FormValues => ({
  givenName: p.givenName,
  familyName: p.familyName,
  email: p.email,
  phoneNumber: p.phoneNumber ? formatPhone(p.phoneNumber) : null,
  providerTypeId: p.providerTypeId,
  addressLine1: p.addressLine1,
  addressLine2: p.addressLine2,
  city: p.city,
  state: p.state,
  zipcode: p.zipcode ?? '',
  latitude: p.latitude,
  longitude: p.longitude,
  coverageRadiusMiles: p.coverageRadiusMiles,
  preferredZipcodes: p.preferredZipcodes,
  skills: p.skills,
  languages: p.languages,
  weekdayPreferences: p.weekdayPreferences,
  shiftPreferences: p.shiftPreferences as FormValues['shiftPreferences'],
  assignmentPreference: p.assignmentPreference as FormValues['assignmentPreference'],
  enableEmail: p.enableEmail,
  enableSms: p.enableSms,
});

const blank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
const tags = (label: string) => (
  <Select mode="tags" aria-label={label} tokenSeparators={[',']} open={false} suffixIcon={null} />
);

/** What the server takes; a ZIP code typed without picking an address sends no point (the server geocodes it). */
function profileSaveBody(values: FormValues, provider: ProviderDetail): ProviderProfileFormInput {
  const moved = values.zipcode !== provider.zipcode && values.latitude === provider.latitude;
  const point = (value: unknown) =>
    value === null || value === undefined || value === '' ? null : Number(value);
  return {
    ...values,
    email: blank(values.email),
    phoneNumber: blank(values.phoneNumber),
    addressLine1: blank(values.addressLine1),
    addressLine2: blank(values.addressLine2),
    city: blank(values.city),
    state: blank(values.state),
    latitude: moved ? null : point(values.latitude),
    longitude: moved ? null : point(values.longitude),
    version: provider.version,
  };
}

/** Saves the profile; a failure is shown on the form, a stale version (409) as its own alert. */
function useProfileSave(provider: ProviderDetail) {
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);

  const submit = async (values: FormValues) => {
    setBusy(true);
    setFailure(null);
    setStale(null);
    try {
      await providerDetailCalls.save(provider.id, profileSaveBody(values, provider));
      publishToast(CLINICIAN_SAVED);
      refresh('provider');
    } catch (error) {
      const isStale = isApiCallError(error) && error.status === 409;
      showSaveFailure(
        form,
        error,
        CLINICIAN_THING_NAME,
        (text) => (isStale ? setStale(text) : setFailure(text)),
        FIELD_LABELS,
      );
    } finally {
      setBusy(false);
    }
  };

  return { form, busy, failure, stale, clearStale: () => setStale(null), submit };
}

function NameAndContactFields({ licenceNumbers }: { licenceNumbers: readonly string[] }) {
  return (
    <>
      <Flex gap={16} wrap>
        <Form.Item
          label="First name"
          name="givenName"
          rules={[{ required: true, whitespace: true, message: 'Enter the first name.' }]}
          style={{ flex: 1, minWidth: 180 }}
        >
          <Input />
        </Form.Item>
        <Form.Item
          label="Last name"
          name="familyName"
          rules={[{ required: true, whitespace: true, message: 'Enter the last name.' }]}
          style={{ flex: 1, minWidth: 180 }}
        >
          <Input />
        </Form.Item>
        <Form.Item label="Provider type" name="providerTypeId" style={{ width: 160 }}>
          <Select
            aria-label="Provider type"
            options={PROVIDER_TYPES.map((t) => ({ value: t.id, label: t.type }))}
          />
        </Form.Item>
      </Flex>
      <Flex gap={16} wrap>
        <Form.Item
          label="Email"
          name="email"
          rules={[{ type: 'email', message: 'Enter a valid email address.' }]}
          style={{ flex: 1, minWidth: 220 }}
        >
          <Input type="email" />
        </Form.Item>
        <Form.Item label="Phone" name="phoneNumber" style={{ width: 200 }}>
          <PhoneInput aria-label="Phone" />
        </Form.Item>
        <Form.Item label="Licence numbers" style={{ minWidth: 160 }}>
          <Typography.Text aria-label="Licence numbers">
            {licenceNumbers.length ? licenceNumbers.join(', ') : 'None on file'}
          </Typography.Text>
        </Form.Item>
      </Flex>
    </>
  );
}

function PreferenceFields() {
  return (
    <>
      <Flex gap={16} wrap>
        <Form.Item label="Coverage radius (miles)" name="coverageRadiusMiles" style={{ width: 190 }}>
          <InputNumber aria-label="Coverage radius (miles)" min={1} max={100} precision={0} />
        </Form.Item>
        <Form.Item label="Preferred ZIP codes" name="preferredZipcodes" style={{ flex: 1, minWidth: 240 }}>
          {tags('Preferred ZIP codes')}
        </Form.Item>
      </Flex>
      <Flex gap={16} wrap>
        <Form.Item label="Skills" name="skills" style={{ flex: 1, minWidth: 240 }}>
          {tags('Skills')}
        </Form.Item>
        <Form.Item label="Languages" name="languages" style={{ flex: 1, minWidth: 200 }}>
          {tags('Languages')}
        </Form.Item>
      </Flex>
      <Form.Item label="Weekdays" name="weekdayPreferences">
        <Checkbox.Group options={WEEKDAYS.map((day, i) => ({ value: i, label: day }))} />
      </Form.Item>
      <Flex gap={32} wrap>
        <Form.Item label="Shifts" name="shiftPreferences">
          <Checkbox.Group options={ONBOARDING_SHIFTS.map((s) => ({ value: s, label: s }))} />
        </Form.Item>
        <Form.Item label="Assignments" name="assignmentPreference" style={{ width: 160 }}>
          <Select
            aria-label="Assignments"
            options={ONBOARDING_ASSIGNMENTS.map((a) => ({ value: a, label: a }))}
          />
        </Form.Item>
        <Form.Item name="enableEmail" valuePropName="checked" label="Notifications">
          <Checkbox>Email</Checkbox>
        </Form.Item>
        <Form.Item name="enableSms" valuePropName="checked" label=" ">
          <Checkbox>SMS</Checkbox>
        </Form.Item>
      </Flex>
    </>
  );
}

export function ProfileCard({ provider, onReload }: { provider: ProviderDetail; onReload: () => void }) {
  const { form, busy, failure, stale, clearStale, submit } = useProfileSave(provider);

  return (
    <Card title="Profile" style={{ maxWidth: 860 }}>
      {stale ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={stale}
          style={{ marginBottom: 12 }}
          action={
            <Button
              size="small"
              onClick={() => {
                clearStale();
                onReload();
              }}
            >
              Reload
            </Button>
          }
        />
      ) : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={toForm(provider)}
        onKeyDown={noSubmitOnEnter}
        onFinish={(values) => void submit(values)}
      >
        <NameAndContactFields licenceNumbers={provider.licenceNumbers} />
        <AddressFields form={form} />
        <PreferenceFields />
        <FormFailure text={failure} />
        <Button type="primary" htmlType="submit" loading={busy}>
          Save
        </Button>
      </Form>
    </Card>
  );
}
