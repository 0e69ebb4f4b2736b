// Staff's answers to a pending inbox message: a reply on the channel it came by (then it is handled), or marking it
// handled. A refused reply (e.g. the 409 of the 5-unanswered rule) shows the server's text in the dialog and keeps
// what was written.
import {
  inboxItemResultSchema,
  MESSAGING_TEXTS,
  SMS_BODY_MAX_LENGTH,
  type InboxItem,
} from '@carelane/shared-domain';
import { apiClient, errorMessage, publishErrorToast, publishToast } from '@carelane/shared-session';
import { FormFailure, refresh, useBusy, useFormCall } from '@carelane/shared-ui';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { CHANNEL_LABELS, senderAddress } from './inbox-cells';
import { INBOX_ENTITY } from './inbox-queries';

type ReplyForm = { body: string };

/** The reply dialog of one message: a labelled text (1..1600 characters, counted) and Send. */
export function ReplyModal({ item, onClose }: { item: InboxItem; onClose: () => void }) {
  const [form] = Form.useForm<ReplyForm>();
  const { busy, failure, call } = useFormCall(form);
  const to = item.sender.name ?? senderAddress(item);

  const send = ({ body }: ReplyForm) =>
    void call({ thing: 'the reply', action: 'sent' }, async () => {
      await apiClient.post(
        `/api/messaging/inbox/${item.id}/reply`,
        { body: body.trim() },
        inboxItemResultSchema,
      );
      publishToast(MESSAGING_TEXTS.replySent);
      refresh(INBOX_ENTITY);
      onClose();
    });

  return (
    <Modal
      open
      title={`Reply to ${to}`}
      onCancel={onClose}
      destroyOnHidden
      okText="Send reply"
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
    >
      <Typography.Paragraph type="secondary">
        Sent by {CHANNEL_LABELS[item.channel]} to {senderAddress(item)}; the message is then handled.
      </Typography.Paragraph>
      <Form<ReplyForm> form={form} layout="vertical" onFinish={send}>
        <Form.Item
          label="Reply"
          name="body"
          rules={[
            { required: true, whitespace: true, message: 'Write a reply.' },
            { max: SMS_BODY_MAX_LENGTH, message: `Write at most ${SMS_BODY_MAX_LENGTH} characters.` },
          ]}
        >
          <Input.TextArea rows={5} maxLength={SMS_BODY_MAX_LENGTH} showCount />
        </Form.Item>
        <FormFailure text={failure} />
      </Form>
    </Modal>
  );
}

/** Marks one pending message handled without answering it. */
export function MarkHandled({ item }: { item: InboxItem }) {
  const { busy, run } = useBusy();
  const mark = () =>
    run(async () => {
      try {
        await apiClient.post(`/api/messaging/inbox/${item.id}/handled`, {}, inboxItemResultSchema);
        publishToast(MESSAGING_TEXTS.markedHandled);
        refresh(INBOX_ENTITY);
      } catch (error) {
        publishErrorToast(errorMessage(error, 'the message', 'marked as handled'));
        refresh(INBOX_ENTITY);
      }
    });
  return (
    <Button size="small" loading={busy} onClick={() => void mark()}>
      Mark handled
    </Button>
  );
}
