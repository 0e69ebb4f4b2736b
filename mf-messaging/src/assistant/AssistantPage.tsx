// `/assistant` (issue 28, decision 069): a coordinator pastes an organization's request email and sees what the
// embedded engine read from it — the email with each value's evidence highlighted, beside the draft in the patient
// and service request forms with each field's confidence — creates it in one step, and answers the organization.
import {
  ASSISTANT_MESSAGES,
  extractionSchema,
  formatDate,
  type AssistantCreated,
  type Extraction,
  type QueuedEmail,
  type ExtractedField,
} from '@carelane/shared-domain';
import { apiClient, isApiCallError, useUrlState } from '@carelane/shared-session';
import { PageFrame, VISUALLY_HIDDEN } from '@carelane/shared-ui';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Collapse, Descriptions, Flex, Input, Tag, Typography } from 'antd';
import { useState, type FormEvent, type ReactNode } from 'react';
import { z } from 'zod';
import { EmailQueue } from './EmailQueue';
import { ReplyCard } from './ReplyCard';
import { percent, ReviewForm } from './ReviewForm';

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

function failure(error: unknown): string {
  if (isApiCallError(error)) return error.fieldErrors[0]?.message ?? error.text;
  return 'The email could not be read. Try again.';
}

/** What was read and the forms to review it in; once created, the reply to the organization. */
function Review({
  text,
  emailId,
  extraction,
  onCreated,
}: {
  text: string;
  emailId?: number;
  extraction: Extraction;
  onCreated: (serviceRequestId: number) => void;
}) {
  const [created, setCreated] = useState<AssistantCreated | null>(null);
  return (
    <Flex gap={16} wrap align="start" style={{ marginTop: 16 }}>
      <Card
        size="small"
        title={<h2 style={{ fontSize: 16, margin: 0 }}>The email</h2>}
        style={{ flex: '1 1 320px', minWidth: 0 }}
      >
        <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {highlighted(text, extraction.fields)}
        </div>
      </Card>
      <Card
        size="small"
        title={<h2 style={{ fontSize: 16, margin: 0 }}>Draft</h2>}
        style={{ flex: '1.4 1 420px', minWidth: 0 }}
      >
        <Flex vertical gap={8}>
          {extraction.notices.map((notice) => (
            <Alert key={notice.code} type="warning" showIcon title={notice.message} />
          ))}
          <Typography.Text type="secondary">
            {extraction.engine === 'model' ? 'Read by the model provider. ' : 'Read by the embedded engine. '}
            {`Dates read as of ${formatDate(extraction.referenceDate)}.`}
          </Typography.Text>
          <Collapse
            size="small"
            items={[
              {
                key: 'read',
                label: `Everything read from the email (${extraction.fields.length})`,
                children: <Draft extraction={extraction} />,
              },
            ]}
          />
          {created ? (
            <ReplyCard serviceRequestId={created.serviceRequestId} created={created} />
          ) : (
            <ReviewForm
              text={text}
              emailId={emailId}
              extraction={extraction}
              onCreated={(made) => {
                setCreated(made);
                onCreated(made.serviceRequestId);
              }}
            />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}

/** `?request=` names the service request whose reply is open (kept after Create, so a reload keeps it). */
const URL_STATE = z.object({ request: z.coerce.number().int().positive().optional() });

export default function AssistantPage() {
  const [{ request }, setUrlState] = useUrlState(URL_STATE);
  const [text, setText] = useState('');
  const [receivedAt, setReceivedAt] = useState('');
  /** The queued email in the box; editing its text makes it a pasted one. */
  const [queued, setQueued] = useState<{ id: number; text: string } | null>(null);
  const [missing, setMissing] = useState(false);
  const read = useMutation({
    mutationFn: (input: { text: string; receivedAt?: string; emailId?: number }) =>
      apiClient.post(
        '/api/admin/assistant/extract',
        { text: input.text, ...(input.receivedAt ? { receivedAt: input.receivedAt } : {}) },
        extractionSchema,
      ),
  });
  const readEmail = (input: { text: string; receivedAt?: string; emailId?: number }) => {
    setUrlState({ request: undefined }, { replace: true });
    read.mutate(input);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setMissing(true);
    const emailId = queued?.text === text ? queued.id : undefined;
    readEmail({ text, ...(receivedAt ? { receivedAt } : {}), ...(emailId ? { emailId } : {}) });
  };
  const open = (email: QueuedEmail) => {
    setText(email.text);
    setReceivedAt(email.receivedAt);
    setQueued({ id: email.id, text: email.text });
    setMissing(false);
    readEmail({ text: email.text, receivedAt: email.receivedAt, emailId: email.id });
  };
  return (
    <PageFrame title="Email and request assistant" subtitle="Read a request email into a service request">
      <EmailQueue onOpen={open} />
      <form onSubmit={submit} noValidate aria-label="Read an email">
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
          {queued && queued.text === text ? (
            <Typography.Text type="secondary">
              An email of the queue: Create takes it out of the queue. Editing its text makes it a pasted
              email.
            </Typography.Text>
          ) : null}
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
      {read.data && read.variables ? (
        <Review
          key={read.submittedAt}
          text={read.variables.text}
          emailId={read.variables.emailId}
          extraction={read.data}
          onCreated={(id) => setUrlState({ request: id }, { replace: true })}
        />
      ) : request ? (
        <div style={{ marginTop: 16, maxWidth: 760 }}>
          <ReplyCard serviceRequestId={request} />
        </div>
      ) : null}
    </PageFrame>
  );
}
