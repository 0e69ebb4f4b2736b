// The file the composer attaches to the next message: uploaded to the topic as soon as it is chosen (a file
// needs a connection), then sent by its id with the message. A refusal (the server's `file` error) is kept to
// show under the composer; removing the file, or a later choice, forgets an upload still on its way.
import { buildErrorText, FILE_MESSAGES, fileTypeOf, type ChatFile } from '@carelane/shared-domain';
import { errorMessage, isApiCallError } from '@carelane/shared-session';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { chatCalls } from './chat-queries';

export const ATTACH_OFFLINE_TITLE = 'Attaching a file needs a connection: you are offline.';
const THING = 'the file';
const ACTION = 'attached';

export type Attachment =
  { status: 'uploading'; fileName: string; sizeBytes: number } | { status: 'ready'; file: ChatFile };

function subscribeOnline(onChange: () => void): () => void {
  globalThis.addEventListener('online', onChange);
  globalThis.addEventListener('offline', onChange);
  return () => {
    globalThis.removeEventListener('online', onChange);
    globalThis.removeEventListener('offline', onChange);
  };
}

const onlineNow = () => (globalThis.navigator as Navigator | undefined)?.onLine !== false;

/** Whether the browser says it is online (`navigator.onLine`), following its online / offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, onlineNow, () => true);
}

/** The text of a refused upload: the server's `file` error when it names one, else its error text. */
export function uploadRefusal(error: unknown): string {
  const field = isApiCallError(error) ? error.fieldErrors.find((item) => item.field === 'file') : undefined;
  return field ? buildErrorText(THING, ACTION, field.message) : errorMessage(error, THING, ACTION);
}

/** What the browser already knows is refused (the server checks again, and the content too). */
function localRefusal(file: File): string | null {
  if (!fileTypeOf(file.name)) return FILE_MESSAGES.wrongType;
  if (file.size === 0) return FILE_MESSAGES.empty;
  return null;
}

export function useAttachment(topicId: number) {
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Each choice gets a number: the answer of an upload that was removed or replaced since is dropped.
  const latest = useRef(0);
  useEffect(
    () => () => {
      latest.current += 1;
    },
    [],
  );

  const attach = useCallback(
    (file: File) => {
      const turn = ++latest.current;
      const refusal = localRefusal(file);
      if (refusal) {
        setAttachment(null);
        setError(buildErrorText(THING, ACTION, refusal));
        return;
      }
      setError(null);
      setAttachment({ status: 'uploading', fileName: file.name, sizeBytes: file.size });
      chatCalls.uploadFile(topicId, file).then(
        (stored) => {
          if (turn === latest.current) setAttachment({ status: 'ready', file: stored });
        },
        (failure: unknown) => {
          if (turn !== latest.current) return;
          setAttachment(null);
          setError(uploadRefusal(failure));
        },
      );
    },
    [topicId],
  );

  /** Forgets the file (the one sent, or the one the user removed). */
  const clear = useCallback(() => {
    latest.current += 1;
    setAttachment(null);
    setError(null);
  }, []);

  return { attachment, error, attach, clear };
}
