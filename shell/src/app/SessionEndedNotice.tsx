import type { SessionExpiredEvent } from '@carelane/shared-session';
import { Alert, Button, Modal } from 'antd';

/**
 * The warning of SessionExpiryWatch when the session ended with unsaved input on the page: a dialog, then,
 * for a user who stays to copy their changes, a banner. Loaded only then (antd's Modal is not on every page).
 */
export default function SessionEndedNotice({
  event,
  stayed,
  onStay,
  onSignInAgain,
}: {
  event: SessionExpiredEvent;
  stayed: boolean;
  onStay: () => void;
  onSignInAgain: () => void;
}) {
  if (stayed) {
    return (
      <Alert
        banner
        type="warning"
        role="alert"
        title={`${event.message} What you typed on this page has not been saved: copy it, then sign in again.`}
        action={
          <Button size="small" type="primary" onClick={onSignInAgain}>
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
      onOk={onSignInAgain}
      okText="Sign in again"
      cancelText="Stay to copy my changes"
      onCancel={onStay}
    >
      <p>{event.message}</p>
      <p>
        What you typed on this page has not been saved. Signing in again leaves this page: stay if you want to
        copy your changes first.
      </p>
    </Modal>
  );
}
