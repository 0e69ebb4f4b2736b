// The form of one message template in one language: the four texts (labelled, with counters), the placeholders the
// purpose allows as buttons that insert `{{name}}` at the cursor of the field last used (or at the end of the
// email message), the same unknown-placeholder check as the server before anything is sent, and Save
// ('Template saved.'; a refusal shown on the form as 'Sorry, template could not be saved. …').
import {
  MESSAGE_TEMPLATE_MESSAGES,
  TEMPLATE_FIELD_LABELS,
  TEMPLATE_LIMITS,
  TEMPLATE_PLACEHOLDERS,
  TEMPLATE_TEXT_FIELDS,
  messageTemplateResultSchema,
  type MessageTemplate,
  type MessageTemplatePurpose,
  type TemplateLanguage,
  type TemplateTextField,
} from '@carelane/shared-domain';
import { apiClient, publishToast } from '@carelane/shared-session';
import { FormFailure, refresh, useSaveCall } from '@carelane/shared-ui';
import { Button, Flex, Form, Input, Typography, type FormInstance } from 'antd';
import { useRef, useState } from 'react';
import { TEMPLATE_ENTITY } from './template-queries';
import {
  bodyOf,
  fieldIn,
  insertAt,
  placeholderRule,
  type TemplateFieldName,
  type TemplateFormValues,
} from './template-form-values';

type Cursor = { field: TemplateFieldName; start: number; end: number };

function PlaceholderChips(props: { purpose: MessageTemplatePurpose; onInsert: (name: string) => void }) {
  return (
    <div role="group" aria-label="Placeholders" style={{ marginBottom: 16 }}>
      <Typography.Text type="secondary">Placeholders (insert at the cursor):</Typography.Text>
      <Flex gap={6} wrap style={{ marginTop: 6 }}>
        {TEMPLATE_PLACEHOLDERS[props.purpose].map((name) => (
          <Button
            key={name}
            size="small"
            shape="round"
            aria-label={`Insert {{${name}}}`}
            // Keeps the text field's focus and selection while the pointer presses the button.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => props.onInsert(name)}
          >{`{{${name}}}`}</Button>
        ))}
      </Flex>
    </div>
  );
}

function TextField(props: {
  field: TemplateTextField;
  language: TemplateLanguage;
  purpose: MessageTemplatePurpose;
  hidden: boolean;
  onCursor: (cursor: Cursor) => void;
}) {
  const name = fieldIn(props.field, props.language);
  const german = props.language === 'de';
  const label = `${TEMPLATE_FIELD_LABELS[props.field]}${german ? ' (German)' : ''}`;
  const max = TEMPLATE_LIMITS[props.field];
  const track = (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
    props.onCursor({
      field: name,
      start: event.currentTarget.selectionStart ?? 0,
      end: event.currentTarget.selectionEnd ?? 0,
    });
  const common = { maxLength: max, showCount: true, onSelect: track, onKeyUp: track, onClick: track };
  return (
    <Form.Item
      name={name}
      label={label}
      hidden={props.hidden}
      rules={[
        ...(german ? [] : [{ required: true, whitespace: true, message: `${label} is required` }]),
        placeholderRule(props.purpose),
      ]}
      extra={german ? <GermanHint name={name} englishName={props.field} /> : null}
    >
      {props.field === 'emailSubject' ? (
        <Input {...common} />
      ) : (
        <Input.TextArea
          {...common}
          autoSize={{ minRows: props.field === 'emailMessage' ? 6 : 3, maxRows: 16 }}
        />
      )}
    </Form.Item>
  );
}

/** Under an empty German text: the English one is sent instead (SPEC §9, decision 063). */
function GermanHint({ name, englishName }: { name: TemplateFieldName; englishName: TemplateTextField }) {
  const form = Form.useFormInstance();
  const value = Form.useWatch(name, form) as string | undefined;
  const english = (Form.useWatch(englishName, form) as string | undefined) ?? '';
  if (value?.trim()) return null;
  const shown = english.length > 80 ? `${english.slice(0, 80)}…` : english;
  return (
    <span>
      No German text: the English text is sent
      {shown ? (
        <>
          : <em>{shown}</em>
        </>
      ) : (
        '.'
      )}
    </span>
  );
}

function useInsertPlaceholder(
  form: FormInstance<TemplateFormValues>,
  language: TemplateLanguage,
  onValuesChange: (values: TemplateFormValues) => void,
) {
  const cursor = useRef<Cursor | null>(null);
  const insert = (placeholder: string) => {
    const last = cursor.current;
    const current = last && fieldIn(baseOf(last.field), language) === last.field ? last : null;
    const field = current?.field ?? fieldIn('emailMessage', language);
    const value = (form.getFieldValue(field) as string | undefined) ?? '';
    const { text, caret } = insertAt(value, `{{${placeholder}}}`, current ?? undefined);
    form.setFieldValue(field, text);
    // setFieldValue is not a change the form reports: the preview and the unsaved draft hear of it here.
    onValuesChange(form.getFieldsValue(true) as TemplateFormValues);
    void form.validateFields([field]).catch(() => undefined);
    cursor.current = { field, start: caret, end: caret };
    const element = document.getElementById(field) as HTMLInputElement | HTMLTextAreaElement | null;
    if (element) requestAnimationFrame(() => element.setSelectionRange(caret, caret));
  };
  return { insert, track: (c: Cursor) => (cursor.current = c) };
}

const baseOf = (name: TemplateFieldName) => name.replace(/De$/, '') as TemplateTextField;

export function TemplateForm(props: {
  template: MessageTemplate;
  version: number;
  language: TemplateLanguage;
  form: FormInstance<TemplateFormValues>;
  initialValues: TemplateFormValues;
  onValuesChange: (values: TemplateFormValues) => void;
  onSaved: () => void;
}) {
  const { template, language, form } = props;
  const purpose = template.purpose;
  const { busy, failure, save } = useSaveCall(form, 'template');
  const { insert, track } = useInsertPlaceholder(form, language, props.onValuesChange);
  const [otherLanguage, setOtherLanguage] = useState<string | null>(null);
  const onFinishFailed = ({
    errorFields,
  }: {
    errorFields: { name: (string | number)[]; errors: string[] }[];
  }) => {
    const hidden = errorFields.filter((e) => String(e.name[0]).endsWith('De') !== (language === 'de'));
    setOtherLanguage(
      hidden.length
        ? `Fix the ${language === 'de' ? 'English' : 'German'} text too: ${hidden.map((e) => e.errors.join(' ')).join('; ')}`
        : null,
    );
  };

  const submit = (values: TemplateFormValues) =>
    save(async () => {
      setOtherLanguage(null);
      const all = { ...(form.getFieldsValue(true) as TemplateFormValues), ...values };
      await apiClient.put(
        `/api/admin/messageTemplates/${template.id}`,
        bodyOf(all, props.version),
        messageTemplateResultSchema,
      );
      publishToast(MESSAGE_TEMPLATE_MESSAGES.saved);
      props.onSaved();
      refresh(TEMPLATE_ENTITY);
    });

  return (
    <Form<TemplateFormValues>
      form={form}
      layout="vertical"
      aria-label="Template"
      initialValues={props.initialValues}
      onValuesChange={(_changed, all) => props.onValuesChange(all)}
      onFinish={submit}
      onFinishFailed={onFinishFailed}
    >
      <FormFailure text={failure ?? otherLanguage} />
      <PlaceholderChips purpose={purpose} onInsert={insert} />
      {(['en', 'de'] as const).flatMap((lang) =>
        TEMPLATE_TEXT_FIELDS.map((field) => (
          <TextField
            key={`${field}-${lang}`}
            field={field}
            language={lang}
            purpose={purpose}
            hidden={lang !== language}
            onCursor={track}
          />
        )),
      )}
      <Button type="primary" htmlType="submit" loading={busy}>
        Save template
      </Button>
    </Form>
  );
}
