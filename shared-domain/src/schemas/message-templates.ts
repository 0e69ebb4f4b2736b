// Message templates (issue 27 "Templates (/prompts)", docs/decisions/063-message-templates.md). A template is for
// a purpose (the broadcast of open visits first) and a credential state (SPEC §4: 1 uncredentialed, 3 fully
// credentialed, 5 inactive), with an email subject and message, an SMS and an app message, each in English and
// optionally German (SPEC §9: German only for template text). Placeholders are `{{name}}`; the names allowed
// depend on the purpose, and an unknown one is refused when saved. renderTemplate, unknownPlaceholders and
// chooseTemplate are the one rule the page's preview, the API and the senders share.
import { z } from 'zod';
import { isoDateTimeSchema, versionSchema } from './common';
import { SMS_BODY_MAX_LENGTH } from './inbound';

/** What a template is for; the broadcast of open visits is the first (keep the list extensible). */
export const MESSAGE_TEMPLATE_PURPOSES = ['broadcast'] as const;
export type MessageTemplatePurpose = (typeof MESSAGE_TEMPLATE_PURPOSES)[number];

/** SPEC §4: the credential states a template is chosen by. */
export const TEMPLATE_CREDENTIAL_STATES = [1, 3, 5] as const;
export type TemplateCredentialState = (typeof TEMPLATE_CREDENTIAL_STATES)[number];
export const TEMPLATE_CREDENTIAL_STATE_LABELS: Record<TemplateCredentialState, string> = {
  1: 'Uncredentialed',
  3: 'Fully credentialed',
  5: 'Inactive',
};

export const TEMPLATE_LANGUAGES = ['en', 'de'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];
export const TEMPLATE_LANGUAGE_LABELS: Record<TemplateLanguage, string> = { en: 'English', de: 'German' };

/** The placeholders each purpose may use, in the order the page lists them. */
export const TEMPLATE_PLACEHOLDERS: Record<MessageTemplatePurpose, readonly string[]> = {
  broadcast: [
    'givenName',
    'familyName',
    'providerType',
    'serviceRequest',
    'visitDates',
    'visitCount',
    'city',
    'link',
    'organization',
  ],
};

/** Values the preview renders with (the endpoint and the page use the same). */
export const TEMPLATE_SAMPLE_VALUES: Record<MessageTemplatePurpose, Record<string, string>> = {
  broadcast: {
    givenName: 'Maria',
    familyName: 'Lopez',
    providerType: 'RN',
    serviceRequest: 'Wound care after surgery',
    visitDates: 'Dec 8, Dec 10, Dec 12',
    visitCount: '3',
    city: 'Austin',
    link: 'https://carelane.example/v/AB12CD',
    organization: 'Hill Country Home Health',
  },
};

export const TEMPLATE_LIMITS = {
  emailSubject: 200,
  emailMessage: 10_000,
  smsMessage: SMS_BODY_MAX_LENGTH,
  appMessage: 1000,
} as const;
export type TemplateTextField = keyof typeof TEMPLATE_LIMITS;
export const TEMPLATE_TEXT_FIELDS = Object.keys(TEMPLATE_LIMITS) as TemplateTextField[];
export const TEMPLATE_FIELD_LABELS: Record<TemplateTextField, string> = {
  emailSubject: 'Email subject',
  emailMessage: 'Email message',
  smsMessage: 'SMS message',
  appMessage: 'App message',
};
/** The German variant's field name of an English text field. */
export const germanField = (field: TemplateTextField) => `${field}De` as const;
export type TemplateGermanField = ReturnType<typeof germanField>;

export const MESSAGE_TEMPLATE_MESSAGES = {
  saved: 'Template saved.',
  notFound: 'Template',
} as const;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Every placeholder name in `text`, in order of appearance, once each. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** The placeholders in `text` the purpose does not allow (empty when all are known). */
export function unknownPlaceholders(text: string, purpose: MessageTemplatePurpose): string[] {
  const allowed = TEMPLATE_PLACEHOLDERS[purpose];
  return placeholdersIn(text).filter((name) => !allowed.includes(name));
}

/** The field error for `text` with unknown placeholders, or null. */
export function unknownPlaceholderMessage(text: string, purpose: MessageTemplatePurpose): string | null {
  const unknown = unknownPlaceholders(text, purpose);
  if (unknown.length === 0) return null;
  const list = (names: readonly string[]) => names.map((n) => `{{${n}}}`).join(', ');
  return `unknown placeholder${unknown.length > 1 ? 's' : ''} ${list(unknown)}; allowed: ${list(TEMPLATE_PLACEHOLDERS[purpose])}`;
}

/** `text` with each `{{name}}` replaced by its value; a name without a value is left as written. */
export function renderTemplate(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

export interface TemplateTexts {
  emailSubject: string;
  emailMessage: string;
  smsMessage: string;
  appMessage: string;
  emailSubjectDe: string | null;
  emailMessageDe: string | null;
  smsMessageDe: string | null;
  appMessageDe: string | null;
}

/**
 * The credential state whose template a clinician in `credentialState` gets: 1, 3 and 5 their own; any other
 * (a state SPEC does not name, e.g. an in-progress 2 or 4) the uncredentialed one (decision 063): it promises
 * no more than someone not yet fully credentialed may take.
 */
export function templateStateFor(credentialState: number): TemplateCredentialState {
  return (TEMPLATE_CREDENTIAL_STATES as readonly number[]).includes(credentialState)
    ? (credentialState as TemplateCredentialState)
    : 1;
}

/** One text of a template in a language: the German text, or the English one when the German is empty. */
export function templateText(t: TemplateTexts, field: TemplateTextField, language: TemplateLanguage): string {
  const german = language === 'de' ? t[germanField(field)] : null;
  return german && german.trim() ? german : t[field];
}

/** The texts to send: the template of the state `templateStateFor` picks, in `language` (German falls back). */
export function chooseTemplate<T extends TemplateTexts & { credentialState: number }>(
  templates: readonly T[],
  credentialState: number,
  language: TemplateLanguage,
): (Record<TemplateTextField, string> & { template: T; language: TemplateLanguage }) | null {
  const template = templates.find((t) => t.credentialState === templateStateFor(credentialState));
  if (!template) return null;
  const texts = Object.fromEntries(
    TEMPLATE_TEXT_FIELDS.map((f) => [f, templateText(template, f, language)]),
  ) as Record<TemplateTextField, string>;
  return { ...texts, template, language };
}

const purposeSchema = z.enum(MESSAGE_TEMPLATE_PURPOSES, {
  error: `must be one of: ${MESSAGE_TEMPLATE_PURPOSES.join(', ')}`,
});
const credentialStateSchema = z.coerce
  .number({ error: `must be one of: ${TEMPLATE_CREDENTIAL_STATES.join(', ')}` })
  .int()
  .refine((n) => (TEMPLATE_CREDENTIAL_STATES as readonly number[]).includes(n), {
    error: `must be one of: ${TEMPLATE_CREDENTIAL_STATES.join(', ')}`,
  });
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
const englishText = (max: number) => text(max).min(1, { error: 'is required' });
const germanText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const messageTemplateListQuerySchema = z.object({ purpose: purposeSchema.default('broadcast') });
export type MessageTemplateListQuery = z.infer<typeof messageTemplateListQuerySchema>;

const textsShape = {
  emailSubject: englishText(TEMPLATE_LIMITS.emailSubject),
  emailMessage: englishText(TEMPLATE_LIMITS.emailMessage),
  smsMessage: englishText(TEMPLATE_LIMITS.smsMessage),
  appMessage: englishText(TEMPLATE_LIMITS.appMessage),
  emailSubjectDe: germanText(TEMPLATE_LIMITS.emailSubject),
  emailMessageDe: germanText(TEMPLATE_LIMITS.emailMessage),
  smsMessageDe: germanText(TEMPLATE_LIMITS.smsMessage),
  appMessageDe: germanText(TEMPLATE_LIMITS.appMessage),
};
const ALL_TEXT_FIELDS = Object.keys(textsShape) as (keyof typeof textsShape)[];

/** Adds an issue naming each text field with a placeholder `purpose` does not allow. */
export function checkPlaceholders(
  value: Partial<Record<string, unknown>>,
  purpose: MessageTemplatePurpose,
  addIssue: (field: string, message: string) => void,
) {
  for (const field of ALL_TEXT_FIELDS) {
    const v = value[field];
    const message = typeof v === 'string' ? unknownPlaceholderMessage(v, purpose) : null;
    if (message) addIssue(field, message);
  }
}

/** PUT /api/admin/messageTemplates/:id: every text at the version read (the purpose is the row's). */
export const messageTemplateUpdateSchema = z
  .object({ ...textsShape, version: versionSchema })
  .superRefine((value, ctx) =>
    // Every purpose so far allows the broadcast placeholders; the service checks again with the row's purpose.
    checkPlaceholders(value, 'broadcast', (field, message) =>
      ctx.addIssue({ code: 'custom', path: [field], message }),
    ),
  );
export type MessageTemplateUpdate = z.infer<typeof messageTemplateUpdateSchema>;

export const messageTemplateSchema = z
  .object({
    id: z.number().int(),
    purpose: z.enum(MESSAGE_TEMPLATE_PURPOSES),
    credentialState: z.number().int(),
    emailSubject: z.string(),
    emailMessage: z.string(),
    smsMessage: z.string(),
    appMessage: z.string(),
    emailSubjectDe: z.string().nullable(),
    emailMessageDe: z.string().nullable(),
    smsMessageDe: z.string().nullable(),
    appMessageDe: z.string().nullable(),
    version: versionSchema,
    updatedAt: isoDateTimeSchema,
    updatedByName: z.string().nullable(),
  })
  .meta({ id: 'MessageTemplate' });
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;
export const messageTemplateListSchema = z.object({ rows: z.array(messageTemplateSchema) });
export type MessageTemplateList = z.infer<typeof messageTemplateListSchema>;
export const messageTemplateResultSchema = z.object({ message: z.string(), template: messageTemplateSchema });
export type MessageTemplateResult = z.infer<typeof messageTemplateResultSchema>;

/** POST /api/admin/messageTemplates/preview: the saved texts, or the unsaved ones sent, with sample values. */
export const messageTemplatePreviewRequestSchema = z
  .object({
    purpose: purposeSchema,
    credentialState: credentialStateSchema,
    language: z
      .enum(TEMPLATE_LANGUAGES, { error: `must be one of: ${TEMPLATE_LANGUAGES.join(', ')}` })
      .default('en'),
    emailSubject: text(TEMPLATE_LIMITS.emailSubject).optional(),
    emailMessage: text(TEMPLATE_LIMITS.emailMessage).optional(),
    smsMessage: text(TEMPLATE_LIMITS.smsMessage).optional(),
    appMessage: text(TEMPLATE_LIMITS.appMessage).optional(),
    emailSubjectDe: germanText(TEMPLATE_LIMITS.emailSubject).optional(),
    emailMessageDe: germanText(TEMPLATE_LIMITS.emailMessage).optional(),
    smsMessageDe: germanText(TEMPLATE_LIMITS.smsMessage).optional(),
    appMessageDe: germanText(TEMPLATE_LIMITS.appMessage).optional(),
  })
  .superRefine((value, ctx) =>
    checkPlaceholders(value, value.purpose, (field, message) =>
      ctx.addIssue({ code: 'custom', path: [field], message }),
    ),
  );
export type MessageTemplatePreviewRequest = z.infer<typeof messageTemplatePreviewRequestSchema>;
export const messageTemplatePreviewSchema = z.object({
  language: z.enum(TEMPLATE_LANGUAGES),
  /** True when a German text was asked for and at least one fell back to English. */
  fellBack: z.boolean(),
  emailSubject: z.string(),
  emailMessage: z.string(),
  smsMessage: z.string(),
  appMessage: z.string(),
  values: z.record(z.string(), z.string()),
});
export type MessageTemplatePreview = z.infer<typeof messageTemplatePreviewSchema>;
