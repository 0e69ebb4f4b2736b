// `/collaboration`: the chat of /messages kept to care-team topics (one per service request), with a way to open
// a service request's care-team topic by its id when I am one of its members.
import { failureText } from '@carelane/shared-ui';
import { publishErrorToast, useUrlState } from '@carelane/shared-session';
import { Alert, Button, Flex, Form, InputNumber } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { ChatView } from '../chat/ChatView';
import { openCareTeamTopic } from '../chat/chat-queries';

const topicParam = z.object({ topic: z.coerce.number().int().positive().optional() });

function OpenCareTeamTopic() {
  const [, setParams] = useUrlState(topicParam);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const open = async ({ episodeId }: { episodeId: number }) => {
    setBusy(true);
    setFailure(null);
    try {
      setParams({ topic: await openCareTeamTopic(episodeId) });
    } catch (error) {
      const text = failureText(error, "the service request's conversation", 'opened');
      setFailure(text);
      publishErrorToast(text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={8}>
      <Form layout="inline" onFinish={open} aria-label="Open a service request's conversation">
        <Form.Item
          label="Service request id"
          name="episodeId"
          rules={[{ required: true, message: 'Enter the id of the service request.' }]}
        >
          <InputNumber min={1} precision={0} />
        </Form.Item>
        <Button htmlType="submit" disabled={busy} aria-busy={busy}>
          Open its care-team conversation
        </Button>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
    </Flex>
  );
}

export default function CollaborationPage() {
  return (
    <ChatView
      title="Collaboration"
      kind="careTeam"
      noun="care-team conversations"
      extra={<OpenCareTeamTopic />}
    />
  );
}
