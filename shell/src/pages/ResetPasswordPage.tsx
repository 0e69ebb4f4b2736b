import { MESSAGES } from '@carelane/shared-domain';
import { apiClient, errorMessage, publishErrorToast, publishToast } from '@carelane/shared-session';
import { Alert, Button, Form, Input } from 'antd';
import { NewPasswordFields, FormFailure } from '../app/form-parts';
import { useState } from 'react';
import { z } from 'zod';
import { InAppLink } from '../app/InAppLink';
import { showFieldErrors } from '../app/form-errors';
import { navigate, useShellLocation } from '../routing/location';
import { PublicCard } from './PublicCard';

const messageAnswer = z.object({ message: z.string() });

function ForgotPassword() {
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async ({ emailId }: { emailId: string }) => {
    setBusy(true);
    try {
      await apiClient.post('/api/security/forgotPassword', { emailId }, messageAnswer);
      publishToast(MESSAGES.resetLinkSent);
      setSent(true);
    } catch (error) {
      publishErrorToast(errorMessage(error, 'the reset link', 'sent'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <PublicCard title="Reset your password">
      {sent ? (
        <Alert type="success" showIcon title={MESSAGES.resetLinkSent} />
      ) : (
        <Form layout="vertical" onFinish={(values: { emailId: string }) => void submit(values)}>
          <p>Enter your email: we send you a link to choose a new password.</p>
          <Form.Item label="Email" name="emailId" rules={[{ required: true, type: 'email' }]}>
            <Input type="email" autoComplete="username" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            Send the link
          </Button>
        </Form>
      )}
      <p style={{ marginTop: 16, marginBottom: 0 }}>
        <InAppLink to="/">Back to sign in</InAppLink>
      </p>
    </PublicCard>
  );
}

function NewPassword({ token }: { token: string }) {
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async ({ password }: { password: string }) => {
    setBusy(true);
    setFailure(null);
    try {
      await apiClient.post('/api/security/resetPassword', { token, password }, messageAnswer);
      publishToast(MESSAGES.passwordUpdated);
      navigate('/');
    } catch (error) {
      showFieldErrors(form, error);
      const text = errorMessage(error, 'the password', 'updated');
      setFailure(text);
      publishErrorToast(text);
      setBusy(false);
    }
  };
  return (
    <PublicCard title="Choose a new password">
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <NewPasswordFields name="password" />
        <FormFailure text={failure} />
        <Button type="primary" htmlType="submit" block loading={busy}>
          Save the new password
        </Button>
      </Form>
    </PublicCard>
  );
}

/** Without a token: ask for the reset link. With the emailed token: choose the new password. */
export function ResetPasswordPage() {
  const { query } = useShellLocation();
  const token = query.get('token');
  return token ? <NewPassword token={token} /> : <ForgotPassword />;
}
