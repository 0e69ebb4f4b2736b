// The form of one message template: its eight texts (English and German), what a form value is sent as, and the
// client-side check of its placeholders (the same unknownPlaceholders rule the server applies).
import {
  TEMPLATE_TEXT_FIELDS,
  germanField,
  unknownPlaceholderMessage,
  type MessageTemplate,
  type MessageTemplatePurpose,
  type TemplateGermanField,
  type TemplateLanguage,
  type TemplateTextField,
} from '@carelane/shared-domain';

export type TemplateFieldName = TemplateTextField | TemplateGermanField;
export type TemplateFormValues = Record<TemplateFieldName, string>;

/** The field of `field` in `language`: the English name, or its German variant. */
export const fieldIn = (field: TemplateTextField, language: TemplateLanguage): TemplateFieldName =>
  language === 'de' ? germanField(field) : field;

export function formValuesOf(t: MessageTemplate): TemplateFormValues {
  const values = {} as TemplateFormValues;
  for (const field of TEMPLATE_TEXT_FIELDS) {
    values[field] = t[field];
    values[germanField(field)] = t[germanField(field)] ?? '';
  }
  return values;
}

/** What is sent: empty German texts as null (the English one is used). */
export function bodyOf(values: TemplateFormValues, version: number) {
  const body: Record<string, string | number | null> = { version };
  for (const field of TEMPLATE_TEXT_FIELDS) {
    body[field] = values[field] ?? '';
    const de = germanField(field);
    body[de] = values[de]?.trim() ? values[de] : null;
  }
  return body;
}

/** An antd rule refusing a placeholder the purpose does not allow, with the server's words. */
export const placeholderRule = (purpose: MessageTemplatePurpose) => ({
  validator: (_rule: unknown, value: unknown) => {
    const message = typeof value === 'string' ? unknownPlaceholderMessage(value, purpose) : null;
    return message ? Promise.reject(new Error(message)) : Promise.resolve();
  },
});

/** `text` with `insert` put where the selection was (at the end when there is none). */
export function insertAt(text: string, insert: string, selection?: { start: number; end: number }) {
  if (!selection) return { text: text + insert, caret: text.length + insert.length };
  const start = Math.min(selection.start, text.length);
  const end = Math.min(Math.max(selection.end, start), text.length);
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}
