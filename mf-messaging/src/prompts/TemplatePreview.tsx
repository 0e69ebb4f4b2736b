// The live preview of a template beside its form: each variant rendered with the sample values by renderTemplate
// (the rule the server and the senders use); a German text left empty shows the English one, as it would be sent.
import {
  TEMPLATE_FIELD_LABELS,
  TEMPLATE_SAMPLE_VALUES,
  TEMPLATE_TEXT_FIELDS,
  renderTemplate,
  templateText,
  type MessageTemplatePurpose,
  type TemplateLanguage,
  type TemplateTexts,
} from '@carelane/shared-domain';
import { Card, Typography } from 'antd';
import type { TemplateFormValues } from './template-form-values';

function textsOf(values: Partial<TemplateFormValues>): TemplateTexts {
  const v = (key: keyof TemplateFormValues) => values[key] ?? '';
  return {
    emailSubject: v('emailSubject'),
    emailMessage: v('emailMessage'),
    smsMessage: v('smsMessage'),
    appMessage: v('appMessage'),
    emailSubjectDe: v('emailSubjectDe') || null,
    emailMessageDe: v('emailMessageDe') || null,
    smsMessageDe: v('smsMessageDe') || null,
    appMessageDe: v('appMessageDe') || null,
  };
}

export function TemplatePreview(props: {
  purpose: MessageTemplatePurpose;
  language: TemplateLanguage;
  values: Partial<TemplateFormValues>;
}) {
  const texts = textsOf(props.values);
  const sample = TEMPLATE_SAMPLE_VALUES[props.purpose];
  return (
    <Card title="Preview" size="small" aria-label="Preview" role="region">
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        With sample values: {sample.givenName} {sample.familyName}, {sample.visitCount} visits in{' '}
        {sample.city}.
      </Typography.Paragraph>
      {TEMPLATE_TEXT_FIELDS.map((field) => (
        <div key={field} data-testid={`preview-${field}`} style={{ marginBottom: 12 }}>
          <Typography.Text strong>{TEMPLATE_FIELD_LABELS[field]}</Typography.Text>
          <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {renderTemplate(templateText(texts, field, props.language), sample)}
          </div>
        </div>
      ))}
    </Card>
  );
}
