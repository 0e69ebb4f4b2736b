// The optional model provider behind the intake assistant's extraction (issue 28, decision 069): an
// OpenAI-compatible chat completions API asked for a JSON-schema answer, checked by the same zod schemas as the
// embedded engine's answer. Used only when AI_PROVIDER_URL is set and an administrator has turned the
// assistantModelProvider constant on: patient data leaves Carelane only then. The caller audits each call.
import {
  extractedFieldSchema,
  requestDraftSchema,
  type ExtractedField,
  type RequestDraft,
} from '@carelane/shared-domain';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The prompt sent (prompts/<version>.md): a changed prompt is a new version, never an edit. */
export const PROMPT_VERSION = 'intake-extract.v1';
const CALL_TIMEOUT_MS = 30_000;

export interface ModelProviderConfig {
  url: string;
  apiKey?: string;
  model: string;
}

const modelAnswerSchema = z.object({ draft: requestDraftSchema, fields: z.array(extractedFieldSchema) });
export type ModelAnswer = { draft: RequestDraft; fields: ExtractedField[] };
const ANSWER_JSON_SCHEMA = z.toJSONSchema(modelAnswerSchema, { io: 'input' });

let promptText: string | undefined;
/** The prompt file, found from the working directory up (the API runs from the repository or from api/). */
function systemPrompt(): string {
  if (promptText !== undefined) return promptText;
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'prompts', `${PROMPT_VERSION}.md`);
    if (fs.existsSync(file)) return (promptText = fs.readFileSync(file, 'utf8'));
    if (path.dirname(dir) === dir) throw new Error(`prompts/${PROMPT_VERSION}.md was not found`);
  }
}

const listPaths = ['providerTypes', 'visitDates', 'diagnosisCodes'] as const;

/**
 * The answer with evidence only: a field whose span is not the text's own is dropped, and so is every draft value
 * no remaining field stands for (a value without evidence would be a guess).
 */
export function withEvidence(text: string, answer: ModelAnswer): ModelAnswer {
  const fields = answer.fields.filter(
    (f) => f.start < f.end && f.end <= text.length && text.slice(f.start, f.end).trim() !== '',
  );
  const has = new Set(fields.map((f) => f.path));
  const { draft } = answer;
  const patient = Object.fromEntries(
    Object.entries(draft.patient ?? {}).filter(([key]) => has.has(`patient.${key}`)),
  );
  const out: RequestDraft = {};
  if (Object.keys(patient).length) out.patient = patient;
  for (const key of listPaths) {
    const kept = (draft[key] ?? []).filter((_value, index) => has.has(`${key}.${index}`));
    if (kept.length) out[key] = kept;
  }
  if (draft.frequency && has.has('frequency')) out.frequency = draft.frequency;
  if (draft.physicianName && has.has('physicianName')) out.physicianName = draft.physicianName;
  return { draft: out, fields };
}

/** Asks the provider to read `text`; throws on anything but a schema-valid answer. */
export async function askModel(
  provider: ModelProviderConfig,
  text: string,
  referenceDate: string,
): Promise<ModelAnswer> {
  const response = await fetch(`${provider.url.replace(/\/$/, '')}/chat/completions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(provider.apiKey ? { authorization: `Bearer ${provider.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: provider.model,
      temperature: 0,
      messages: [
        { role: 'system', content: systemPrompt() },
        { role: 'user', content: `Reference date: ${referenceDate}\n\nEmail text:\n${text}` },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'request_extraction', strict: true, schema: ANSWER_JSON_SCHEMA },
      },
    }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the model provider answered ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('the model provider answered no message');
  return withEvidence(text, modelAnswerSchema.parse(JSON.parse(content)));
}
