import { getBus, type SessionExpiredEvent } from '@carelane/shared-session';
import { Alert, Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { endSession } from '../session/end-session';
import { hasUnsavedInput } from '../session/unsaved-input';

/**
 * A session that ends under the user (idle timeout, 401 mid-work, revoked) goes back to login with the
 * reason and the page remembered. When something typed on the page was not saved, it warns first, and
 * the user may stay to copy it before signing in again.
 */
export function SessionExpiryWatch() {
  const [pending, setPending] = useState<SessionExpiredEvent | null>(null);
  const [stayed, setStayed] = useState(false);

  useEffect(() => {
    const subscription = getBus().sessionExpired$.subscribe((event) => {
      if (hasUnsavedInput()) {
        setPending(event);
        setStayed(false);
      } else {
        void endSession(event);
      }
    });
    return () => subscription.unsubscribe();
  }, []);

  if (!pending) return null;
  const signInAgain = () => {
    const event = pending;
    setPending(null);
    void endSession(event);
  };
  if (stayed) {
    return (
      <Alert
        banner
        type="warning"
        role="alert"
        title={`${pending.message} What you typed on this page has not been saved: copy it, then sign in again.`}
        action={
          <Button size="small" type="primary" onClick={signInAgain}>
            Sign in again
          </Button>
        }
        style={{ position: 'sticky', top: 0, zIndex: 1000 }}
      />
    );
  }
  return (
    <Modal
      open
      title="Your session has ended"
      closable={false}
      maskClosable={false}
      keyboard={false}
      onOk={signInAgain}
      okText="Sign in again"
      cancelText="Stay to copy my changes"
      onCancel={() => setStayed(true)}
    >
      <p>{pending.message}</p>
      <p>
        What you typed on this page has not been saved. Signing in again leaves this page: stay if you want to
        copy your changes first.
      </p>
    </Modal>
  );
}
