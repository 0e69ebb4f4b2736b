// Add or change one goal template (administrators). The rules are goalTemplateInputSchema's own (its limits are
// read from it) with the field's name in each message, plus one the API does not check: the German text has the
// phrase's fill-ins. A change carries the version it was read at; when someone else saved first the server
// answers 409, and Reload puts the saved template in the form to make the change again.
import {
  GOAL_ACTIONS,
  GOAL_CATEGORIES,
  GOAL_PERSONS,
  fillInsOf,
  goalTemplateInputSchema,
} from '@carelane/shared-domain';
import type { GoalTemplate } from '@carelane/shared-domain';
import { isApiCallError, publishToast } from '@carelane/shared-session';
import { FormFailure, refresh, showSaveFailure, useBusy } from '@carelane/shared-ui';
import {
  Alert,
  AutoComplete,
  Button,
  Form,
  Input,
  Modal,
  Select,
  Typography,
  type FormInstance,
  type FormRule,
} from 'antd';
import { useState } from 'react';
import { germanFillInProblem } from './template-list';
import { templateCalls, type GoalTemplateInput } from './template-queries';

export const TEMPLATE_SAVED = 'Goal template saved.';
export const TEMPLATE_RELOADED =
  'The form now shows the template as it was saved by the other change. Make your change again and save.';
const THING = 'the goal template';

type Field = keyof GoalTemplateInput;
type FormValues = Record<Field, string | undefined>;

export const FIELD_LABELS: Readonly<Record<Field, string>> = {
  category: 'Category',
  person: 'Person',
  action: 'Action',
  phrase: 'Phrase',
  phraseDe: 'German text',
};
/** What a blank required field says. */
const BLANK: Readonly<Record<Field, string>> = {
  category: 'Choose the category.',
  person: 'Enter the person (for example Patient).',
  action: 'Enter the action (for example will demonstrate).',
  phrase: 'Enter the phrase.',
  phraseDe: '',
};

const blankToNull = (text: string | null | undefined) => (text?.trim() ? text : null);

/** A form rule that checks one field with goalTemplateInputSchema and says what is wrong in the field's name. */
function schemaRule(field: Field): FormRule {
  return {
    validator: async (_rule, value: string | undefined) => {
      const input = field === 'phraseDe' ? blankToNull(value) : (value ?? '');
      const parsed = goalTemplateInputSchema.shape[field].safeParse(input);
      if (parsed.success) return;
      const issue = parsed.error.issues[0]!;
      if (issue.code === 'too_big')
        throw new Error(
          `${FIELD_LABELS[field]} can be at most ${String(issue.maximum)} characters (it has ${input?.trim().length ?? 0}).`,
        );
      throw new Error(BLANK[field] || `${FIELD_LABELS[field]} is not valid.`);
    },
  };
}

const germanRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: string | undefined) => {
    const problem = germanFillInProblem(String(getFieldValue('phrase') ?? ''), value);
    if (problem) throw new Error(problem);
  },
});

const suggestions = (choices: readonly string[], library: readonly string[]) =>
  [...new Set([...choices, ...library])].map((value) => ({ value }));

const toForm = (template: GoalTemplate | null): FormValues => ({
  category: template?.category,
  person: template?.person ?? '',
  action: template?.action ?? '',
  phrase: template?.phrase ?? '',
  phraseDe: template?.phraseDe ?? '',
});

const toInput = (values: FormValues): GoalTemplateInput => ({
  category: values.category ?? '',
  person: (values.person ?? '').trim(),
  action: (values.action ?? '').trim(),
  phrase: (values.phrase ?? '').trim(),
  phraseDe: blankToNull(values.phraseDe)?.trim() ?? null,
});

const containsTyped = (typed: string, option?: { value?: unknown }) =>
  String(option?.value ?? '')
    .toLowerCase()
    .includes(typed.toLowerCase());

const isStale = (error: unknown) => isApiCallError(error) && error.status === 409;

export type TemplateFormModalProps = {
  /** The template to change; null adds one. */
  template: GoalTemplate | null;
  open: boolean;
  /** Every template (the person and action suggestions come from them too). */
  library: readonly GoalTemplate[];
  /** Reads the library again and answers the template as saved now. */
  reload: (id: number) => Promise<GoalTemplate | undefined>;
  onClose: () => void;
  /** After the closing animation: the modal can be unmounted. */
  afterClose: () => void;
};

/** Saving the form (a change carries the version it was read at) and, after a 409, reloading the saved one. */
function useTemplateSave(
  form: FormInstance<FormValues>,
  template: GoalTemplate | null,
  reload: TemplateFormModalProps['reload'],
  onClose: () => void,
) {
  // The template as last read: a reload after a 409 moves it (and its version) on.
  const [base, setBase] = useState(template);
  const { busy, run } = useBusy();
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [reloaded, setReloaded] = useState(false);

  const save = (values: FormValues) =>
    run(async () => {
      setFailure(null);
      setStale(null);
      setReloaded(false);
      const input = toInput(values);
      try {
        if (base) await templateCalls.update(base.id, { ...input, version: base.version });
        else await templateCalls.create(input);
        publishToast(TEMPLATE_SAVED);
        refresh('goalTemplate');
        onClose();
      } catch (error) {
        if (isStale(error)) refresh('goalTemplate');
        showSaveFailure(form, error, THING, isStale(error) ? setStale : setFailure, FIELD_LABELS);
      }
    });

  const reloadRow = () =>
    run(async () => {
      if (!base) return;
      try {
        const fresh = await reload(base.id);
        if (!fresh) {
          setFailure('This goal template is no longer in the library.');
          return;
        }
        setBase(fresh);
        form.setFieldsValue(toForm(fresh));
        setStale(null);
        setReloaded(true);
        void form.validateFields();
      } catch {
        setFailure('The goal template could not be reloaded. Try again.');
      }
    });

  return { busy, failure, stale, reloaded, save, reloadRow };
}

export function TemplateFormModal({
  template,
  open,
  library,
  reload,
  onClose,
  afterClose,
}: TemplateFormModalProps) {
  const [form] = Form.useForm<FormValues>();
  const { busy, failure, stale, reloaded, save, reloadRow } = useTemplateSave(
    form,
    template,
    reload,
    onClose,
  );
  const phrase = Form.useWatch('phrase', form) ?? '';
  const fillIns = fillInsOf(phrase);

  return (
    <Modal
      open={open}
      title={template ? 'Edit goal template' : 'New goal template'}
      okText={template ? 'Save changes' : 'Add template'}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      width={640}
      destroyOnHidden
    >
      {stale ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={stale}
          action={
            <Button size="small" onClick={() => void reloadRow()} loading={busy}>
              Reload
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {reloaded ? (
        <Alert type="info" showIcon role="status" title={TEMPLATE_RELOADED} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={toForm(template)}
        onFinish={(values) => void save(values)}
        aria-label={template ? 'Edit goal template' : 'New goal template'}
      >
        <Form.Item label={FIELD_LABELS.category} name="category" required rules={[schemaRule('category')]}>
          <Select
            virtual={false}
            placeholder="Choose a category"
            showSearch={{ optionFilterProp: 'label' }}
            options={GOAL_CATEGORIES.map((category) => ({ value: category, label: category }))}
          />
        </Form.Item>
        <Form.Item label={FIELD_LABELS.person} name="person" required rules={[schemaRule('person')]}>
          <AutoComplete
            options={suggestions(
              GOAL_PERSONS,
              library.map((row) => row.person),
            )}
            filterOption={containsTyped}
          />
        </Form.Item>
        <Form.Item label={FIELD_LABELS.action} name="action" required rules={[schemaRule('action')]}>
          <AutoComplete
            options={suggestions(
              GOAL_ACTIONS,
              library.map((row) => row.action),
            )}
            filterOption={containsTyped}
          />
        </Form.Item>
        <Form.Item
          label={FIELD_LABELS.phrase}
          name="phrase"
          required
          rules={[schemaRule('phrase')]}
          extra={
            <>
              Write a fill-in in braces, for example <Typography.Text code>{'{device}'}</Typography.Text>: the
              clinician types its value when building a goal.{' '}
              {fillIns.length ? `Fill-ins: ${fillIns.join(', ')}.` : 'No fill-ins.'}
            </>
          }
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item
          label={FIELD_LABELS.phraseDe}
          name="phraseDe"
          dependencies={['phrase']}
          rules={[schemaRule('phraseDe'), germanRule]}
          extra="Optional. The German translation of the phrase, with the same fill-ins."
        >
          <Input.TextArea lang="de" autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <FormFailure text={failure} />
      </Form>
    </Modal>
  );
}
