// The messages this tab is sending: each send gets a fresh idempotency key, kept with the pending message, so a
// retry of a failed send posts the same key and the server answers the message already written, never a second.
import { useCallback, useState } from 'react';
import { newIdempotencyKey, sendMessage, showSent } from './chat-queries';

export type PendingMessage = {
  idempotencyKey: string;
  topicId: number;
  body: string;
  status: 'sending' | 'failed';
};

export type Outbox = {
  pending: readonly PendingMessage[];
  send: (topicId: number, body: string) => void;
  retry: (idempotencyKey: string) => void;
};

export function useOutbox(): Outbox {
  const [pending, setPending] = useState<readonly PendingMessage[]>([]);

  const post = useCallback((item: PendingMessage) => {
    const mark = (status: PendingMessage['status']) =>
      setPending((items) =>
        items.map((one) => (one.idempotencyKey === item.idempotencyKey ? { ...one, status } : one)),
      );
    mark('sending');
    sendMessage(item.topicId, item.body, item.idempotencyKey).then(
      (message) => {
        showSent(message);
        setPending((items) => items.filter((one) => one.idempotencyKey !== item.idempotencyKey));
      },
      () => mark('failed'),
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
