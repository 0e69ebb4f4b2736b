// The intake assistant's extraction (issue 28, decision 069): an email's text read by the embedded engine (rules,
// offline, deterministic) into a draft. Nothing is written: the draft is reviewed and created on its own.
import {
  ASSISTANT_MESSAGES,
  ASSISTANT_TEXT_MAX_CHARS,
  EML_MESSAGES,
  INBOUND_EMAIL_TEXT_MAX_LENGTH,
  isValidEmail,
  formatVisitWindow,
  renderTemplate,
  REQUEST_REPLY_MESSAGES,
  REQUEST_REPLY_TEMPLATE,
  todayIn,
  type AssistantCreated,
  type AssistantCreateInput,
  type AssistantExtractInput,
  type AssistantQueue,
  type EmlUpload,
  type QueuedEmail,
  type RequestReply,
  type RequestReplySend,
  type DuplicateCheck,
  type DuplicateCheckInput,
  type Extraction,
} from '@carelane/shared-domain';
import { HOME_HEALTH_ICD10_CODES } from '../../../db/icd-codes';
import { createHash } from 'node:crypto';
import type { Tx } from '../../../db/client';
import PostalMime from 'postal-mime';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { enqueueMessage } from '../../../services/outbox';
import type { AppServices } from '../../../services/app-services';
import { noteRead } from '../../../services/access-log';
import { recordAudit } from '../../../services/audit';
import { requireActor, type RequestContext } from '../../../services/context';
import { loadTypedConstants } from '../../admin/constants';
import { loadGazetteer } from '../../maps/gazetteer';
import { organizationTimeZone, organizationTimeZoneOrDefault } from '../../maps/service';
import { addVisitsIn } from '../../scheduling/episode-visits/service';
import { createEpisodeIn, getEpisode } from '../../scheduling/episodes/service';
import { createPatientIn, patientInScope } from '../../scheduling/patients/service';
import { receiveEmail } from '../inbound/service';
import { possibleDuplicates } from './duplicates';
import { extractRequest } from './engine';
import { referenceResolver } from './engine/dates';
import { askModel, PROMPT_VERSION, type ModelProviderConfig } from './model-provider';
import * as repo from './repository';

const megabytes = (chars: number) => `${(chars / 1_048_576).toFixed(1)} MB`;

/** Not text a person wrote: control characters or undecodable bytes (NUL is refused for every field already). */
function looksBinary(text: string): boolean {
  let odd = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    if ((code >= 0x01 && code <= 0x08) || (code >= 0x0e && code <= 0x1f) || code === 0xfffd) odd += 1;
  }
  return odd > Math.max(4, text.length * 0.01);
}

/** The email's text, refused by name when empty, too long to be a request, or not text at all. */
export function emailText(text: string): string {
  if (!text.trim()) throw badRequest('text', ASSISTANT_MESSAGES.textMissing);
  if (text.length > ASSISTANT_TEXT_MAX_CHARS)
    throw badRequest('text', ASSISTANT_MESSAGES.tooLong(megabytes(text.length)));
  if (looksBinary(text)) throw badRequest('text', ASSISTANT_MESSAGES.binary);
  return text;
}

export async function extract(
  services: AppServices,
  ctx: RequestContext,
  input: AssistantExtractInput,
): Promise<Extraction> {
  const actor = requireActor(ctx);
  const text = emailText(input.text);
  const zone = await organizationTimeZoneOrDefault(services.db, actor.referralSourceId);
  const fallback = input.receivedAt ?? todayIn(zone);
  // What the request's own dates are read against: the last Date:/Sent: header (the original of a forward).
  const referenceDate = referenceResolver(text, fallback)(text.length);
  const provider = services.config.aiProvider;
  let unavailable = false;
  if (provider && (await loadTypedConstants(services.db)).assistantModelProvider) {
    const answer = await askModelAudited(services, ctx, provider, text, referenceDate);
    if (answer) return { ...answer, notices: [], referenceDate, engine: 'model' };
    unavailable = true;
  }
  const gazetteer = await loadGazetteer();
  const result = extractRequest(text, {
    referenceDate: fallback,
    gazetteer,
    icdCodes: HOME_HEALTH_ICD10_CODES,
  });
  const notices = unavailable
    ? [
        { code: 'model-unavailable' as const, message: ASSISTANT_MESSAGES.modelUnavailable },
        ...result.notices,
      ]
    : result.notices;
  return { ...result, notices, referenceDate, engine: 'embedded' };
}

/** One call to the model provider, in the audit log whatever its outcome; null when it gave no usable answer. */
async function askModelAudited(
  services: AppServices,
  ctx: RequestContext,
  provider: ModelProviderConfig,
  text: string,
  referenceDate: string,
) {
  const call = { provider: new URL(provider.url).host, model: provider.model, prompt: PROMPT_VERSION };
  try {
    const answer = await askModel(provider, text, referenceDate);
    await auditModelCall(services, ctx, { ...call, characters: text.length, fields: answer.fields.length });
    return answer;
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 200) : 'failed';
    await auditModelCall(services, ctx, { ...call, characters: text.length, failed: reason });
    return null;
  }
}

async function auditModelCall(services: AppServices, ctx: RequestContext, call: Record<string, unknown>) {
  await recordAudit(services.db, ctx, {
    entity: 'assistantModelCall',
    entityId: null,
    action: 'CREATE',
    diff: Object.fromEntries(
      Object.entries(call).map(([key, value]) => [key, { before: null, after: value }]),
    ),
  });
}

const DUPLICATES_SHOWN = 10;

/** Existing patients the draft's patient may be (the reply names each, and the read is in the access log). */
export async function checkDuplicates(
  services: AppServices,
  ctx: RequestContext,
  input: DuplicateCheckInput,
): Promise<DuplicateCheck> {
  const [constants, candidates] = await Promise.all([
    loadTypedConstants(services.db),
    repo.duplicateCandidates(services.db, input),
  ]);
  const threshold = constants.twoStringDuplicatePercentage;
  const rows = possibleDuplicates(input, candidates, threshold, DUPLICATES_SHOWN);
  noteRead(ctx, { kind: 'patientList', entityId: null, patientIds: rows.map((row) => row.id) });
  return { threshold, rows };
}

/** A header's value in the email's first header block ('From', 'Subject'), or null. */
function header(text: string, name: string): string | null {
  const match = new RegExp(`^${name}:[ \\t]*(.+)$`, 'im').exec(text);
  return match?.[1]?.trim() || null;
}
const EMAIL_ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

/** A nested operation's field errors named under the part of the input they belong to ('patient.lastName'). */
async function within<T>(part: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof AppError && error.errors?.length && error.statusCode === 400) {
      const errors = error.errors.map((e) => ({ ...e, field: `${part}.${e.field}` }));
      throw new AppError(400, error.code, errors.map((e) => `${e.field}: ${e.message}`).join(', '), errors);
    }
    throw error;
  }
}

/** Thrown inside Create's transaction when its email made a request already: everything is rolled back. */
class MadeAlready extends Error {
  constructor(readonly emailId: number) {
    super('made already');
  }
}

/**
 * The email Create reads, before anything is made: a queued one, locked (a second Create waits, then finds it
 * linked), or the pasted text's kept copy if an earlier Create kept it.
 */
async function emailBefore(tx: Tx, input: AssistantCreateInput, key: string): Promise<number | null> {
  if (input.emailId !== undefined) {
    const row = await repo.receivedEmail(tx, input.emailId, true);
    if (!row) throw badRequest('emailId', 'is not a received email');
    if (row.episodeId !== null) throw new MadeAlready(row.id);
    return row.id;
  }
  const kept = await repo.keptEmail(tx, key);
  if (kept?.episodeId != null) throw new MadeAlready(kept.id);
  return kept?.id ?? null;
}

/** Everything Create makes, in the caller's transaction. */
async function createFromEmail(
  tx: Tx,
  ctx: RequestContext,
  input: AssistantCreateInput,
  text: string,
  key: string,
): Promise<AssistantCreated> {
  const actor = requireActor(ctx);
  const known = await emailBefore(tx, input, key);
  const patient =
    input.patientId !== undefined
      ? await within('patientId', () => patientInScope(tx, ctx, input.patientId!))
      : await within('patient', () =>
          createPatientIn(tx, ctx, { ...input.patient!, referralSourceId: input.referralSourceId }),
        );
  if (input.referralSourceId !== undefined && patient.referralSourceId !== input.referralSourceId)
    throw badRequest('patientId', "is another organization's patient");
  const emailId =
    known ??
    (await repo.keepEmail(tx, {
      key,
      fromAddress: EMAIL_ADDRESS.exec(header(text, 'From') ?? '')?.[0]?.toLowerCase() ?? 'pasted',
      subject: header(text, 'Subject'),
      body: text,
      referralSourceId: patient.referralSourceId,
      userId: actor.userId,
    }));
  // Another Create of the same text kept it meanwhile (it waited on the key): this one makes nothing.
  if (emailId === null) throw new MadeAlready(-1);
  const groups = input.visits ?? [];
  const episode = await within('serviceRequest', () =>
    createEpisodeIn(tx, ctx, {
      episodeType: 'Visit',
      ...input.serviceRequest,
      referralSourceId: patient.referralSourceId,
      patientId: patient.id,
      providerTypeIds: [...new Set(groups.map((g) => g.providerTypeId))],
      visitTypeIds: [...new Set(groups.map((g) => g.visitTypeId))],
    }),
  );
  const visitIds: number[] = [];
  for (const [index, group] of groups.entries()) {
    const added = await within(`visits.${index}`, () =>
      addVisitsIn(tx, ctx, episode.id, {
        providerTypeId: group.providerTypeId,
        visitTypeId: group.visitTypeId,
        startTime: group.startTime,
        ...(group.duration ? { duration: group.duration } : {}),
        dateOfService: group.dates[0]!,
        multiple: true,
        multipleDates: group.dates,
      }),
    );
    visitIds.push(...added.map((visit) => visit.id));
  }
  await repo.linkEmail(tx, emailId, episode.id, actor.userId);
  return { created: true, patientId: patient.id, serviceRequestId: episode.id, visitIds, emailId };
}

/** What an email made already, as Create answers it the second time. */
async function madeBy(
  services: AppServices,
  ctx: RequestContext,
  emailId: number,
): Promise<AssistantCreated> {
  const email = await repo.linkedEmail(services.db, emailId);
  if (!email?.episodeId) throw badRequest('text', ASSISTANT_MESSAGES.alreadyKept);
  const episode = await getEpisode(services, ctx, email.episodeId);
  const visits = await repo.visitsOfRequest(services.db, email.episodeId);
  return {
    created: false,
    patientId: episode.patientId!,
    serviceRequestId: episode.id,
    visitIds: visits.map((visit) => visit.id),
    emailId: email.id,
  };
}

/**
 * Create (issue 28): the patient (unless an existing one is used), a Draft service request and its visits in one
 * transaction, the email kept (or the queued one taken) and linked to the request. The same email pressed twice
 * creates once: the second answer names what the first made, and nothing of its own is left.
 */
export async function createRequest(
  services: AppServices,
  ctx: RequestContext,
  input: AssistantCreateInput,
): Promise<AssistantCreated> {
  const text = emailText(input.text);
  const key = `assistant:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
  try {
    return await services.db.transaction((tx) => createFromEmail(tx, ctx, input, text, key));
  } catch (error) {
    if (!(error instanceof MadeAlready)) throw error;
    const emailId = error.emailId > 0 ? error.emailId : (await repo.keptEmail(services.db, key))?.id;
    if (emailId === undefined) throw badRequest('text', ASSISTANT_MESSAGES.alreadyKept);
    return madeBy(services, ctx, emailId);
  }
}

/** The drafted answer to the organization, from the request's current data; Expired visits are left out (SPEC §4). */
export async function draftReply(
  services: AppServices,
  ctx: RequestContext,
  episodeId: number,
): Promise<RequestReply> {
  const actor = requireActor(ctx);
  const episode = await getEpisode(services, ctx, episodeId);
  const [email, rows, zone, coordinator] = await Promise.all([
    repo.emailOfRequest(services.db, episodeId),
    repo.visitsOfRequest(services.db, episodeId),
    organizationTimeZone(services.db, episode.referralSourceId),
    repo.signature(services.db, actor.userId),
  ]);
  const shown = rows.filter((visit) => visit.status !== 'Expired');
  const lines = shown.map(
    (visit) =>
      `- ${formatVisitWindow(visit, zone)}: ${visit.providerType} ${visit.visitType}, ` +
      (visit.clinicianName ?? 'clinician to be assigned'),
  );
  const values = {
    subject: email?.subject ?? episode.title,
    organization: episode.referralSource.name,
    patientName: episode.patientName ?? 'your patient',
    serviceRequest: episode.title,
    serviceRequestId: episode.id,
    visitCount: shown.length === 1 ? '1 visit' : `${shown.length} visits`,
    visits: lines.join('\n') || '- no visits yet',
    coordinator,
  };
  const fromEmail = email && email.fromAddress.includes('@') ? email.fromAddress : null;
  return {
    recipient: fromEmail ?? episode.referralSource.email ?? '',
    subject: renderTemplate(REQUEST_REPLY_TEMPLATE.subject, values),
    body: renderTemplate(REQUEST_REPLY_TEMPLATE.body, values),
  };
}

/** The coordinator's edited reply, queued in the outbox (it shows there as sent by them). */
export async function sendReply(
  services: AppServices,
  ctx: RequestContext,
  episodeId: number,
  input: RequestReplySend,
): Promise<{ ok: true; message: string }> {
  const actor = requireActor(ctx);
  await getEpisode(services, ctx, episodeId);
  await enqueueMessage(services.db, {
    channel: 'email',
    to: input.recipient,
    subject: input.subject,
    body: input.body,
    sentByUserId: actor.userId,
  });
  return { ok: true, message: REQUEST_REPLY_MESSAGES.sent };
}

/** The queue: received emails not from a clinician that made no service request yet, newest first. */
export async function listQueue(
  services: AppServices,
  q: { pageNumber: number; pageSize: number },
): Promise<AssistantQueue> {
  const { rows, totalCount } = await repo.queuePage(services.db, q);
  return {
    rows: rows.map((row) => ({ ...row, receivedAt: row.receivedAt.toISOString() })),
    paging: pagingOf(q, totalCount),
  };
}

/**
 * A received email as the assistant reads it: its sender and subject as headers above its text (the reply goes to
 * that sender), and the day it came on its organization's clock, which its relative dates are read against.
 */
export async function readQueued(services: AppServices, id: number): Promise<QueuedEmail> {
  const row = await repo.receivedEmail(services.db, id);
  if (!row) throw notFound('The email');
  const zone = await organizationTimeZoneOrDefault(services.db, row.referralSourceId);
  const headers = [`From: ${row.fromAddress}`, ...(row.subject ? [`Subject: ${row.subject}`] : [])];
  return {
    id: row.id,
    text: `${headers.join('\n')}\n\n${row.body}`,
    receivedAt: todayIn(zone, row.receivedAt),
  };
}

/** An HTML-only email's text: its line breaks kept, its tags and entities gone. */
function textOfHtml(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ', '#39': "'" };
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|tr|li|h\d)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|nbsp|#39);/g, (_whole, name: string) => entities[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The day an .eml says it was sent, unless it is not a date or lies in the future (then: now). */
function sentAt(date: string | undefined): string | undefined {
  const at = date ? new Date(date) : null;
  return at && !Number.isNaN(at.getTime()) && at.getTime() <= Date.now() && at.getFullYear() >= 2000
    ? at.toISOString()
    : undefined;
}

/**
 * An uploaded .eml (parsed by postal-mime) joins the inbox and the assistant's queue as the inbound email
 * webhook's emails do; the same message uploaded twice is queued once (the answer names it).
 */
export async function uploadEml(
  services: AppServices,
  ctx: RequestContext,
  input: EmlUpload,
): Promise<{ id: number }> {
  const email = await PostalMime.parse(input.eml).catch(() => null);
  const text = (email?.text?.trim() ? email.text : email?.html ? textOfHtml(email.html) : '').trim();
  if (!email || !text) throw badRequest('eml', EML_MESSAGES.noText);
  const from = email.from?.address?.trim().toLowerCase();
  if (!from || !isValidEmail(from)) throw badRequest('eml', EML_MESSAGES.noSender);
  if (text.length > INBOUND_EMAIL_TEXT_MAX_LENGTH) throw badRequest('eml', EML_MESSAGES.tooLarge);
  const messageId = (
    email.messageId?.trim() || `eml:${createHash('sha256').update(input.eml, 'utf8').digest('hex')}`
  ).slice(0, 200);
  const queued = await repo.keptEmail(services.db, messageId);
  if (queued) return { id: queued.id };
  const item = await receiveEmail(services, ctx, {
    messageId,
    from,
    to: email.to?.[0]?.address ?? 'assistant',
    subject: (email.subject ?? '').slice(0, 998),
    text,
    receivedAt: sentAt(email.date),
  });
  return { id: item.id };
}
