// Invite a user of an organization: their account (no password) is made and the emailed link lets them set one;
// only for roles that may give an organization role (SPEC §6 role management; the server refuses the rest).
import { MESSAGES, ROLE_NAMES, type CreateUserRequest } from '@carelane/shared-domain';
import { publishErrorToast, publishToast } from '@carelane/shared-session';
import {
  FormFailure,
  NameFields,
  OrganizationPicker,
  InviteeContactFields,
  failureText,
  showFieldErrors,
} from '@carelane/shared-ui';
import { Alert, Button, Card, Flex, Form, Select } from 'antd';
import { useState } from 'react';
import { inviteCalls } from './invite-queries';

type Values = {
  firstName: string;
  lastName: string;
  emailId: string;
  phoneNumber?: string;
  referralSourceId?: number;
  roleId?: number;
};

const LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  emailId: 'Email',
  phoneNumber: 'Mobile phone',
  referralSourceId: 'Organization',
  roleId: 'Role',
};

const roleLabel = (roleId: number) => {
  const name = ROLE_NAMES[roleId] ?? String(roleId);
  return name.charAt(0) + name.slice(1).toLowerCase();
};

export function InviteOrganizationUserForm({ roleIds }: { roleIds: readonly number[] }) {
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: Values) => {
    setBusy(true);
    setFailure(null);
    setSent(null);
    const input: CreateUserRequest = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      emailId: values.emailId.trim(),
      phoneNumber: values.phoneNumber?.trim() || null,
      roleId: values.roleId!,
      referralSourceId: values.referralSourceId!,
    };
    try {
      await inviteCalls.inviteOrganizationUser(input);
      setSent(`${MESSAGES.invitationSent} ${input.emailId} gets a link to set their password.`);
      publishToast(MESSAGES.invitationSent);
      form.resetFields();
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
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>Invite an organization user</h2>}
      style={{ maxWidth: 720 }}
    >
      <Form<Values>
        form={form}
        name="inviteOrganizationUser"
        layout="vertical"
        initialValues={{ roleId: roleIds.length === 1 ? roleIds[0] : undefined }}
        onFinish={(values) => void submit(values)}
      >
        <NameFields />
        <InviteeContactFields />
        <Flex gap={16} wrap>
          <Form.Item
            label="Organization"
            name="referralSourceId"
            rules={[{ required: true, message: 'Choose the organization.' }]}
            style={{ flex: 2, minWidth: 220 }}
          >
            <OrganizationPicker aria-label="Organization" organizationStatus="ACTIVE" />
          </Form.Item>
          <Form.Item
            label="Role"
            name="roleId"
            rules={[{ required: true, message: 'Choose the role.' }]}
            style={{ flex: 1, minWidth: 200 }}
          >
            <Select
              options={roleIds.map((roleId) => ({ value: roleId, label: roleLabel(roleId) }))}
              placeholder="Choose…"
            />
          </Form.Item>
        </Flex>
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
