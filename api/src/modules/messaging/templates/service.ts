// Message templates (issue 27 "Templates (/prompts)", decision 063): a purpose's templates (one per credential
// state 1, 3, 5, seeded by migration 0044), the save of one at the version read ('Template saved.'; an unknown
// placeholder or an empty English text refused naming the field, a stale version 409) and the preview, rendered
// with sample values by the same renderTemplate the page and the senders use.
import {
  MESSAGE_TEMPLATE_MESSAGES,
  TEMPLATE_SAMPLE_VALUES,
  TEMPLATE_TEXT_FIELDS,
  checkPlaceholders,
  germanField,
  renderTemplate,
  templateText,
  type FieldError,
  type MessageTemplate,
  type MessageTemplateList,
  type MessageTemplatePreview,
  type MessageTemplatePreviewRequest,
  type MessageTemplatePurpose,
  type MessageTemplateResult,
  type MessageTemplateUpdate,
  type TemplateTexts,
} from '@carelane/shared-domain';
import { and, eq } from 'drizzle-orm';
import { messageTemplates } from '../../../db/schema';
import { invalidFields, notFound, staleVersion } from '../../../lib/errors';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import * as repo from './repository';

type Services = Pick<AppServices, 'db'>;

function toTemplate({ row, updatedByName }: repo.TemplateWithName): MessageTemplate {
  return {
    id: row.id,
    purpose: row.purpose as MessageTemplatePurpose,
    credentialState: row.credentialState,
    emailSubject: row.emailSubject,
    emailMessage: row.emailMessage,
    smsMessage: row.smsMessage,
    appMessage: row.appMessage,
    emailSubjectDe: row.emailSubjectDe,
    emailMessageDe: row.emailMessageDe,
    smsMessageDe: row.smsMessageDe,
    appMessageDe: row.appMessageDe,
    version: row.version,
    updatedAt: new Date(row.updatedAt).toISOString(),
    updatedByName,
  };
}

/** GET /api/admin/messageTemplates?purpose= */
export async function listTemplates(
  services: Services,
  purpose: MessageTemplatePurpose,
): Promise<MessageTemplateList> {
  return { rows: (await repo.listTemplates(services.db, purpose)).map(toTemplate) };
}

/** PUT /api/admin/messageTemplates/:id: every text, at the version read. */
export async function updateTemplate(
  services: Services,
  ctx: RequestContext,
  id: number,
  input: MessageTemplateUpdate,
): Promise<MessageTemplateResult> {
  const actor = requireActor(ctx);
  const stale = () => staleVersion('template');
  await services.db.transaction(async (tx) => {
    const before = await repo.lockTemplate(tx, id);
    if (!before) throw notFound(MESSAGE_TEMPLATE_MESSAGES.notFound);
    const errors: FieldError[] = [];
    checkPlaceholders(input, before.purpose as MessageTemplatePurpose, (field, message) =>
      errors.push({ field, message }),
    );
    if (errors.length) throw invalidFields(errors);
    if (before.version !== input.version) throw stale();
    const { version: _version, ...texts } = input;
    await repo.updateTemplate(tx, ctx, before, { ...texts, updatedByUserId: actor.userId }, stale);
  });
  return {
    message: MESSAGE_TEMPLATE_MESSAGES.saved,
    template: toTemplate((await repo.findTemplate(services.db, id))!),
  };
}

/** POST /api/admin/messageTemplates/preview: the texts sent (else the saved ones) rendered with sample values. */
export async function previewTemplate(
  services: Services,
  input: MessageTemplatePreviewRequest,
): Promise<MessageTemplatePreview> {
  const [saved] = await services.db
    .select()
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.purpose, input.purpose),
        eq(messageTemplates.credentialState, input.credentialState),
      ),
    );
  if (!saved) throw notFound(MESSAGE_TEMPLATE_MESSAGES.notFound);
  const texts = { ...saved } as TemplateTexts;
  for (const field of TEMPLATE_TEXT_FIELDS) {
    const en = input[field];
    if (en) texts[field] = en;
    const de = germanField(field);
    if (input[de] !== undefined) texts[de] = input[de];
  }
  const values = TEMPLATE_SAMPLE_VALUES[input.purpose];
  const rendered = Object.fromEntries(
    TEMPLATE_TEXT_FIELDS.map((f) => [f, renderTemplate(templateText(texts, f, input.language), values)]),
  ) as Record<(typeof TEMPLATE_TEXT_FIELDS)[number], string>;
  const fellBack =
    input.language === 'de' && TEMPLATE_TEXT_FIELDS.some((f) => !texts[germanField(f)]?.trim());
  return { language: input.language, fellBack, ...rendered, values: { ...values } };
}
