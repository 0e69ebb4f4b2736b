// The intake assistant's extraction (issue 28, decision 069): an email's text read by the embedded engine (rules,
// offline, deterministic) into a draft. Nothing is written: the draft is reviewed and created on its own.
import {
  ASSISTANT_MESSAGES,
  ASSISTANT_TEXT_MAX_CHARS,
  DEFAULT_TIME_ZONE,
  todayIn,
  type AssistantExtractInput,
  type DuplicateCheck,
  type DuplicateCheckInput,
  type Extraction,
} from '@carelane/shared-domain';
import { HOME_HEALTH_ICD10_CODES } from '../../../db/icd-codes';
import { badRequest } from '../../../lib/errors';
import type { AppServices } from '../../../services/app-services';
import { noteRead } from '../../../services/access-log';
import { requireActor, type RequestContext } from '../../../services/context';
import { loadTypedConstants } from '../../admin/constants';
import { loadGazetteer } from '../../maps/gazetteer';
import { organizationTimeZone } from '../../maps/service';
import { possibleDuplicates } from './duplicates';
import { extractRequest } from './engine';
import { referenceResolver } from './engine/dates';
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
  const zone = actor.referralSourceId
    ? await organizationTimeZone(services.db, actor.referralSourceId)
    : DEFAULT_TIME_ZONE;
  const fallback = input.receivedAt ?? todayIn(zone);
  const gazetteer = await loadGazetteer();
  const result = extractRequest(text, {
    referenceDate: fallback,
    gazetteer,
    icdCodes: HOME_HEALTH_ICD10_CODES,
  });
  // What the request's own dates were read against: the last Date:/Sent: header (the original of a forward).
  return { ...result, referenceDate: referenceResolver(text, fallback)(text.length) };
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
