// `/prompts` (issue 27 "Templates (/prompts)", docs/decisions/063-message-templates.md): the message templates of
// the broadcast of open visits, one per credential state (Uncredentialed, Fully credentialed, Inactive), each in
// English and German (SPEC §9: German only for template text), chosen in the URL. The form beside a live preview
// rendered with sample values. Unsaved texts are kept per template while another state is looked at.
import {
  TEMPLATE_CREDENTIAL_STATE_LABELS,
  TEMPLATE_CREDENTIAL_STATES,
  TEMPLATE_LANGUAGE_LABELS,
  TEMPLATE_LANGUAGES,
  type MessageTemplate,
  type MessageTemplatePurpose,
} from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import { PageFrame, loadState } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Flex, Form, Row, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { TemplateForm } from './TemplateForm';
import { TemplatePreview } from './TemplatePreview';
import { formValuesOf, type TemplateFormValues } from './template-form-values';
import { templateQueries } from './template-queries';

const PURPOSE: MessageTemplatePurpose = 'broadcast';
const viewSchema = z.object({
  state: z.enum(['1', '3', '5']).default('1'),
  lang: z.enum(TEMPLATE_LANGUAGES).default('en'),
});
const stateOptions = TEMPLATE_CREDENTIAL_STATES.map((s) => ({
  value: String(s),
  label: TEMPLATE_CREDENTIAL_STATE_LABELS[s],
}));
const languageOptions = TEMPLATE_LANGUAGES.map((l) => ({ value: l, label: TEMPLATE_LANGUAGE_LABELS[l] }));

/** What was typed and not saved, with the version it was typed over (sent with the save). */
type Draft = { version: number; values: TemplateFormValues };

function TemplateEditor(props: {
  template: MessageTemplate;
  language: (typeof TEMPLATE_LANGUAGES)[number];
  draft: Draft | undefined;
  setDraft: (draft: Draft | undefined) => void;
}) {
  const { template, draft } = props;
  const [form] = Form.useForm<TemplateFormValues>();
  const initialValues = draft?.values ?? formValuesOf(template);
  const version = draft?.version ?? template.version;
  const [values, setValues] = useState<TemplateFormValues>(initialValues);
  return (
    <>
      <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          Version {template.version}
          {template.updatedByName ? `, saved by ${template.updatedByName}` : ''}
        </Typography.Text>
        {draft ? (
          <>
            <Tag color="orange">Unsaved changes</Tag>
            <Button
              size="small"
              onClick={() => {
                const saved = formValuesOf(template);
                form.resetFields();
                form.setFieldsValue(saved);
                setValues(saved);
                props.setDraft(undefined);
              }}
            >
              Discard changes
            </Button>
          </>
        ) : null}
      </Flex>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={14}>
          <TemplateForm
            template={template}
            version={version}
            language={props.language}
            form={form}
            initialValues={initialValues}
            onValuesChange={(all) => {
              setValues(all);
              props.setDraft({ version, values: all });
            }}
            onSaved={() => props.setDraft(undefined)}
          />
        </Col>
        <Col xs={24} lg={10}>
          <TemplatePreview purpose={PURPOSE} language={props.language} values={values} />
        </Col>
      </Row>
    </>
  );
}

/** `/prompts` */
export default function PromptsPage() {
  const [view, setView] = useUrlState(viewSchema);
  const templates = useQuery(templateQueries.list(PURPOSE));
  const [drafts, setDrafts] = useState<Record<number, Draft | undefined>>({});
  const loaded = loadState(templates, 'the message templates');
  const template = loaded.data?.rows.find((t) => String(t.credentialState) === view.state);
  const draft = template ? drafts[template.id] : undefined;

  return (
    <PageFrame
      title="Message templates"
      subtitle="The broadcast of open visits sends each clinician the template of their credential state, by email, SMS and in the app; placeholders are filled in for each clinician."
    >
      <Flex gap={16} wrap align="center" style={{ marginBottom: 16 }} data-unsaved-ignore>
        <Segmented
          aria-label="Credential state"
          options={stateOptions}
          value={view.state}
          onChange={(state) => setView({ state: String(state) })}
        />
        <Segmented
          aria-label="Language"
          options={languageOptions}
          value={view.lang}
          onChange={(lang) => setView({ lang: String(lang) })}
        />
      </Flex>
      {loaded.fallback ??
        (template ? (
          <TemplateEditor
            // A new form when another template is shown, or when the saved one changed and nothing is unsaved.
            key={`${template.id}-${draft?.version ?? template.version}`}
            template={template}
            language={view.lang}
            draft={draft}
            setDraft={(d) => setDrafts((all) => ({ ...all, [template.id]: d }))}
          />
        ) : (
          <Typography.Text>No template for this credential state.</Typography.Text>
        ))}
    </PageFrame>
  );
}
