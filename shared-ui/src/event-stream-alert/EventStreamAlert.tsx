// For pages that rely on live updates (chat, counts, notifications): a warning while the event stream
// (`/api/events`, shared-session's `eventStream$`) is down, and a call when it is open again, so the page can catch
// up from the server on what it missed.
import { useEventStreamState } from '@carelane/shared-session';
import { Alert } from 'antd';
import { useEffect, useRef } from 'react';

export type EventStreamAlertProps = {
  /** The page's words for "live updates may be late". */
  message: string;
  /** Called when the stream is open again after being down (refetch what may have been missed). */
  onReconnect?: () => void;
};

/** Shows `message` as a warning while the event stream is down; calls `onReconnect` when it is back. */
export function EventStreamAlert({ message, onReconnect }: EventStreamAlertProps) {
  const state = useEventStreamState();
  const previous = useRef(state);
  const reconnect = useRef(onReconnect);
  reconnect.current = onReconnect;
  useEffect(() => {
    if (previous.current === 'down' && state === 'open') reconnect.current?.();
    previous.current = state;
  }, [state]);
  return state === 'down' ? <Alert type="warning" showIcon role="alert" title={message} /> : null;
}
