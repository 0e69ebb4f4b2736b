import { getBus, type SessionExpiredEvent } from '@carelane/shared-session';
import { Suspense, lazy, useEffect, useState } from 'react';
import { endSession } from '../session/end-session';
import { hasUnsavedInput } from '../session/unsaved-input';

const SessionEndedNotice = lazy(() => import('./SessionEndedNotice'));

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
  return (
    <Suspense fallback={null}>
      <SessionEndedNotice
        event={pending}
        stayed={stayed}
        onStay={() => setStayed(true)}
        onSignInAgain={signInAgain}
      />
    </Suspense>
  );
}
