import { MESSAGES } from '@carelane/shared-domain';
import { isApiCallError, publishErrorToast, publishToast, signIn } from '@carelane/shared-session';
import { Alert, Button, Flex, Input, theme } from 'antd';
import { type FormEvent, type ReactNode, useState } from 'react';
import { InAppLink } from '../app/InAppLink';
import { setLoginNotice, useLoginNotice } from '../session/login-notice';
import {
  LOGIN_COPY,
  type LoginField as Field,
  loginFailureText as failureText,
  missingFields,
} from '../static-login/login-form';
import { PublicCard } from './PublicCard';

/** SPEC §8: 'Sorry, login failed. ' + the server's text; a blocked login shows SPEC §5's text alone. */
export function loginFailureText(error: unknown): string {
  return failureText(isApiCallError(error) ? error : null);
}

/** A labelled field laid out as antd's vertical form lays one out, with its error below it. */
function LoginField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: token.marginLG }}>
      <label
        htmlFor={id}
        style={{ display: 'block', paddingBottom: token.paddingXS, color: token.colorTextHeading }}
      >
        {label}
      </label>
      {children}
      {error ? (
        <div id={`${id}-error`} role="alert" style={{ color: token.colorError, marginTop: 2 }}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Sign-in once the application is running (after signing out, or when a session ends); a visit to the login
 * page signed out gets the static page of index.html instead (docs/decisions/018), with the same texts and
 * rules (../static-login/login-form.ts). A plain form rather than antd's Form (docs/decisions/007).
 */
export function LoginPage() {
  const notice = useLoginNotice();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<Partial<Record<Field, string>>>({});

  const submit = async (emailId: string, password: string) => {
    setBusy(true);
    setFailure(null);
    try {
      await signIn(emailId, password);
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const emailId = String(data.get('emailId') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const errors = missingFields(emailId, password);
    setMissing(errors);
    const first = (Object.keys(errors) as Field[])[0];
    if (first) {
      form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    void submit(emailId, password);
  };

  // Typing in a field that was reported empty takes its message away, as antd's form does.
  const typed = (field: Field) => () => {
    if (missing[field]) setMissing((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <PublicCard title={LOGIN_COPY.title}>
      <div data-unsaved-ignore>
        {notice ? (
          <Alert type={notice.tone} showIcon title={notice.text} style={{ marginBottom: 16 }} />
        ) : null}
        <form onSubmit={onSubmit}>
          <LoginField id="login-email" label={LOGIN_COPY.emailLabel} error={missing.emailId}>
            <Input
              id="login-email"
              name="emailId"
              type="email"
              autoComplete="username"
              defaultValue={notice?.emailId}
              autoFocus={!notice?.emailId}
              status={missing.emailId ? 'error' : undefined}
              aria-invalid={missing.emailId ? true : undefined}
              aria-describedby={missing.emailId ? 'login-email-error' : undefined}
              onChange={typed('emailId')}
            />
          </LoginField>
          <LoginField id="login-password" label={LOGIN_COPY.passwordLabel} error={missing.password}>
            <Input.Password
              id="login-password"
              name="password"
              autoComplete="current-password"
              autoFocus={!!notice?.emailId}
              status={missing.password ? 'error' : undefined}
              aria-invalid={missing.password ? true : undefined}
              aria-describedby={missing.password ? 'login-password-error' : undefined}
              onChange={typed('password')}
            />
          </LoginField>
          {failure ? (
            <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />
          ) : null}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {LOGIN_COPY.submit}
          </Button>
        </form>
        <Flex justify="space-between" style={{ marginTop: 16 }}>
          <InAppLink to="/resetPassword">{LOGIN_COPY.forgotPassword}</InAppLink>
          <InAppLink to="/register">{LOGIN_COPY.register}</InAppLink>
        </Flex>
      </div>
    </PublicCard>
  );
}
