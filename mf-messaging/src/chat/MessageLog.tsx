// The open topic's messages, oldest to newest (a log region that screen readers announce politely), with the
// pending ones of this tab after them: "Sending…", or "Not sent" with Retry. A message's attached file shows
// under its text, with its name and size, and downloads with the page's token.
import { formatDateTime, formatFileSize, type ChatFile, type ChatMessage } from '@carelane/shared-domain';
import { errorMessage, publishErrorToast, saveFile } from '@carelane/shared-session';
import { EmptyState } from '@carelane/shared-ui';
import { Button, Flex, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { chatCalls } from './chat-queries';
import type { PendingMessage } from './use-outbox';

export type MessageLogProps = {
  title: string;
  /** Oldest first. */
  messages: readonly ChatMessage[];
  pending: readonly PendingMessage[];
  searching: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (idempotencyKey: string) => void;
};

const itemStyle = { padding: '6px 0', borderBottom: '1px solid #f0f0f0' } as const;
const bodyStyle = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 } as const;

async function download(file: ChatFile): Promise<void> {
  try {
    saveFile(await chatCalls.downloadFile(file.topicId, file.id), file.fileName);
  } catch (error) {
    publishErrorToast(errorMessage(error, 'the file', 'downloaded'));
  }
}

/** The attached file: "report.pdf (12 KB)", a button named "Download report.pdf (12 KB)" (or just shown, unsent). */
function AttachedFile({ file, downloadable }: { file: ChatFile; downloadable: boolean }) {
  const label = `${file.fileName} (${formatFileSize(file.sizeBytes)})`;
  return (
    <Flex gap={4} align="center">
      <span aria-hidden="true">📎</span>
      {downloadable ? (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          aria-label={`Download ${label}`}
          onClick={() => void download(file)}
        >
          {label}
        </Button>
      ) : (
        <Typography.Text>{label}</Typography.Text>
      )}
    </Flex>
  );
}

function PendingItem({ item, onRetry }: { item: PendingMessage; onRetry: (key: string) => void }) {
  return (
    <li style={itemStyle}>
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>You</Typography.Text>
        {item.status === 'failed' ? (
          <>
            <Typography.Text type="danger">{item.failure ?? 'Not sent.'}</Typography.Text>
            <Button size="small" onClick={() => onRetry(item.idempotencyKey)}>
              Retry
            </Button>
          </>
        ) : (
          <Typography.Text type="secondary">Sending…</Typography.Text>
        )}
      </Flex>
      {item.body ? <Typography.Paragraph style={bodyStyle}>{item.body}</Typography.Paragraph> : null}
      {item.attachment ? <AttachedFile file={item.attachment} downloadable={false} /> : null}
    </li>
  );
}

export function MessageLog(props: MessageLogProps) {
  const { title, messages, pending, searching, hasOlder, loadingOlder, onLoadOlder, onRetry } = props;
  const logRef = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id;
  // Keeps the newest in view when one arrives or is sent (not when older ones are loaded above).
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [newestId, pending.length]);
  const empty = messages.length === 0 && pending.length === 0;
  return (
    <div
      ref={logRef}
      role="log"
      aria-live="polite"
      aria-label={`Messages of ${title}`}
      tabIndex={0}
      style={{ maxHeight: '55vh', minHeight: 160, overflowY: 'auto', padding: '0 4px' }}
    >
      {hasOlder ? (
        <Flex justify="center">
          <Button onClick={onLoadOlder} disabled={loadingOlder} aria-busy={loadingOlder}>
            Load older messages
          </Button>
        </Flex>
      ) : null}
      {empty ? (
        <EmptyState
          title={searching ? 'No messages match your search.' : 'No messages in this topic yet.'}
          description={searching ? undefined : 'Write the first one below.'}
        />
      ) : (
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {messages.map((message) => (
            <li key={message.id} style={itemStyle}>
              <Flex gap={8} align="baseline" wrap>
                <Typography.Text strong>{message.authorName}</Typography.Text>
                <Typography.Text type="secondary">
                  <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                </Typography.Text>
              </Flex>
              {message.body ? (
                <Typography.Paragraph style={bodyStyle}>{message.body}</Typography.Paragraph>
              ) : null}
              {message.attachment ? <AttachedFile file={message.attachment} downloadable /> : null}
            </li>
          ))}
          {pending.map((item) => (
            <PendingItem key={item.idempotencyKey} item={item} onRetry={onRetry} />
          ))}
        </ol>
      )}
    </div>
  );
}
