import { useEffect, useState } from 'react';

/**
 * For a dialog or drawer that is mounted while open and unmounted to close (its open state lives in the URL):
 * the element that held the focus when it first rendered gets the focus back when it goes, if that element is
 * still on the page. antd returns the focus only after its own close animation, which an unmounted drawer never
 * plays (WCAG 2.4.3 focus order).
 */
export function useFocusReturn(): void {
  // Read during the first render: the drawer's own effects move the focus into it before this one runs.
  const [opener] = useState(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null,
  );
  useEffect(
    () => () => {
      if (!opener || opener === document.body) return;
      // After the drawer's own unmount work, which may move the focus to the body.
      setTimeout(() => {
        if (opener.isConnected) opener.focus();
      });
    },
    [opener],
  );
}
