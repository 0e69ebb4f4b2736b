// Staff invite a clinician: their record is made at the first onboarding step and a one-time registration link
// goes out by email (and SMS when a mobile number is given); the server's answer says where it went.
// One form for every page that invites clinicians: /providerOnboard (clinicians) and /invite (messaging).
import {
  PROVIDER_TYPES,
  clinicianInvitationSchema,
  type ClinicianInvitationInput,
} from '@carelane/shared-domain';
import { apiClient, publishErrorToast, publishToast } from '@carelane/shared-session';
import { Alert, Button, Card, Flex, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { NameFields } from '../name-fields/NameFields';
import { failureText } from '../page-kit/field-labels';
import { showFieldErrors } from '../page-kit/form-call';
import { FormFailure } from '../page-kit/page-kit';
import { PhoneInput } from '../phone-input/PhoneInput';

type InviteValues = {
  firstName: string;
  lastName: string;
  emailId: string;
  phoneNumber?: string;
  providerTypeId?: number;
};

const LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  emailId: 'Email',
  phoneNumber: 'Mobile phone',
  providerTypeId: 'Provider type',
};

/** The invitee's email (required: the link goes there) and mobile number (optional: the link by SMS too). */
export function InviteeContactFields() {
  return (
    <Flex gap={16} wrap>
      <Form.Item
        label="Email"
        name="emailId"
        rules={[{ required: true, type: 'email', message: 'Enter the email address.' }]}
        style={{ flex: 2, minWidth: 220 }}
      >
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item label="Mobile phone" name="phoneNumber" style={{ flex: 1, minWidth: 180 }}>
        <PhoneInput />
      </Form.Item>
    </Flex>
  );
}

/** `onSent`: after the server took the invitation (a list of invitations reads itself again). */
export function InviteClinicianForm({ onSent }: { onSent?: () => void } = {}) {
  const [form] = Form.useForm<InviteValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: InviteValues) => {
    setBusy(true);
    setFailure(null);
    setSent(null);
    const input: ClinicianInvitationInput = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      emailId: values.emailId.trim(),
      ...(values.phoneNumber?.trim() ? { phoneNumber: values.phoneNumber.trim() } : {}),
      providerTypeId: values.providerTypeId!,
    };
    try {
      const answer = await apiClient.post(
        '/api/admin/clinicianInvitations',
        input,
        clinicianInvitationSchema,
      );
      setSent(answer.message);
      publishToast(answer.message);
      form.resetFields();
      onSent?.();
    } catch (error) {
      showFieldErrors(form, error);
      const text = failureText(error, 'the invitation', 'sent', LABELS);
      setFailure(text);
      publishErrorToast(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Invite a clinician</h2>} style={{ maxWidth: 720 }}>
      <Form<InviteValues>
        form={form}
        name="inviteClinician"
        layout="vertical"
        onFinish={(values) => void submit(values)}
      >
        <NameFields />
        <InviteeContactFields />
        <Form.Item
          label="Provider type"
          name="providerTypeId"
          rules={[{ required: true, message: 'Choose the provider type.' }]}
          style={{ maxWidth: 240 }}
        >
          <Select
            options={PROVIDER_TYPES.map((t) => ({ value: t.id, label: t.type }))}
            placeholder="Choose…"
          />
        </Form.Item>
        <FormFailure text={failure} />
        {sent ? (
          <Alert type="success" showIcon title={sent} role="status" style={{ marginBottom: 16 }} />
        ) : null}
        <Button type="primary" htmlType="submit" loading={busy}>
          Send the invitation
        </Button>
      </Form>
    </Card>
  );
}
