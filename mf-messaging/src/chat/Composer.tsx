// Writes a message: Enter sends, Shift+Enter starts a new line; an empty message (no text and no file) is refused
// with a clear text. "Attach a file" uploads the chosen file to the topic at once and shows it as a removable chip;
// the message then goes with it (a message may be only a file). Attaching needs a connection.
import { CHAT_MESSAGE_MAX_LENGTH, FILE_ACCEPT, formatFileSize, type ChatFile } from '@carelane/shared-domain';
import { Button, Flex, Form, Input, Spin, Typography } from 'antd';
import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { ATTACH_OFFLINE_TITLE, useAttachment, useOnline, type Attachment } from './use-attachment';

export const EMPTY_MESSAGE = 'Write a message or attach a file before sending.';
export const UPLOAD_PENDING = 'Wait until the file is uploaded, then send.';

const chipStyle = {
  border: '1px solid #d9d9d9',
  borderRadius: 6,
  padding: '2px 4px 2px 8px',
  background: '#fafafa',
} as const;

function AttachmentChip({ attachment, onRemove }: { attachment: Attachment; onRemove: () => void }) {
  const uploading = attachment.status === 'uploading';
  const name = uploading ? attachment.fileName : attachment.file.fileName;
  const size = formatFileSize(uploading ? attachment.sizeBytes : attachment.file.sizeBytes);
  return (
    <Flex gap={8} align="center" style={chipStyle} role="group" aria-label="Attachment" aria-busy={uploading}>
      <span aria-hidden="true">📎</span>
      <Typography.Text>
        {name}, {size}
      </Typography.Text>
      {uploading ? (
        <Flex gap={4} align="center" role="status">
          <Spin size="small" />
          <Typography.Text type="secondary">Uploading…</Typography.Text>
        </Flex>
      ) : null}
      <Button
        size="small"
        type="text"
        aria-label="Remove attachment"
        title="Remove attachment"
        onClick={onRemove}
      >
        ×
      </Button>
    </Flex>
  );
}

export type ComposerProps = {
  topicId: number;
  onSend: (body: string, attachment: ChatFile | null) => void;
};

export function Composer({ topicId, onSend }: ComposerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const online = useOnline();
  const files = useAttachment(topicId);
  const picker = useRef<HTMLInputElement>(null);
  const { attachment } = files;

  const send = () => {
    const body = text.trim();
    if (attachment?.status === 'uploading') {
      setError(UPLOAD_PENDING);
      return;
    }
    const file = attachment?.status === 'ready' ? attachment.file : null;
    if (!body && !file) {
      setError(EMPTY_MESSAGE);
      return;
    }
    setError(null);
    setText('');
    files.clear();
    onSend(body, file);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file may be chosen again
    if (!file) return;
    setError(null);
    files.attach(file);
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
            if (error === EMPTY_MESSAGE && event.target.value.trim()) setError(null);
          }}
          onKeyDown={onKeyDown}
        />
      </Form.Item>
      {attachment ? (
        <Flex style={{ marginBottom: 8 }}>
          <AttachmentChip attachment={attachment} onRemove={files.clear} />
        </Flex>
      ) : null}
      {files.error ? (
        <div role="alert" style={{ marginBottom: 8 }}>
          <Typography.Text type="danger">{files.error}</Typography.Text>
        </div>
      ) : null}
      <Flex justify="space-between" align="center" gap={8}>
        <input
          ref={picker}
          type="file"
          accept={FILE_ACCEPT}
          tabIndex={-1}
          aria-hidden="true"
          style={{ display: 'none' }}
          onChange={onPick}
        />
        <Button
          disabled={!online || attachment?.status === 'uploading'}
          title={online ? undefined : ATTACH_OFFLINE_TITLE}
          onClick={() => picker.current?.click()}
        >
          <span aria-hidden="true">📎</span> Attach a file
        </Button>
        <Button type="primary" htmlType="submit" disabled={attachment?.status === 'uploading'}>
          Send
        </Button>
      </Flex>
    </Form>
  );
}
