// Writes a message: Enter sends, Shift+Enter starts a new line; an empty message is refused with a clear text.
import { CHAT_MESSAGE_MAX_LENGTH } from '@carelane/shared-domain';
import { Button, Flex, Form, Input } from 'antd';
import { useId, useState, type KeyboardEvent } from 'react';

export const EMPTY_MESSAGE = 'Write a message before sending.';

export function Composer({ onSend }: { onSend: (body: string) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const send = () => {
    const body = text.trim();
    if (!body) {
      setError(EMPTY_MESSAGE);
      return;
    }
    setError(null);
    setText('');
    onSend(body);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <Form layout="vertical" onFinish={send}>
      <Form.Item
        label="Message"
        htmlFor={id}
        validateStatus={error ? 'error' : undefined}
        help={error ?? 'Enter sends; Shift+Enter starts a new line.'}
        style={{ marginBottom: 8 }}
      >
        <Input.TextArea
          id={id}
          value={text}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          rows={3}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (error && event.target.value.trim()) setError(null);
          }}
          onKeyDown={onKeyDown}
        />
      </Form.Item>
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit">
          Send
        </Button>
      </Flex>
    </Form>
  );
}
