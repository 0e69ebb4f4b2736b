import { MESSAGES } from '@carelane/shared-domain';
import { apiClient, isApiCallError, publishErrorToast, publishToast } from '@carelane/shared-session';
import { NameFields, PhoneInput } from '@carelane/shared-ui';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { FormFailure, PasswordField } from '../app/form-parts';
import { InAppLink } from '../app/InAppLink';
import { showFieldErrors } from '../app/form-errors';
import { navigate } from '../routing/location';
import { setLoginNotice } from '../session/login-notice';
import { PublicCard } from './PublicCard';

type Registration = {
  firstName: string;
  lastName: string;
  emailId: string;
  phoneNumber: string;
  password: string;
};

const messageAnswer = z.object({ message: z.string() });

/** Clinicians register themselves (role 4); the server emails a verification link and texts a code. */
export function RegisterPage() {
  const [form] = Form.useForm<Registration>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: Registration) => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await apiClient.post('/api/security/register', values, messageAnswer);
      publishToast(MESSAGES.registrationSuccessful);
      setLoginNotice(answer.message);
      navigate('/');
    } catch (error) {
      showFieldErrors(form, error);
      // SPEC §8: a failed registration has no text of its own; the server's text is shown.
      const text = `${MESSAGES.registrationFailed}${isApiCallError(error) ? error.text : ''}`;
      setFailure(text || 'Registration did not go through. Please try again.');
      if (text) publishErrorToast(text);
      setBusy(false);
    }
  };

  return (
    <PublicCard title="Register as a clinician">
      <Form<Registration> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <NameFields stacked autoComplete />
        <Form.Item label="Email" name="emailId" rules={[{ required: true, type: 'email' }]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Mobile phone" name="phoneNumber" rules={[{ required: true }]}>
          <PhoneInput required />
        </Form.Item>
        <PasswordField name="password" label="Password" />
        <FormFailure text={failure} />
        <Button type="primary" htmlType="submit" block loading={busy}>
          Register
        </Button>
      </Form>
      <p style={{ marginTop: 16, marginBottom: 0 }}>
        Already registered? <InAppLink to="/">Sign in</InAppLink>
      </p>
    </PublicCard>
  );
}
