// `/assistant` (issue 28, decision 069), first part: a coordinator pastes an organization's request email and
// sees what the embedded engine read from it — the email with each value's evidence highlighted, and the draft
// with each field's confidence. Reviewing into the scheduling forms, Create and the reply come next.
import {
  ASSISTANT_MESSAGES,
  duplicateCheckSchema,
  extractionSchema,
  formatDate,
  type Extraction,
  type ExtractedField,
} from '@carelane/shared-domain';
import { apiClient, isApiCallError } from '@carelane/shared-session';
import { AreaLink, PageFrame, VISUALLY_HIDDEN } from '@carelane/shared-ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Input, Tag, Typography } from 'antd';
import { useState, type FormEvent, type ReactNode } from 'react';

const LABELS: Record<string, string> = {
  'patient.firstName': 'First name',
  'patient.lastName': 'Last name',
  'patient.birthday': 'Birthday',
  'patient.gender': 'Gender',
  'patient.phoneNumber1': 'Phone',
  'patient.addressLine1': 'Address',
  'patient.city': 'City',
  'patient.state': 'State',
  'patient.zipcode': 'ZIP code',
  providerTypes: 'Provider type',
  visitDates: 'Visit date',
  frequency: 'Frequency',
  physicianName: 'Physician',
  diagnosisCodes: 'Diagnosis',
};
/** 'visitDates.3' → 'Visit date'. */
export const fieldLabel = (path: string) => LABELS[path] ?? LABELS[path.replace(/\.\d+$/, '')] ?? path;
const percent = (confidence: number) => `${Math.round(confidence * 100)} %`;

/** The email with the evidence of each value marked; overlapping evidence is marked once, named for all. */
export function highlighted(text: string, fields: readonly ExtractedField[]): ReactNode[] {
  const spans = new Map<string, { start: number; end: number; labels: Set<string> }>();
  for (const field of fields) {
    const key = `${field.start}:${field.end}`;
    const span = spans.get(key) ?? { start: field.start, end: field.end, labels: new Set<string>() };
    span.labels.add(fieldLabel(field.path));
    spans.set(key, span);
  }
  const parts: ReactNode[] = [];
  let at = 0;
  for (const span of [...spans.values()].sort((a, b) => a.start - b.start || b.end - a.end)) {
    if (span.start < at) continue;
    parts.push(text.slice(at, span.start));
    parts.push(
      <mark key={span.start} title={[...span.labels].join(', ')}>
        {text.slice(span.start, span.end)}
        <span style={VISUALLY_HIDDEN}>{` (${[...span.labels].join(', ')})`}</span>
      </mark>,
    );
    at = span.end;
  }
  parts.push(text.slice(at));
  return parts;
}

function shown(field: ExtractedField): string {
  if (field.path === 'patient.birthday' || field.path.startsWith('visitDates'))
    return formatDate(field.value);
  return field.value;
}

function Draft({ extraction }: { extraction: Extraction }) {
  const items = extraction.fields.map((field) => ({
    key: field.path,
    label: fieldLabel(field.path),
    children: (
      <Flex gap={6} align="center" wrap>
        <span>{shown(field)}</span>
        <Tag color={field.confidence >= 0.8 ? 'green' : 'gold'}>{`${percent(field.confidence)} sure`}</Tag>
      </Flex>
    ),
  }));
  return items.length ? (
    <Descriptions size="small" column={1} items={items} />
  ) : (
    <Typography.Text type="secondary">Nothing was read from this email.</Typography.Text>
  );
}

/** Existing patients the draft's patient may be, each linked to their record. */
function PossibleDuplicates({ patient }: { patient: NonNullable<Extraction['draft']['patient']> }) {
  const { firstName, lastName, birthday, phoneNumber1 } = patient;
  const check = useQuery({
    queryKey: ['assistantDuplicates', firstName, lastName, birthday, phoneNumber1],
    queryFn: () =>
      apiClient.post(
        '/api/admin/assistant/duplicates',
        { firstName, lastName, ...(birthday ? { birthday } : {}), ...(phoneNumber1 ? { phoneNumber1 } : {}) },
        duplicateCheckSchema,
      ),
    enabled: !!firstName && !!lastName,
  });
  if (!firstName || !lastName || !check.data) return null;
  if (!check.data.rows.length)
    return <Typography.Text type="secondary">No existing patient looks like this one.</Typography.Text>;
  return (
    <Alert
      type="warning"
      showIcon
      title="This patient may already exist"
      description={
        <ul aria-label="Possible duplicates" style={{ margin: 0, paddingLeft: 18 }}>
          {check.data.rows.map((row) => (
            <li key={row.id}>
              <AreaLink to={`/patient?id=${row.id}`}>{`${row.firstName} ${row.lastName}`}</AreaLink>
              {`, ${row.organizationName}${row.birthday ? `, born ${formatDate(row.birthday)}` : ''} — same ${row.matches.join(', ')}`}
            </li>
          ))}
        </ul>
      }
    />
  );
}

function failure(error: unknown): string {
  if (isApiCallError(error)) return error.fieldErrors[0]?.message ?? error.text;
  return 'The email could not be read. Try again.';
}

export default function AssistantPage() {
  const [text, setText] = useState('');
  const [receivedAt, setReceivedAt] = useState('');
  const [missing, setMissing] = useState(false);
  const read = useMutation({
    mutationFn: (input: { text: string; receivedAt?: string }) =>
      apiClient.post('/api/admin/assistant/extract', input, extractionSchema),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setMissing(true);
    read.mutate({ text, ...(receivedAt ? { receivedAt } : {}) });
  };
  const extraction = read.data;
  return (
    <PageFrame title="Email and request assistant" subtitle="Read a request email into a draft">
      <form onSubmit={submit} noValidate>
        <Flex vertical gap={8} style={{ maxWidth: 720 }}>
          <label>
            Email text
            <Input.TextArea
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setMissing(false);
              }}
              autoSize={{ minRows: 6, maxRows: 16 }}
              aria-invalid={missing}
            />
          </label>
          {missing ? (
            <Typography.Text type="danger" role="alert">
              {ASSISTANT_MESSAGES.textMissing}
            </Typography.Text>
          ) : null}
          <label style={{ maxWidth: 240 }}>
            Email date (relative dates are read from it)
            <Input type="date" value={receivedAt} onChange={(e) => setReceivedAt(e.target.value)} />
          </label>
          {read.isError ? <Alert type="error" showIcon role="alert" title={failure(read.error)} /> : null}
          <div>
            <Button type="primary" htmlType="submit" loading={read.isPending}>
              Read the email
            </Button>
          </div>
        </Flex>
      </form>
      {extraction ? (
        <Flex gap={16} wrap align="start" style={{ marginTop: 16 }}>
          <Card
            size="small"
            title={<h2 style={{ fontSize: 16, margin: 0 }}>The email</h2>}
            style={{ flex: '1 1 320px', minWidth: 0 }}
          >
            <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {highlighted(read.variables?.text ?? '', extraction.fields)}
            </div>
          </Card>
          <Card
            size="small"
            title={<h2 style={{ fontSize: 16, margin: 0 }}>Draft</h2>}
            style={{ flex: '1 1 320px', minWidth: 0 }}
          >
            <Flex vertical gap={8}>
              {extraction.notices.map((notice) => (
                <Alert key={notice.code} type="warning" showIcon title={notice.message} />
              ))}
              <Typography.Text type="secondary">{`Dates read as of ${formatDate(extraction.referenceDate)}.`}</Typography.Text>
              {extraction.draft.patient ? <PossibleDuplicates patient={extraction.draft.patient} /> : null}
              <Draft extraction={extraction} />
            </Flex>
          </Card>
        </Flex>
      ) : null}
    </PageFrame>
  );
}
