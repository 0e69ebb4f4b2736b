import type { TableColumnType } from 'antd';
import { RecordStatusTag } from './RecordStatusTag';

/** A record's status as a form and a list filter name it. */
export type RecordStatusOption = { value: 'ACTIVE' | 'INACTIVE'; label: string };
/** A list's status filter: a record status, or all of them. */
export type RecordStatusFilterOption = { value: 'ACTIVE' | 'INACTIVE' | 'ALL'; label: string };

/** The choices of a record's Status field (physician, group, organization, user). */
export const RECORD_STATUS_OPTIONS: RecordStatusOption[] = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
];

/** The choices of a list's Status filter: Active, Inactive, All. */
export const RECORD_STATUS_FILTER_OPTIONS: RecordStatusFilterOption[] = [
  ...RECORD_STATUS_OPTIONS,
  { value: 'ALL', label: 'All' },
];

/** The Status column of a list: the row's `status` as a RecordStatusTag. */
export function recordStatusColumn<Row extends { status: string }>(): TableColumnType<Row> {
  return {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (status: string) => <RecordStatusTag status={status} />,
  };
}
