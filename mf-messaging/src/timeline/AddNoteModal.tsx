// The dialog that adds a note to a timeline: a call log (direction, who was on the call), a communication note or a
// comment. The server's answer is the SPEC §8 text toasted; a refused note shows on the fields it names.
import {
  CALL_DIRECTIONS,
  TIMELINE_NOTE_MAX,
  timelineNoteAnswerSchema,
  type TimelineNoteInput,
  type TimelineNoteKind,
} from '@carelane/shared-domain';
import { apiClient, publishToast } from '@carelane/shared-session';
import { FormFailure, noSubmitOnEnter, refresh, useFormCall } from '@carelane/shared-ui';
import { Form, Input, Modal, Select } from 'antd';
import { TIMELINE_ENTITY, type TimelineTarget } from './timeline-queries';

export const ADD_NOTE_ACTIONS: Record<TimelineNoteKind, string> = {
  callLog: 'Add call log',
  communicationNote: 'Add communication note',
  comment: 'Add comment',
};

const NOTE_THINGS: Record<TimelineNoteKind, string> = {
  callLog: 'the call log',
  communicationNote: 'the communication note',
  comment: 'the comment',
};

const LABELS = { body: 'Text', direction: 'Direction', contactName: 'Contact' };

type NoteValues = { direction?: TimelineNoteInput['direction']; contactName?: string; body: string };

const directionOptions = CALL_DIRECTIONS.map((direction) => ({ value: direction, label: direction }));

/** What the form sends: a call log's direction and contact, and the text, trimmed. */
export function noteInput(
  target: TimelineTarget,
  kind: TimelineNoteKind,
  values: NoteValues,
): TimelineNoteInput {
  const contactName = values.contactName?.trim();
  return {
    subject: target.subject,
    id: target.id,
    kind,
    ...(kind === 'callLog' ? { direction: values.direction, ...(contactName ? { contactName } : {}) } : {}),
    body: values.body.trim(),
  };
}

export function AddNoteModal({
  target,
  kind,
  onClose,
}: {
  target: TimelineTarget;
  kind: TimelineNoteKind;
  onClose: () => void;
}) {
  const [form] = Form.useForm<NoteValues>();
  const { busy, failure, call } = useFormCall(form);
  const callLog = kind === 'callLog';

  const add = (values: NoteValues) =>
    void call({ thing: NOTE_THINGS[kind], action: 'added', labels: LABELS }, async () => {
      const answer = await apiClient.post(
        '/api/messaging/timeline/notes',
        noteInput(target, kind, values),
        timelineNoteAnswerSchema,
      );
      publishToast(answer.message);
      refresh(TIMELINE_ENTITY);
      onClose();
    });

  return (
    <Modal
      open
      title={ADD_NOTE_ACTIONS[kind]}
      onCancel={onClose}
      destroyOnHidden
      okText={ADD_NOTE_ACTIONS[kind]}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
    >
      <Form<NoteValues>
        form={form}
        name="timelineNote"
        layout="vertical"
        onFinish={add}
        onKeyDown={noSubmitOnEnter}
        initialValues={{ body: '', ...(callLog ? { direction: undefined, contactName: '' } : {}) }}
      >
        {callLog ? (
          <>
            <Form.Item
              label="Direction"
              name="direction"
              rules={[{ required: true, message: 'Choose the direction of the call.' }]}
            >
              <Select options={directionOptions} placeholder="Choose…" />
            </Form.Item>
            <Form.Item label="Contact" name="contactName" extra="Who was on the call.">
              <Input maxLength={200} autoComplete="off" />
            </Form.Item>
          </>
        ) : null}
        <Form.Item
          label="Text"
          name="body"
          rules={[
            { required: true, whitespace: true, message: 'Write the text.' },
            { max: TIMELINE_NOTE_MAX, message: `Write at most ${TIMELINE_NOTE_MAX} characters.` },
          ]}
        >
          <Input.TextArea rows={5} maxLength={TIMELINE_NOTE_MAX} showCount />
        </Form.Item>
        <FormFailure text={failure} />
      </Form>
    </Modal>
  );
}
