import {
  MESSAGES,
  PROVIDER_TYPES,
  invitationDetailsSchema,
  providerTypeName,
  type InvitationDetails,
} from '@carelane/shared-domain';
import {
  apiClient,
  errorMessage,
  isApiCallError,
  publishErrorToast,
  publishToast,
} from '@carelane/shared-session';
import { NameFields, PhoneInput } from '@carelane/shared-ui';
import { Alert, Button, Form, Input, Select, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { FormFailure, PasswordField } from '../app/form-parts';
import { InAppLink } from '../app/InAppLink';
import { showFieldErrors } from '../app/form-errors';
import { navigate, redirect, useShellLocation } from '../routing/location';
import { setLoginNotice } from '../session/login-notice';
import { PublicCard } from './PublicCard';
import { sendPageView } from './page-view-beacon';

type Registration = {
  firstName: string;
  lastName: string;
  emailId: string;
  phoneNumber: string;
  password: string;
  providerTypeId?: number;
};

const messageAnswer = z.object({ message: z.string() });

type Invitation =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'open'; details: InvitationDetails }
  | { state: 'refused'; text: string };

/** Why an invitation cannot be used, in the server's words ("The invitation link is invalid or has expired."). */
function refusalText(error: unknown): string {
  const token = isApiCallError(error) ? error.fieldErrors.find((item) => item.field === 'token') : undefined;
  return token
    ? `Sorry, the invitation could not be opened. The invitation link ${token.message}.`
    : errorMessage(error, 'the invitation', 'opened');
}

/** The invitation of `?invitation=` (issue 11): loaded once, for the form to show and send. */
function useInvitation(token: string | null): Invitation {
  const [invitation, setInvitation] = useState<Invitation>({ state: token ? 'loading' : 'none' });
  useEffect(() => {
    if (!token) {
      setInvitation({ state: 'none' });
      return;
    }
    const controller = new AbortController();
    setInvitation({ state: 'loading' });
    apiClient
      .get('/api/security/invitation', invitationDetailsSchema, {
        searchParams: { token },
        signal: controller.signal,
      })
      .then(
        (details) => setInvitation({ state: 'open', details }),
        (error: unknown) => {
          if (!controller.signal.aborted) setInvitation({ state: 'refused', text: refusalText(error) });
        },
      );
    return () => controller.abort();
  }, [token]);
  return invitation;
}

/**
 * Clinicians register themselves (role 4); the server emails a verification link and texts a code. From an
 * invitation link (`?invitation=`) the invited names and phone are filled in and the email is the invited one;
 * without one, the clinician chooses their provider type.
 */
export function RegisterPage() {
  const { query } = useShellLocation();
  // "Register without the invitation" drops a refused link's token (and the address's).
  const [withoutInvitation, setWithoutInvitation] = useState(false);
  const token = withoutInvitation ? null : query.get('invitation');
  const invitation = useInvitation(token);
  const [form] = Form.useForm<Registration>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const invited = invitation.state === 'open' ? invitation.details : null;
  // One view per opening of the page (decision 058), kept without cookies; a ref, so a remount in development
  // does not count it twice.
  const viewSent = useRef(false);
  useEffect(() => {
    if (viewSent.current) return;
    viewSent.current = true;
    sendPageView('/register');
  }, []);

  useEffect(() => {
    if (invited)
      form.setFieldsValue({
        firstName: invited.firstName,
        lastName: invited.lastName,
        emailId: invited.emailId,
        phoneNumber: invited.phoneNumber ?? undefined,
      });
  }, [form, invited]);

  const submit = async (values: Registration) => {
    setBusy(true);
    setFailure(null);
    const { providerTypeId, ...person } = values;
    const body =
      invited && token
        ? { ...person, emailId: invited.emailId, invitationToken: token }
        : { ...person, providerTypeId };
    try {
      const answer = await apiClient.post('/api/security/register', body, messageAnswer);
      publishToast(MESSAGES.registrationSuccessful);
      setLoginNotice(answer.message, { tone: 'success', emailId: body.emailId });
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

  if (invitation.state === 'loading')
    return (
      <PublicCard title="Register as a clinician">
        <p>Opening your invitation…</p>
        <Skeleton active />
      </PublicCard>
    );

  if (invitation.state === 'refused')
    return (
      <PublicCard title="Register as a clinician">
        <Alert type="error" role="alert" showIcon title={invitation.text} style={{ marginBottom: 16 }} />
        <p>Ask your clinician manager for a new invitation, or register without one.</p>
        <Button
          type="primary"
          block
          onClick={() => {
            setWithoutInvitation(true);
            redirect('/register');
          }}
        >
          Register without the invitation
        </Button>
        <p style={{ marginTop: 16, marginBottom: 0 }}>
          Already registered? <InAppLink to="/">Sign in</InAppLink>
        </p>
      </PublicCard>
    );

  return (
    <PublicCard title="Register as a clinician">
      {invited ? (
        <p>
          You are invited to join Carelane as a clinician ({providerTypeName(invited.providerTypeId)}). Check
          your details and choose a password.
        </p>
      ) : null}
      <Form<Registration> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <NameFields stacked autoComplete />
        <Form.Item
          label="Email"
          name="emailId"
          rules={[{ required: true, type: 'email' }]}
          extra={invited ? 'The address your invitation was sent to.' : undefined}
        >
          <Input type="email" autoComplete="email" readOnly={invited !== null} />
        </Form.Item>
        <Form.Item label="Mobile phone" name="phoneNumber" rules={[{ required: true }]}>
          <PhoneInput required />
        </Form.Item>
        {invited ? null : (
          <Form.Item
            label="Provider type"
            name="providerTypeId"
            rules={[{ required: true, message: 'Choose your provider type.' }]}
          >
            <Select
              options={PROVIDER_TYPES.map((t) => ({ value: t.id, label: t.type }))}
              placeholder="Choose…"
            />
          </Form.Item>
        )}
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
