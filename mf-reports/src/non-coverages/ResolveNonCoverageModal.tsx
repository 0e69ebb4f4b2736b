// "Resolve": confirms closing one Active non-coverage and asks how it was resolved (required). A report someone
// else changed or resolved meanwhile is refused by the server (409) and its reason shown.
import { NON_COVERAGE_RESOLUTION_MAX, type NonCoverage } from '@carelane/shared-domain';
import { publishToast } from '@carelane/shared-session';
import { FormFailure, useFormCall } from '@carelane/shared-ui';
import { Form, Input, Modal, Typography } from 'antd';
import { nonCoverageCalls, refreshNonCoverages } from './non-coverage-queries';

type Values = { resolution: string };

const FAILURE = {
  thing: 'the non-coverage',
  action: 'resolved',
  places: { resolution: 'resolution' },
  labels: { resolution: 'Resolution', version: '' },
};

export const subjectOf = (row: NonCoverage) =>
  `${row.patientName ?? row.episodeTitle} (service request #${row.episodeId})`;

export function ResolveNonCoverageModal({ row, onClose }: { row: NonCoverage; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { busy, failure, call } = useFormCall(form);

  const submit = async (values: Values) => {
    const ok = await call(FAILURE, async () => {
      publishToast((await nonCoverageCalls.resolve(row, values.resolution.trim())).message);
    });
    // Resolved, or refused because it changed meanwhile: either way the list is read again.
    refreshNonCoverages();
    if (ok) onClose();
  };

  return (
    <Modal
      open
      title="Resolve this non-coverage?"
      okText="Resolve"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {subjectOf(row)}: {row.reason}. Resolving takes it off the Active list; it is kept, with who resolved
        it, when and how.
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        aria-label="Resolve non-coverage"
        initialValues={{ resolution: '' }}
        onFinish={(values) => void submit(values)}
      >
        <FormFailure text={failure} />
        <Form.Item
          label="Resolution"
          name="resolution"
          required
          rules={[{ required: true, whitespace: true, message: 'Say how it was resolved.' }]}
        >
          <Input.TextArea maxLength={NON_COVERAGE_RESOLUTION_MAX} rows={3} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
