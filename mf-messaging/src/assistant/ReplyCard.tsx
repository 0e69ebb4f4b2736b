// The answer to the organization (decision 069): drafted by the API from the request's current visits (Expired
// ones left out, SPEC §4), edited by the coordinator and sent through the outbox.
import {
  okSchema,
  requestReplySchema,
  type AssistantCreated,
  type RequestReply,
} from '@carelane/shared-domain';
import { apiClient, publishToast } from '@carelane/shared-session';
import {
  AreaLink,
  FormFailure,
  noSubmitOnEnter,
  showFieldErrors,
  useBusy,
  failureText,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';

function ReplyForm({ serviceRequestId, draft }: { serviceRequestId: number; draft: RequestReply }) {
  const [form] = Form.useForm<RequestReply>();
  const { busy, run } = useBusy();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const send = (values: RequestReply) =>
    run(async () => {
      setFailure(null);
      try {
        const answer = await apiClient.post(
          `/api/admin/assistant/requests/${serviceRequestId}/reply`,
          values,
          okSchema,
        );
        publishToast(answer.message ?? 'Reply sent.');
        setSent(true);
      } catch (error) {
        showFieldErrors(form, error);
        setFailure(failureText(error, 'the reply', 'sent'));
      }
    });
  return (
    <Form<RequestReply>
      form={form}
      layout="vertical"
      aria-label="Reply"
      initialValues={draft}
      onKeyDown={noSubmitOnEnter}
      onFinish={(values) => void send(values)}
      disabled={sent}
    >
      <Form.Item
        label="To"
        name="recipient"
        rules={[{ required: true, type: 'email', message: 'Enter an email address.' }]}
      >
        <Input type="email" />
      </Form.Item>
      <Form.Item
        label="Subject"
        name="subject"
        rules={[{ required: true, whitespace: true, message: 'Enter the subject.' }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        label="Message"
        name="body"
        rules={[{ required: true, whitespace: true, message: 'Enter the message.' }]}
      >
        <Input.TextArea autoSize={{ minRows: 8, maxRows: 20 }} maxLength={20_000} />
      </Form.Item>
      <FormFailure text={failure} />
      {sent ? (
        <Typography.Text role="status">The reply is in the outbox.</Typography.Text>
      ) : (
        <Button type="primary" htmlType="submit" loading={busy}>
          Send the reply
        </Button>
      )}
    </Form>
  );
}

/** What Create made, said once after it; a request opened by its address (`?request=`) is just named. */
function Made({ serviceRequestId: id, created }: { serviceRequestId: number; created?: AssistantCreated }) {
  if (!created)
    return (
      <Typography.Text>
        {'About '}
        <AreaLink to={`/episode?id=${id}`}>{`service request #${id}`}</AreaLink>
      </Typography.Text>
    );
  return (
    <Alert
      type={created.created ? 'success' : 'info'}
      showIcon
      title={
        <span>
          {created.created ? 'Created ' : 'This email made '}
          <AreaLink to={`/episode?id=${id}`}>{`service request #${id}`}</AreaLink>
          {created.created ? ` with ${created.visitIds.length} visits for ` : ' already, for '}
          <AreaLink to={`/patient?id=${created.patientId}`}>the patient</AreaLink>.
        </span>
      }
    />
  );
}

export type ReplyCardProps = { serviceRequestId: number; created?: AssistantCreated };

export function ReplyCard({ serviceRequestId: id, created }: ReplyCardProps) {
  const draft = useQuery({
    queryKey: ['episode', id, 'assistantReply'],
    queryFn: () => apiClient.get(`/api/admin/assistant/requests/${id}/reply`, requestReplySchema),
  });
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>Reply to the organization</h2>}>
      <Flex vertical gap={12}>
        <Made serviceRequestId={id} created={created} />
        {draft.data ? (
          <ReplyForm serviceRequestId={id} draft={draft.data} />
        ) : draft.isError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title="The reply could not be drafted. Reload the page."
          />
        ) : (
          <Typography.Text>Drafting the reply…</Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
