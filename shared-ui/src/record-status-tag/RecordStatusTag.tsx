import { Tag } from 'antd';

/** The ACTIVE / INACTIVE / ARCHIVED status of a record (user, patient, physician, group, organization). */
export function RecordStatusTag({ status, suffix }: { status: string; suffix?: string }) {
  const color = status === 'ACTIVE' ? 'green' : 'default';
  return (
    <Tag color={color} data-color={color} className="carelane-record-status">
      {suffix ? `${status}${suffix}` : status}
    </Tag>
  );
}
