import { getBus } from '@carelane/shared-session';
import { App } from 'antd';
import { useEffect } from 'react';

/** The one place toasts are shown: every success and error text any area publishes on the bus. */
export function ToastOutlet() {
  const { message } = App.useApp();
  useEffect(() => {
    const bus = getBus();
    const toasts = bus.toast$.subscribe((text) => void message.success(text));
    const errors = bus.errorToast$.subscribe((text) => void message.error(text, 6));
    return () => {
      toasts.unsubscribe();
      errors.unsubscribe();
    };
  }, [message]);
  return null;
}
