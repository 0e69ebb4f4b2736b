import { MESSAGES } from '@carelane/shared-domain';
import {
  apiClient,
  errorMessage,
  publishErrorToast,
  publishToast,
  restoreSession,
  useSession,
} from '@carelane/shared-session';
import { PageFrame } from '@carelane/shared-ui';
import { Alert, Button, Form, Input } from 'antd';
import { NewPasswordFields, FormFailure } from '../app/form-parts';
import { useState } from 'react';
import { z } from 'zod';
import { showFieldErrors } from '../app/form-errors';
import { navigate } from '../routing/location';

type Passwords = { currentPassword: string; newPassword: string; confirm: string };
const messageAnswer = z.object({ message: z.string() });

/** Change one's password; forced (every other page leads here) while the account has changePassword set. */
export function ChangePasswordPage({ home }: { home: string }) {
  const session = useSession();
  const forced = session?.user.changePassword === true;
  const [form] = Form.useForm<Passwords>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async ({ currentPassword, newPassword }: Passwords) => {
    setBusy(true);
    setFailure(null);
    try {
      await apiClient.post('/api/security/changePassword', { currentPassword, newPassword }, messageAnswer);
      publishToast(MESSAGES.passwordUpdated);
      form.resetFields();
      // The server cleared changePassword: read the user again so every page opens.
      if (forced) await restoreSession().catch(() => null);
      navigate(forced ? home : '/profile');
    } catch (error) {
      showFieldErrors(form, error);
      const text = errorMessage(error, 'the password', 'changed');
      setFailure(text);
      publishErrorToast(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame title="Change password">
      <div style={{ maxWidth: 420 }}>
        {forced ? (
          <Alert
            type="info"
            showIcon
            title="Please choose your own password before you continue."
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Form<Passwords> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
          <Form.Item label="Current password" name="currentPassword" rules={[{ required: true }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <NewPasswordFields name="newPassword" />
          <FormFailure text={failure} />
          <Button type="primary" htmlType="submit" loading={busy}>
            Change password
          </Button>
        </Form>
      </div>
    </PageFrame>
  );
}
