import { message } from 'antd';
import { useEffect } from 'react';
import type { Toast } from './toasts';

/** Shows the waiting toasts with antd's message (themed: rendered inside the shell's ConfigProvider). */
export default function ToastHolder({
  toasts,
  onShown,
}: {
  toasts: readonly Toast[];
  onShown: (count: number) => void;
}) {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    if (toasts.length === 0) return;
    for (const toast of toasts) {
      if (toast.kind === 'error') void api.error(toast.text, 6);
      else if (toast.kind === 'info') void api.info(toast.text);
      else void api.success(toast.text);
    }
    onShown(toasts.length);
  }, [api, toasts, onShown]);
  return holder;
}
