// The records behind a stage of a funnel whose subject is not visits (issue 26, decision 053): service requests,
// patients, organizations, clinicians or outbox messages, each as the API's funnel record row — its name, its
// organization, status, the instant it is bucketed by and one detail — with headings naming what they hold for the
// subject. The CSV goes through shared-domain's toCsv (formula-safe).
import { formatDateTime, toCsv, type FunnelRecordRow, type FunnelSubject } from '@carelane/shared-domain';
import { NONE, type DataTableColumns } from '@carelane/shared-ui';

type RecordSubject = Exclude<FunnelSubject, 'visits'>;

/** What a row's fields hold, per subject (null: the subject has none, the column is left out). */
export const SUBJECT_TEXT: Record<
  RecordSubject,
  { one: string; many: string; name: string; at: string | null; detail: string | null; organization: boolean }
> = {
  episodes: {
    one: 'service request',
    many: 'service requests',
    name: 'Service request',
    at: 'Created',
    detail: 'Patient',
    organization: true,
  },
  patients: {
    one: 'patient',
    many: 'patients',
    name: 'Patient',
    at: 'Created',
    detail: null,
    organization: true,
  },
  organizations: {
    one: 'organization',
    many: 'organizations',
    name: 'Organization',
    at: null,
    detail: 'Onboarding step',
    organization: false,
  },
  clinicians: {
    one: 'clinician',
    many: 'clinicians',
    name: 'Clinician',
    at: 'Signed up',
    detail: 'State',
    organization: false,
  },
  messages: {
    one: 'message',
    many: 'messages',
    name: 'Message',
    at: 'Queued',
    detail: 'Subject',
    organization: false,
  },
};

export const isRecordSubject = (subject: string): subject is RecordSubject => subject in SUBJECT_TEXT;

export function recordColumns(subject: RecordSubject): DataTableColumns<FunnelRecordRow> {
  const text = SUBJECT_TEXT[subject];
  return [
    { title: text.name, key: 'name', primary: true, dataIndex: 'name' },
    ...(text.organization
      ? [
          {
            title: 'Organization',
            key: 'organization',
            render: (_v: unknown, row: FunnelRecordRow) => row.organizationName ?? NONE,
          },
        ]
      : []),
    { title: 'Status', key: 'status', render: (_v, row) => row.status ?? NONE },
    ...(text.at
      ? [
          {
            title: text.at,
            key: 'at',
            render: (_v: unknown, row: FunnelRecordRow) => formatDateTime(row.at) || NONE,
          },
        ]
      : []),
    ...(text.detail
      ? [
          {
            title: text.detail,
            key: 'detail',
            render: (_v: unknown, row: FunnelRecordRow) => row.detail ?? NONE,
          },
        ]
      : []),
  ];
}

/** Every record as CSV text, the table's columns. */
export function recordsCsv(subject: RecordSubject, rows: readonly FunnelRecordRow[]): string {
  const text = SUBJECT_TEXT[subject];
  return toCsv([
    [
      text.name,
      ...(text.organization ? ['Organization'] : []),
      'Status',
      ...(text.at ? [text.at] : []),
      ...(text.detail ? [text.detail] : []),
    ],
    ...rows.map((r) => [
      r.name,
      ...(text.organization ? [r.organizationName ?? ''] : []),
      r.status ?? '',
      ...(text.at ? [formatDateTime(r.at)] : []),
      ...(text.detail ? [r.detail ?? ''] : []),
    ]),
  ]);
}
