// Pieces the patient and service request pages share: today as an ISO date, and the stale-edit notice
// (409 STALE_VERSION) with its reload. The patient's field rules live in shared-ui (patient-fields).
import { isApiCallError } from '@carelane/shared-session';
import { Alert, Button } from 'antd';
import dayjs from 'dayjs';

export const todayIso = () => dayjs().format('YYYY-MM-DD');

/** True when the server refused a write because someone else changed the row first. */
export function isStale(error: unknown): boolean {
  return isApiCallError(error) && error.status === 409 && error.code === 'STALE_VERSION';
}

/** The server's stale-edit text and a button that reloads the row (the form then shows their changes). */
export function StaleNotice({ text, onReload }: { text: string | null; onReload: () => void }) {
  if (!text) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={text}
      action={
        <Button size="small" onClick={onReload}>
          Reload
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
