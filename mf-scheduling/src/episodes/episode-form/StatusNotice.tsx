import type { Episode } from '@carelane/shared-domain';
import { Alert } from 'antd';
import { statusNotice } from '../episode-form-model';

/** Why an archived, completed or deleted request can no longer be changed. */
export function StatusNotice({ episode, editable }: { episode: Episode | null; editable: boolean }) {
  const message = statusNotice(episode, editable);
  return message === null ? null : (
    <Alert type="info" showIcon style={{ marginBottom: 16 }} message={message} />
  );
}
