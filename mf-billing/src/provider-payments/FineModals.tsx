// The fine forms: "Add fine" (billing staff: clinician, optional visit, kind, amount typed in dollars and read
// as exact cents, reason) and the note a fine's removal (staff) or contest (the fined clinician) needs. The
// note modal is the confirmation: nothing is sent until its button is pressed with a note written.
import {
  FINE_KIND_LABELS,
  FINE_KINDS,
  formatCents,
  visitStatusLabel,
  type Fine,
  type FineInput,
  type FineVisit,
  type VisitStatus,
} from '@carelane/shared-domain';
import { publishToast } from '@carelane/shared-session';
import { FormFailure, useFormCall } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select, Typography } from 'antd';
import { showDay } from '../common/billing-dates';
import { ClinicianPicker } from '../common/ClinicianPicker';
import { amountRule, centsOf } from '../common/money-input';
import { payCalls, payQueries, refreshFines } from './pay-queries';

type AddValues = {
  providerId?: number;
  visitId?: number;
  kind: FineInput['kind'];
  amount: string;
  reason: string;
};

const ADD_FAILURE = {
  thing: 'the fine',
  action: 'added',
  places: {
    providerId: 'providerId',
    visitId: 'visitId',
    kind: 'kind',
    amountCents: 'amount',
    reason: 'reason',
  },
  labels: {
    providerId: 'Clinician',
    visitId: 'Visit',
    kind: 'Kind',
    amountCents: 'Amount',
    reason: 'Reason',
  },
};

const visitLabel = (visit: FineVisit) =>
  `${showDay(visit.dateOfService)}, ${visit.patientName || 'shift'} (${visitStatusLabel({ status: visit.status as VisitStatus })})`;

/** The chosen clinician's visits that can be fined, newest first; nothing to choose until a clinician is. */
function FineVisitPicker({
  providerId,
  ...props
}: {
  providerId?: number;
  value?: number;
  onChange?: (value?: number) => void;
  id?: string;
  'aria-label'?: string;
}) {
  const visits = useQuery({ ...payQueries.fineVisits(providerId ?? 0), enabled: !!providerId });
  return (
    <Select
      {...props}
      allowClear
      showSearch
      optionFilterProp="label"
      disabled={!providerId}
      loading={visits.isFetching}
      placeholder={providerId ? 'No visit (a fine for something else)' : 'Choose the clinician first'}
      notFoundContent={visits.isFetching ? 'Loading the visits…' : 'This clinician has no visit to fine.'}
      options={(visits.data?.rows ?? []).map((visit) => ({ value: visit.visitId, label: visitLabel(visit) }))}
    />
  );
}

export function AddFineModal({ providerId, onClose }: { providerId?: number; onClose: () => void }) {
  const [form] = Form.useForm<AddValues>();
  const { busy, failure, call } = useFormCall(form);
  const chosenClinician = Form.useWatch('providerId', form);

  const submit = (values: AddValues) =>
    call(ADD_FAILURE, async () => {
      const result = await payCalls.addFine({
        providerId: values.providerId!,
        ...(values.visitId ? { visitId: values.visitId } : {}),
        kind: values.kind,
        amountCents: centsOf(values.amount),
        reason: values.reason.trim(),
      });
      publishToast(result.message);
      refreshFines();
      onClose();
    });

  return (
    <Modal
      open
      title="Add a fine"
      okText="Add fine"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={520}
    >
      <Form<AddValues>
        form={form}
        layout="vertical"
        aria-label="Add a fine"
        initialValues={{ providerId, kind: 'MissedVisit', amount: '', reason: '' }}
        // Another clinician's visits are not theirs to fine.
        onValuesChange={(changed: Partial<AddValues>) => {
          if ('providerId' in changed) form.setFieldValue('visitId', undefined);
        }}
        onFinish={(values) => void submit(values)}
      >
        <FormFailure text={failure} />
        <Form.Item
          label="Clinician"
          name="providerId"
          required
          rules={[{ required: true, message: 'Choose the clinician.' }]}
        >
          <ClinicianPicker aria-label="Clinician" placeholder="Search by name" />
        </Form.Item>
        <Form.Item label="Visit (optional)" name="visitId" extra="The visit the fine is for, if any.">
          <FineVisitPicker aria-label="Visit (optional)" providerId={chosenClinician ?? providerId} />
        </Form.Item>
        <Form.Item label="Kind" name="kind" required>
          <Select options={FINE_KINDS.map((kind) => ({ value: kind, label: FINE_KIND_LABELS[kind] }))} />
        </Form.Item>
        <Form.Item label="Amount" name="amount" required rules={[amountRule()]}>
          <Input inputMode="decimal" prefix="$" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Reason"
          name="reason"
          required
          rules={[{ required: true, whitespace: true, message: 'Enter the reason.' }]}
        >
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export type NoteAction = 'remove' | 'contest';

const NOTE_TEXT: Record<
  NoteAction,
  { title: string; ok: string; label: string; action: string; explain: (fine: Fine) => string }
> = {
  remove: {
    title: 'Remove this fine?',
    ok: 'Remove fine',
    label: 'Why it is removed',
    action: 'removed',
    explain: (fine) =>
      `${fine.clinicianName}'s ${FINE_KIND_LABELS[fine.kind].toLowerCase()} fine of ${formatCents(fine.amountCents)} will not be deducted. It is kept with your note.`,
  },
  contest: {
    title: 'Contest this fine?',
    ok: 'Contest fine',
    label: 'Why you contest it',
    action: 'contested',
    explain: (fine) =>
      `Your ${FINE_KIND_LABELS[fine.kind].toLowerCase()} fine of ${formatCents(fine.amountCents)} is held, not deducted, until billing staff decide.`,
  },
};

export function FineNoteModal({
  fine,
  action,
  onClose,
}: {
  fine: Fine;
  action: NoteAction;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ note: string }>();
  const { busy, failure, call } = useFormCall(form);
  const text = NOTE_TEXT[action];

  const submit = async ({ note }: { note: string }) => {
    const failed = {
      thing: 'the fine',
      action: text.action,
      places: { note: 'note' },
      labels: { note: 'Note', id: '' },
    };
    const done = await call(failed, async () => {
      const send = action === 'remove' ? payCalls.removeFine : payCalls.contestFine;
      publishToast((await send(fine.id, note.trim())).message);
      refreshFines();
      onClose();
    });
    // Refused (another user acted first): the list shows the fine as it is now.
    if (!done) refreshFines();
  };

  return (
    <Modal
      open
      title={text.title}
      okText={text.ok}
      okButtonProps={{ danger: action === 'remove' }}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{text.explain(fine)}</Typography.Paragraph>
      <Form<{ note: string }>
        form={form}
        layout="vertical"
        aria-label={text.title}
        initialValues={{ note: '' }}
        onFinish={(values) => void submit(values)}
      >
        <FormFailure text={failure} />
        <Form.Item
          label={text.label}
          name="note"
          required
          rules={[{ required: true, whitespace: true, message: 'Enter a note.' }]}
        >
          <Input.TextArea maxLength={1000} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
