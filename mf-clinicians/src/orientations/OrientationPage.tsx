import {
  canEditOrientations,
  ORIENTATION_SAVED,
  orientationSchema,
  PROVIDER_TYPES,
  type Orientation,
  type OrientationInput,
} from '@carelane/shared-domain';
import { apiClient, navigateTo, publishToast, useSession, useUrlState } from '@carelane/shared-session';
import {
  FormFailure,
  loadState,
  noSubmitOnEnter,
  PageFrame,
  refresh,
  type FieldLabels,
  useSaveCall,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Flex, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { orientationQueries } from './orientation-queries';
import { SectionContent } from './SectionContent';

const paramsSchema = z.object({ orientationId: z.coerce.number().int().positive().optional() });

const FIELD_LABELS: FieldLabels = { passMark: 'Pass mark', providerTypeIds: 'Provider types' };

type SectionForm = { id?: number; title: string; text?: string; videoUrl?: string | null };
type QuestionForm = { id?: number; question: string; optionsText: string; correctOption?: number };
type OrientationForm = {
  title: string;
  description?: string;
  providerTypeIds: number[];
  required: boolean;
  passMark: number;
  active: boolean;
  sections: SectionForm[];
  questions: QuestionForm[];
};

const optionLines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function toForm(o: Orientation | null): OrientationForm {
  if (!o)
    return {
      title: '',
      providerTypeIds: PROVIDER_TYPES.map((t) => t.id),
      required: true,
      passMark: 80,
      active: true,
      sections: [{ title: '', text: '', videoUrl: null }],
      questions: [{ question: '', optionsText: '' }],
    };
  return {
    ...o,
    questions: o.questions.map((q) => ({ ...q, optionsText: q.options.join('\n') })),
  };
}

/** The form as the API takes it: sections and questions indexed by their place in the form. */
export function toInput(values: OrientationForm): OrientationInput {
  return {
    title: values.title,
    description: values.description ?? '',
    providerTypeIds: values.providerTypeIds,
    required: values.required,
    passMark: values.passMark,
    active: values.active,
    sections: values.sections.map((s, index) => ({
      ...(s.id ? { id: s.id } : {}),
      index,
      title: s.title,
      text: s.text ?? '',
      videoUrl: s.videoUrl?.trim() ? s.videoUrl.trim() : null,
    })),
    questions: values.questions.map((q, index) => ({
      ...(q.id ? { id: q.id } : {}),
      index,
      question: q.question,
      options: optionLines(q.optionsText),
      correctOption: q.correctOption ?? 0,
    })),
  };
}

function SectionsEditor({ readOnly }: { readOnly: boolean }) {
  return (
    <Form.List name="sections">
      {(fields, { add, remove, move }) => (
        <Flex vertical gap={12}>
          {fields.map((field, i) => (
            <Card
              key={field.key}
              size="small"
              title={`Section ${i + 1}`}
              extra={
                readOnly ? null : (
                  <Flex gap={4}>
                    <Button size="small" disabled={i === 0} onClick={() => move(i, i - 1)}>
                      Move section {i + 1} up
                    </Button>
                    <Button size="small" disabled={i === fields.length - 1} onClick={() => move(i, i + 1)}>
                      Move section {i + 1} down
                    </Button>
                    <Button size="small" danger disabled={fields.length === 1} onClick={() => remove(i)}>
                      Remove section {i + 1}
                    </Button>
                  </Flex>
                )
              }
            >
              <Form.Item name={[field.name, 'id']} hidden>
                <Input />
              </Form.Item>
              <Form.Item
                label={`Section ${i + 1} title`}
                name={[field.name, 'title']}
                rules={[{ required: true, whitespace: true, message: 'Enter the section title.' }]}
              >
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item label={`Section ${i + 1} text`} name={[field.name, 'text']}>
                <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} maxLength={20_000} />
              </Form.Item>
              <Form.Item
                label={`Section ${i + 1} video link`}
                name={[field.name, 'videoUrl']}
                rules={[
                  { pattern: /^https?:\/\/\S+$/i, message: 'Enter a web address starting with https://' },
                ]}
              >
                <Input type="url" placeholder="https://" />
              </Form.Item>
            </Card>
          ))}
          {readOnly ? null : (
            <Button
              onClick={() => add({ title: '', text: '', videoUrl: null })}
              style={{ alignSelf: 'start' }}
            >
              Add section
            </Button>
          )}
        </Flex>
      )}
    </Form.List>
  );
}

function QuestionsEditor({ readOnly }: { readOnly: boolean }) {
  return (
    <Form.List name="questions">
      {(fields, { add, remove, move }) => (
        <Flex vertical gap={12}>
          {fields.map((field, i) => (
            <Card
              key={field.key}
              size="small"
              title={`Question ${i + 1}`}
              extra={
                readOnly ? null : (
                  <Flex gap={4}>
                    <Button size="small" disabled={i === 0} onClick={() => move(i, i - 1)}>
                      Move question {i + 1} up
                    </Button>
                    <Button size="small" danger disabled={fields.length === 1} onClick={() => remove(i)}>
                      Remove question {i + 1}
                    </Button>
                  </Flex>
                )
              }
            >
              <Form.Item name={[field.name, 'id']} hidden>
                <Input />
              </Form.Item>
              <Form.Item
                label={`Question ${i + 1}`}
                name={[field.name, 'question']}
                rules={[{ required: true, whitespace: true, message: 'Enter the question.' }]}
              >
                <Input maxLength={500} />
              </Form.Item>
              <Form.Item
                label={`Question ${i + 1} options, one per line`}
                name={[field.name, 'optionsText']}
                rules={[
                  {
                    validator: async (_rule, value: string | undefined) => {
                      const n = optionLines(value).length;
                      if (n < 2 || n > 6) throw new Error('Give between 2 and 6 options, one per line.');
                    },
                  },
                ]}
              >
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {(form) => {
                  const options = optionLines(
                    form.getFieldValue(['questions', field.name, 'optionsText']) as string | undefined,
                  );
                  return (
                    <Form.Item
                      label={`Question ${i + 1} right answer`}
                      name={[field.name, 'correctOption']}
                      rules={[{ required: true, message: 'Choose the right answer.' }]}
                    >
                      <Select
                        style={{ maxWidth: 420 }}
                        options={options.map((label, value) => ({ value, label }))}
                        placeholder="Choose the right answer"
                      />
                    </Form.Item>
                  );
                }}
              </Form.Item>
            </Card>
          ))}
          {readOnly ? null : (
            <Button onClick={() => add({ question: '', optionsText: '' })} style={{ alignSelf: 'start' }}>
              Add question
            </Button>
          )}
        </Flex>
      )}
    </Form.List>
  );
}

/** What the clinician will see: the sections in order, then the quiz without its answers. */
function Preview({ values }: { values: OrientationInput }) {
  return (
    <Flex vertical gap={8}>
      {values.sections.map((s, i) => (
        <SectionContent key={i} section={s} headingLevel={3} />
      ))}
      <Typography.Title level={3} style={{ fontSize: 17 }}>
        Quiz (pass mark {values.passMark}%)
      </Typography.Title>
      <ol>
        {values.questions.map((q, i) => (
          <li key={i}>
            {q.question}
            <ul>
              {q.options.map((option, j) => (
                <li key={j}>{option}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </Flex>
  );
}

function OrientationEditor({
  orientation,
  readOnly,
}: {
  orientation: Orientation | null;
  readOnly: boolean;
}) {
  const [form] = Form.useForm<OrientationForm>();
  const { busy, failure, save } = useSaveCall(form, 'orientation', FIELD_LABELS);
  const [preview, setPreview] = useState<OrientationInput | null>(null);

  const submit = (values: OrientationForm) =>
    save(async () => {
      const body = toInput(values);
      const saved = orientation
        ? await apiClient.put(
            `/api/admin/orientations/${orientation.id}`,
            { ...body, version: orientation.version },
            orientationSchema,
          )
        : await apiClient.post('/api/admin/orientations', body, orientationSchema);
      publishToast(ORIENTATION_SAVED);
      refresh('orientation');
      if (!orientation) navigateTo(`/orientation?orientationId=${saved.id}`);
    });

  return (
    <Form<OrientationForm>
      form={form}
      layout="vertical"
      disabled={readOnly}
      initialValues={toForm(orientation)}
      onFinish={(values) => void submit(values)}
      onKeyDown={noSubmitOnEnter}
      style={{ maxWidth: 860 }}
    >
      <Flex vertical gap={16}>
        <Card title="Orientation">
          <Form.Item
            label="Title"
            name="title"
            rules={[{ required: true, whitespace: true, message: 'Enter the title.' }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label="Description" name="description">
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
          </Form.Item>
          <Form.Item
            label="Provider types"
            name="providerTypeIds"
            rules={[{ required: true, message: 'Choose at least one provider type.' }]}
          >
            <Select mode="multiple" options={PROVIDER_TYPES.map((t) => ({ value: t.id, label: t.type }))} />
          </Form.Item>
          <Flex gap={24} wrap align="center">
            <Form.Item
              label="Pass mark (%)"
              name="passMark"
              rules={[{ required: true, message: 'Enter the pass mark.' }]}
            >
              <InputNumber min={1} max={100} precision={0} />
            </Form.Item>
            <Form.Item name="required" valuePropName="checked">
              <Checkbox>Required before onboarding is done</Checkbox>
            </Form.Item>
            <Form.Item name="active" valuePropName="checked">
              <Checkbox>Active</Checkbox>
            </Form.Item>
          </Flex>
        </Card>
        <Card title="Sections, in order">
          <SectionsEditor readOnly={readOnly} />
        </Card>
        <Card title="Quiz">
          <QuestionsEditor readOnly={readOnly} />
        </Card>
        <FormFailure text={failure} />
        <Flex gap={8} wrap>
          {readOnly ? null : (
            <Button type="primary" htmlType="submit" loading={busy}>
              {orientation ? 'Save' : 'Create orientation'}
            </Button>
          )}
          <Button
            disabled={false}
            onClick={() => setPreview(toInput(form.getFieldsValue(true) as OrientationForm))}
          >
            Preview
          </Button>
          <Button disabled={false} onClick={() => navigateTo('/orientations')}>
            Back to orientations
          </Button>
        </Flex>
      </Flex>
      <Modal
        title="Preview: what the clinician sees"
        open={preview !== null}
        onCancel={() => setPreview(null)}
        footer={<Button onClick={() => setPreview(null)}>Close preview</Button>}
        width={720}
      >
        {preview ? <Preview values={preview} /> : null}
      </Modal>
    </Form>
  );
}

/** `/orientation?orientationId=…` edits an orientation's sections and quiz; `/orientation` alone creates one. */
export default function OrientationPage() {
  const session = useSession();
  const [{ orientationId }] = useUrlState(paramsSchema);
  const orientation = useQuery({
    ...orientationQueries.one(orientationId ?? 0),
    enabled: orientationId !== undefined,
  });
  const readOnly = !session || !canEditOrientations(session.user.roleId);

  if (orientationId === undefined)
    return (
      <PageFrame title="New orientation">
        <OrientationEditor orientation={null} readOnly={readOnly} />
      </PageFrame>
    );
  const loaded = loadState(orientation, 'the orientation', { keepStale: true });
  if (!loaded.data) return <PageFrame title="Orientation">{loaded.fallback}</PageFrame>;
  const o = loaded.data;
  return (
    <PageFrame
      title={o.title}
      subtitle={`${o.sections.length} sections · ${o.questions.length} questions · pass mark ${o.passMark}%${
        o.active ? '' : ' · inactive'
      }`}
    >
      <OrientationEditor key={`${o.id}:${o.version}`} orientation={o} readOnly={readOnly} />
    </PageFrame>
  );
}
