// The messages this tab is sending: each send gets a fresh idempotency key, kept with the pending message, so a
// retry of a failed send posts the same key and the server answers the message already written, never a second.
import { errorMessage, publishErrorToast } from '@carelane/shared-session';
import { useCallback, useState } from 'react';
import { newIdempotencyKey, sendMessage, showSent } from './chat-queries';

export type PendingMessage = {
  idempotencyKey: string;
  topicId: number;
  body: string;
  status: 'sending' | 'failed';
  /** Why the last try failed (the catalogue's text). */
  failure?: string;
};

export type Outbox = {
  pending: readonly PendingMessage[];
  send: (topicId: number, body: string) => void;
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
    sendMessage(item.topicId, item.body, item.idempotencyKey).then(
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
    (topicId: number, body: string) => {
      const item: PendingMessage = { idempotencyKey: newIdempotencyKey(), topicId, body, status: 'sending' };
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
