import type { CredentialStatus } from '@carelane/shared-domain';
import { Tag } from 'antd';

const COLORS: Record<CredentialStatus, string> = {
  Submitted: 'blue',
  InReview: 'gold',
  Approved: 'green',
  Rejected: 'red',
  Expired: 'default',
};
const LABELS: Record<CredentialStatus, string> = {
  Submitted: 'Submitted',
  InReview: 'In review',
  Approved: 'Approved',
  Rejected: 'Rejected',
  Expired: 'Expired',
};

export function CredentialStatusTag({ status }: { status: CredentialStatus }) {
  return <Tag color={COLORS[status]}>{LABELS[status]}</Tag>;
}
