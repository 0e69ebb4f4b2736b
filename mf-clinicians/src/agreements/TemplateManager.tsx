// Agreement templates for credential reviewers: every version of every template, a new template, and a new
// version of one (a new row: clinicians who signed an older version are asked again). The form edits the
// template's text, its form definition (fields with key, label, type, required), where the signature goes,
// whether the date is added, which provider types it applies to and whether onboarding requires it.
import {
  AGREEMENT_FIELD_TYPES,
  AGREEMENT_MESSAGES,
  AGREEMENT_PAGE,
  PROVIDER_TYPES,
  type AgreementTemplate,
  type AgreementTemplateInput,
} from '@carelane/shared-domain';
import { publishToast } from '@carelane/shared-session';
import { EmptyState, FormFailure, loadState, refresh, showSaveFailure } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Switch,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { agreementCalls, agreementQueries } from './agreement-queries';

type Editing = { kind: 'new' } | { kind: 'version'; of: AgreementTemplate };
type Values = Omit<AgreementTemplateInput, 'signaturePosition'> & {
  signaturePosition: { page: number; x: number; y: number };
};

const FIELD_LABELS = {
  name: 'Name',
  body: 'Text',
  formFields: 'Fields',
  signaturePosition: 'Signature position',
};
const typeName = (id: number) => PROVIDER_TYPES.find((t) => t.id === id)?.type ?? String(id);

/** The form's values for a new template, or for a new version of `from`. */
const formValuesOf = (from: AgreementTemplate | null): Values => ({
  name: from?.name ?? '',
  body: from?.body ?? '',
  formFields: from?.formFields ?? [{ key: 'legalName', label: 'Legal name', type: 'text', required: true }],
  signaturePosition: from?.signaturePosition ?? { page: 1, x: 72, y: 650 },
  includeDate: from?.includeDate ?? true,
  providerTypeIds: from?.providerTypeIds ?? [],
  requiredForOnboarding: from?.requiredForOnboarding ?? true,
});

/** What the API takes from the form; a new version keeps the template's name. */
const templateInput = (values: Values, editing: Editing): AgreementTemplateInput => ({
  ...values,
  name: editing.kind === 'version' ? editing.of.name : values.name,
  formFields: (values.formFields ?? []).map((f) => ({ ...f, required: f.required ?? false })),
  signaturePosition: { ...values.signaturePosition, type: 'provider' },
  providerTypeIds: values.providerTypeIds ?? [],
});

function useTemplateEditor() {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const open = (next: Editing) => {
    setFailure(null);
    form.resetFields();
    form.setFieldsValue(formValuesOf(next.kind === 'version' ? next.of : null));
    setEditing(next);
  };

  const save = async (values: Values) => {
    if (!editing) return;
    setSaving(true);
    setFailure(null);
    const input = templateInput(values, editing);
    try {
      if (editing.kind === 'new') await agreementCalls.createTemplate(input);
      else {
        const { name: _name, ...version } = input;
        await agreementCalls.publishVersion(editing.of.id, version);
      }
      publishToast(AGREEMENT_MESSAGES.templateSaved);
      setEditing(null);
    } catch (error) {
      showSaveFailure(form, error, 'the agreement template', setFailure, FIELD_LABELS);
    } finally {
      setSaving(false);
      refresh('agreementTemplate', 'providerAgreement');
    }
  };

  return { editing, form, failure, saving, open, close: () => setEditing(null), save };
}

function templateColumns(open: (next: Editing) => void): TableColumnsType<AgreementTemplate> {
  return [
    { title: 'Template', dataIndex: 'name', key: 'name' },
    {
      title: 'Version',
      key: 'version',
      render: (_v, t) => (
        <>
          {t.version} {t.latest ? <Tag color="green">In force</Tag> : <Tag>Older</Tag>}
        </>
      ),
    },
    {
      title: 'Applies to',
      key: 'types',
      render: (_v, t) =>
        t.providerTypeIds.length ? t.providerTypeIds.map(typeName).join(', ') : 'Every provider type',
    },
    {
      title: 'Onboarding',
      key: 'onboarding',
      render: (_v, t) => (t.requiredForOnboarding ? 'Required' : 'Optional'),
    },
    { title: 'Fields', key: 'fields', render: (_v, t) => t.formFields.map((f) => f.label).join(', ') || '—' },
    {
      title: '',
      key: 'actions',
      render: (_v, t) =>
        t.latest ? (
          <Button
            size="small"
            onClick={() => open({ kind: 'version', of: t })}
            aria-label={`New version of the ${t.name}`}
          >
            New version
          </Button>
        ) : null,
    },
  ];
}

function FormFieldsList() {
  return (
    <Form.List name="formFields">
      {(fields, { add, remove }) => (
        <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
          <legend style={{ fontWeight: 600, fontSize: 14 }}>Fields the clinician fills</legend>
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} wrap align="start">
              <Form.Item
                name={[field.name, 'key']}
                label={`Key ${index + 1}`}
                rules={[
                  {
                    required: true,
                    pattern: /^[A-Za-z][A-Za-z0-9_]*$/,
                    message: 'Letters, digits or _.',
                  },
                ]}
              >
                <Input style={{ width: 130 }} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'label']}
                label={`Label ${index + 1}`}
                rules={[{ required: true, message: 'Enter the label.' }]}
              >
                <Input style={{ width: 220 }} />
              </Form.Item>
              <Form.Item name={[field.name, 'type']} label={`Type ${index + 1}`} initialValue="text">
                <Select
                  style={{ width: 110 }}
                  options={AGREEMENT_FIELD_TYPES.map((t) => ({ value: t, label: t }))}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'required']} valuePropName="checked" label=" ">
                <Checkbox>Required</Checkbox>
              </Form.Item>
              <Form.Item label=" ">
                <Button onClick={() => remove(field.name)} aria-label={`Remove field ${index + 1}`}>
                  Remove
                </Button>
              </Form.Item>
            </Flex>
          ))}
          <Button onClick={() => add({ key: '', label: '', type: 'text', required: false })}>
            Add a field
          </Button>
        </fieldset>
      )}
    </Form.List>
  );
}

function SignaturePositionFields() {
  return (
    <Flex gap={16} wrap>
      <Form.Item label="Signature page" name={['signaturePosition', 'page']} rules={[{ required: true }]}>
        <InputNumber min={1} max={50} />
      </Form.Item>
      <Form.Item
        label="Signature x (points from the left)"
        name={['signaturePosition', 'x']}
        rules={[{ required: true }]}
      >
        <InputNumber min={0} max={AGREEMENT_PAGE.width - 40} />
      </Form.Item>
      <Form.Item
        label="Signature y (points from the top)"
        name={['signaturePosition', 'y']}
        rules={[{ required: true }]}
      >
        <InputNumber min={0} max={AGREEMENT_PAGE.height - 20} />
      </Form.Item>
    </Flex>
  );
}

function TemplateDrawer({ editor }: { editor: ReturnType<typeof useTemplateEditor> }) {
  const { editing, form, failure, saving, close, save } = editor;
  return (
    <Drawer
      open={editing !== null}
      onClose={close}
      size="large"
      title={
        editing?.kind === 'version'
          ? `New version of the ${editing.of.name} (version ${editing.of.version + 1})`
          : 'New agreement template'
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark onFinish={(values) => void save(values)}>
        <FormFailure text={failure} />
        {editing?.kind === 'new' ? (
          <Form.Item
            label="Name"
            name="name"
            rules={[{ required: true, whitespace: true, message: 'Enter the name.' }]}
          >
            <Input maxLength={120} />
          </Form.Item>
        ) : null}
        <Form.Item
          label="Text"
          name="body"
          rules={[{ required: true, whitespace: true, message: 'Enter the text.' }]}
        >
          <Input.TextArea rows={10} />
        </Form.Item>
        <FormFieldsList />
        <SignaturePositionFields />
        <Form.Item label="Applies to" name="providerTypeIds" extra="Empty: every provider type.">
          <Select
            mode="multiple"
            allowClear
            options={PROVIDER_TYPES.map((t) => ({ value: t.id, label: t.type }))}
          />
        </Form.Item>
        <Flex gap={24} wrap>
          <Form.Item label="Add the date of signing" name="includeDate" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label="Required for onboarding" name="requiredForOnboarding" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
        <Button type="primary" htmlType="submit" loading={saving}>
          {editing?.kind === 'version' ? 'Publish version' : 'Create template'}
        </Button>
      </Form>
    </Drawer>
  );
}

export function TemplateManager() {
  const list = useQuery(agreementQueries.templates());
  const editor = useTemplateEditor();
  const loaded = loadState(list, 'the agreement templates', { keepStale: true });

  return (
    <Card
      title="Agreement templates"
      style={{ maxWidth: 1100, marginTop: 16 }}
      extra={
        <Button type="primary" onClick={() => editor.open({ kind: 'new' })}>
          New template
        </Button>
      }
    >
      {loaded.data ? (
        loaded.data.rows.length ? (
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            columns={templateColumns(editor.open)}
            dataSource={loaded.data.rows}
            scroll={{ x: true }}
          />
        ) : (
          <EmptyState title="No agreement templates" description="New templates show here." />
        )
      ) : (
        loaded.fallback
      )}
      <TemplateDrawer editor={editor} />
    </Card>
  );
}
