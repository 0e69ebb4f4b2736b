import { MESSAGES } from '@carelane/shared-domain';
import {
  apiClient,
  errorMessage,
  publishErrorToast,
  publishToast,
  restoreSession,
} from '@carelane/shared-session';
import { PageFrame } from '@carelane/shared-ui';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { navigate } from '../routing/location';

const messageAnswer = z.object({ message: z.string() });

/** Phone verification: the server texts a 6-digit code (15 minutes, 5 tries); the user types it here. */
export function VerifyPhonePage() {
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const [failed, setFailed] = useState(false);

  const sendCode = async () => {
    setSending(true);
    try {
      const answer = await apiClient.post('/api/security/sendPhoneVerification', {}, messageAnswer);
      publishToast(answer.message);
    } catch (error) {
      publishErrorToast(errorMessage(error, 'the code', 'sent'));
    } finally {
      setSending(false);
    }
  };

  const verify = async ({ code }: { code: string }) => {
    setChecking(true);
    setFailed(false);
    try {
      const answer = await apiClient.post('/api/security/verifyPhone', { code }, messageAnswer);
      publishToast(answer.message);
      await restoreSession().catch(() => null);
      navigate('/profile');
    } catch {
      setFailed(true);
      publishErrorToast(MESSAGES.phoneVerificationFailed);
    } finally {
      setChecking(false);
    }
  };

  return (
    <PageFrame title="Verify phone number">
      <div style={{ maxWidth: 420 }}>
        <p>We text a 6-digit code to the phone number on your profile. It is valid for 15 minutes.</p>
        <Button onClick={() => void sendCode()} loading={sending} style={{ marginBottom: 16 }}>
          Text me a code
        </Button>
        <Form layout="vertical" onFinish={(values: { code: string }) => void verify(values)}>
          <Form.Item
            label="Code"
            name="code"
            rules={[{ required: true, pattern: /^\d{6}$/, message: 'Enter the 6-digit code.' }]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ width: 160 }} />
          </Form.Item>
          {failed ? (
            <Alert
              type="error"
              role="alert"
              showIcon
              title={MESSAGES.phoneVerificationFailed}
              style={{ marginBottom: 16 }}
            />
          ) : null}
          <Space>
            <Button type="primary" htmlType="submit" loading={checking}>
              Verify
            </Button>
          </Space>
        </Form>
      </div>
    </PageFrame>
  );
}
