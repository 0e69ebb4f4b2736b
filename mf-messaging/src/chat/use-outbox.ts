// The messages this tab is sending: each send gets a fresh idempotency key, kept with the pending message, so a
// retry of a failed send posts the same key and the server answers the message already written, never a second.
// A file attached to the message is kept with it (its id, uploaded before), so every try sends the same file.
import type { ChatFile } from '@carelane/shared-domain';
import { errorMessage, publishErrorToast } from '@carelane/shared-session';
import { useCallback, useState } from 'react';
import { newIdempotencyKey, sendMessage, showSent } from './chat-queries';

export type PendingMessage = {
  idempotencyKey: string;
  topicId: number;
  body: string;
  /** The file uploaded for this message (sent as attachmentFileId with every try). */
  attachment: ChatFile | null;
  status: 'sending' | 'failed';
  /** Why the last try failed (the catalogue's text). */
  failure?: string;
};

export type Outbox = {
  pending: readonly PendingMessage[];
  send: (topicId: number, body: string, attachment?: ChatFile | null) => void;
  retry: (idempotencyKey: string) => void;
};

export function useOutbox(): Outbox {
  const [pending, setPending] = useState<readonly PendingMessage[]>([]);

  const post = useCallback((item: PendingMessage) => {
    const mark = (status: PendingMessage['status'], failure?: string) =>
      setPending((items) =>
        items.map((one) => (one.idempotencyKey === item.idempotencyKey ? { ...one, status, failure } : one)),
      );
    mark('sending');
    sendMessage(item.topicId, {
      body: item.body,
      idempotencyKey: item.idempotencyKey,
      ...(item.attachment ? { attachmentFileId: item.attachment.id } : {}),
    }).then(
      (message) => {
        showSent(message);
        setPending((items) => items.filter((one) => one.idempotencyKey !== item.idempotencyKey));
      },
      (error: unknown) => {
        const text = errorMessage(error, 'the message', 'sent');
        mark('failed', text);
        publishErrorToast(text);
      },
    );
  }, []);

  const send = useCallback(
    (topicId: number, body: string, attachment: ChatFile | null = null) => {
      const item: PendingMessage = {
        idempotencyKey: newIdempotencyKey(),
        topicId,
        body,
        attachment,
        status: 'sending',
      };
      setPending((items) => [...items, item]);
      post(item);
    },
    [post],
  );

  const retry = useCallback(
    (idempotencyKey: string) => {
      const item = pending.find((one) => one.idempotencyKey === idempotencyKey);
      if (item && item.status === 'failed') post(item);
    },
    [pending, post],
  );

  return { pending, send, retry };
}
