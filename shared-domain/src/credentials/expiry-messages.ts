/**
 * The credential expiry warnings (issue 11): when a warning is due (30, 14 and 7 days before a credential
 * expires, each once) and its words, by the clinician's credential state (SPEC §4: 1 uncredentialed, 3 fully
 * credentialed, 5 inactive), each as an email subject and message, an SMS and an app message. The SPEC gives
 * no words: these are ours (docs/decisions/022-credential-expiry-job.md).
 *
 * A template is text with placeholders, so that the API's daily job can fill in thousands of them in one SQL
 * statement (api/src/modules/clinicians/credential-expiry): {@link expiryMessage} is the reference rendering,
 * and the job's SQL is tested to give the same text.
 */
import { formatDate } from '../formats';

/** Days before the expiry date when a warning goes out, widest first. */
export const EXPIRY_WARNING_DAYS = [30, 14, 7] as const;
export type ExpiryWarningDays = (typeof EXPIRY_WARNING_DAYS)[number];

/** SPEC §4 credential states, the template choice. */
export const CREDENTIAL_STATE = { uncredentialed: 1, fullyCredentialed: 3, inactive: 5 } as const;
export type CredentialState = (typeof CREDENTIAL_STATE)[keyof typeof CREDENTIAL_STATE];

/**
 * The warning a credential expiring in `daysLeft` days (0: it expires today, its last valid day) falls under:
 * the narrowest of 30, 14, 7 that is at least `daysLeft`; null when it is further away or already past.
 */
export function expiryWarningThreshold(daysLeft: number): ExpiryWarningDays | null {
  if (!Number.isInteger(daysLeft) || daysLeft < 0) return null;
  let threshold: ExpiryWarningDays | null = null;
  for (const days of EXPIRY_WARNING_DAYS) if (daysLeft <= days) threshold = days;
  return threshold;
}

/**
 * The warning to send today, or null: one is due when the credential falls under a threshold and the last
 * warning sent (`warnedDaysBefore`) was a wider one or none. A credential first seen 5 days out gets the 7-day
 * warning only; none is sent twice.
 */
export function expiryWarningDue(
  daysLeft: number,
  warnedDaysBefore: number | null,
): ExpiryWarningDays | null {
  const threshold = expiryWarningThreshold(daysLeft);
  if (threshold === null) return null;
  return warnedDaysBefore === null || warnedDaysBefore > threshold ? threshold : null;
}

/** The four variants of one warning. */
export type ExpiryMessage = { emailSubject: string; emailBody: string; sms: string; app: string };

/**
 * Placeholders of the templates, filled in this order (the SQL does the same):
 * - `{days}`: the warning's threshold (30, 14 or 7);
 * - `{firstExpiry}`: the earliest expiry date of the credentials, formatted ('6/30/2030');
 * - `{credentialLines}`: one line per credential, '- TB test: expires 6/30/2030';
 * - `{credentialNames}`: the names, 'TB test, CPR/BLS card';
 * - `{givenName}`: the clinician's given name.
 * Credentials are listed by expiry date, then name.
 */
export const EXPIRY_PLACEHOLDERS = [
  '{days}',
  '{firstExpiry}',
  '{credentialLines}',
  '{credentialNames}',
  '{givenName}',
] as const;

const SIGNATURE = 'Thank you,\nThe Carelane clinician team';

/** The templates by credential state. */
export const CREDENTIAL_EXPIRY_TEMPLATES: Readonly<Record<CredentialState, ExpiryMessage>> = {
  [CREDENTIAL_STATE.fullyCredentialed]: {
    emailSubject: 'Your credentials expire soon: renew by {firstExpiry}',
    emailBody:
      'Hello {givenName},\n\n' +
      'These credentials on your Carelane profile expire within {days} days:\n' +
      '{credentialLines}\n\n' +
      'Upload the renewed documents in the Carelane app before then to keep receiving visit offers: ' +
      'a credential that has expired stops matching for every visit after its expiry date.\n\n' +
      SIGNATURE,
    sms:
      'Carelane: credentials expiring from {firstExpiry}: {credentialNames}. ' +
      'Upload renewals in the app to keep receiving visits.',
    app:
      'Expiring within {days} days: {credentialNames} (first on {firstExpiry}). ' +
      'Upload renewals to keep receiving visits.',
  },
  [CREDENTIAL_STATE.uncredentialed]: {
    emailSubject: 'Complete your credentials: some expire from {firstExpiry}',
    emailBody:
      'Hello {givenName},\n\n' +
      'These credentials on your Carelane profile expire within {days} days:\n' +
      '{credentialLines}\n\n' +
      'Your profile is not fully credentialed yet, so you are not offered visits. Upload the renewals in the ' +
      'Carelane app together with any credential still missing, and our team will review them.\n\n' +
      SIGNATURE,
    sms:
      'Carelane: credentials expiring from {firstExpiry}: {credentialNames}. ' +
      'Upload renewals and any missing credentials in the app to start receiving visits.',
    app:
      'Expiring within {days} days: {credentialNames} (first on {firstExpiry}). ' +
      'Complete your credentials to start receiving visits.',
  },
  [CREDENTIAL_STATE.inactive]: {
    emailSubject: 'Credentials on file expire from {firstExpiry}',
    emailBody:
      'Hello {givenName},\n\n' +
      'Your Carelane profile is inactive. These credentials on file expire within {days} days:\n' +
      '{credentialLines}\n\n' +
      'If you plan to work with us again, upload the renewed documents in the Carelane app so that your ' +
      'profile can be reactivated sooner. Otherwise there is nothing to do.\n\n' +
      SIGNATURE,
    sms:
      'Carelane: credentials on file expiring from {firstExpiry}: {credentialNames}. ' +
      'Planning to return? Upload renewals in the app.',
    app:
      'Credentials on file expire within {days} days: {credentialNames} (first on {firstExpiry}). ' +
      'Upload renewals if you plan to return.',
  },
};

/** The templates of a credential state; an unknown state reads as uncredentialed. */
export function expiryTemplatesFor(state: number): ExpiryMessage {
  return CREDENTIAL_EXPIRY_TEMPLATES[state as CredentialState] ?? CREDENTIAL_EXPIRY_TEMPLATES[1];
}

/** A credential named in a warning (expiresOn 'YYYY-MM-DD'). */
export type ExpiringCredential = { name: string; expiresOn: string };

/** Credentials in the order a warning lists them: by expiry date, then name (code point order). */
export function expiringInOrder(credentials: readonly ExpiringCredential[]): ExpiringCredential[] {
  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...credentials].sort(
    (a, b) => byCodePoint(a.expiresOn, b.expiresOn) || byCodePoint(a.name, b.name),
  );
}

/** Fills one template's placeholders, in the order of {@link EXPIRY_PLACEHOLDERS}. */
export function fillExpiryTemplate(
  template: string,
  values: Record<(typeof EXPIRY_PLACEHOLDERS)[number], string>,
): string {
  let text = template;
  for (const placeholder of EXPIRY_PLACEHOLDERS) text = text.split(placeholder).join(values[placeholder]);
  return text;
}

/** The warning of `daysBefore` to a clinician in credential state `state`, listing `credentials` (one or more). */
export function expiryMessage(
  state: number,
  input: { givenName: string; daysBefore: ExpiryWarningDays; credentials: readonly ExpiringCredential[] },
): ExpiryMessage {
  const listed = expiringInOrder(input.credentials);
  const values = {
    '{days}': String(input.daysBefore),
    '{firstExpiry}': formatDate(listed[0]?.expiresOn ?? null),
    '{credentialLines}': listed.map((c) => `- ${c.name}: expires ${formatDate(c.expiresOn)}`).join('\n'),
    '{credentialNames}': listed.map((c) => c.name).join(', '),
    '{givenName}': input.givenName,
  };
  const templates = expiryTemplatesFor(state);
  return {
    emailSubject: fillExpiryTemplate(templates.emailSubject, values),
    emailBody: fillExpiryTemplate(templates.emailBody, values),
    sms: fillExpiryTemplate(templates.sms, values),
    app: fillExpiryTemplate(templates.app, values),
  };
}
