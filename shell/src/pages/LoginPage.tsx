import { LOGIN_BLOCKED_MESSAGE, LOGIN_FAILED_PREFIX, MESSAGES } from '@carelane/shared-domain';
import { isApiCallError, publishErrorToast, publishToast, signIn } from '@carelane/shared-session';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { InAppLink } from '../app/InAppLink';
import { setLoginNotice, useLoginNotice } from '../session/login-notice';
import { PublicCard } from './PublicCard';

type Credentials = { emailId: string; password: string };

/** SPEC §8: 'Sorry, login failed. ' + the server's text; a blocked login shows SPEC §5's text alone. */
export function loginFailureText(error: unknown): string {
  if (isApiCallError(error)) {
    if (error.code === 'LOGIN_BLOCKED') return LOGIN_BLOCKED_MESSAGE;
    if (error.kind === 'network') return error.text;
    return `${LOGIN_FAILED_PREFIX}${error.text}`;
  }
  return LOGIN_FAILED_PREFIX;
}

export function LoginPage() {
  const notice = useLoginNotice();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async ({ emailId, password }: Credentials) => {
    setBusy(true);
    setFailure(null);
    try {
      await signIn(emailId.trim(), password);
      setLoginNotice(null);
      publishToast(MESSAGES.loginSuccessful);
      // The shell sends a signed-in user on to the page they asked for (or their start page).
    } catch (error) {
      const text = loginFailureText(error);
      setFailure(text);
      publishErrorToast(text);
      setBusy(false);
    }
  };

  return (
    <PublicCard title="Sign in">
      <div data-unsaved-ignore>
        {notice ? <Alert type="warning" showIcon title={notice} style={{ marginBottom: 16 }} /> : null}
        <Form<Credentials> layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
          <Form.Item
            label="Email"
            name="emailId"
            rules={[{ required: true, message: 'Please enter your email.' }]}
          >
            <Input type="email" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            rules={[{ required: true, message: 'Please enter your password.' }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {failure ? (
            <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />
          ) : null}
          <Button type="primary" htmlType="submit" block loading={busy}>
            Sign in
          </Button>
        </Form>
        <Flex justify="space-between" style={{ marginTop: 16 }}>
          <InAppLink to="/resetPassword">Forgot your password?</InAppLink>
          <InAppLink to="/register">Register as a clinician</InAppLink>
        </Flex>
      </div>
    </PublicCard>
  );
}
