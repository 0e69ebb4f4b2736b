// The draft reviewed in the patient and service request forms (decision 069): shared-ui's patient fields with
// the API's rules, each field's confidence under it, "Use this patient" from the duplicate check, and one Create.
import {
  assistantCreatedSchema,
  formatDate,
  type AssistantCreated,
  type Extraction,
  type PossibleDuplicate,
} from '@carelane/shared-domain';
import { apiClient, isApiCallError, publishToast } from '@carelane/shared-session';
import {
  AreaLink,
  FormFailure,
  lookupQueries,
  noSubmitOnEnter,
  OrganizationPicker,
  PatientFields,
  refresh,
  TimeInput,
  timeInputRules,
  TypedDateInput,
  useBusy,
  type PatientHintField,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, Tag, Typography, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import {
  confidenceOf,
  createBody,
  PATIENT_HINT_FIELDS,
  patientValues,
  requestValues,
  type PatientValues,
  type RequestValues,
} from './draft-form';
import { PossibleDuplicates } from './PossibleDuplicates';

export const percent = (confidence: number) => `${Math.round(confidence * 100)} %`;

/** How sure the engine is of a value, under its field; "Not in the email" when it read none. */
export function ConfidenceHint({ confidence }: { confidence: number | null }) {
  if (confidence === null) return <Typography.Text type="secondary">Not in the email</Typography.Text>;
  return (
    <Tag
      color={confidence >= 0.8 ? 'green' : 'gold'}
    >{`Read from the email: ${percent(confidence)} sure`}</Tag>
  );
}

/** An answer's field errors on the form they belong to ('patient.lastName', 'visits.0.dates'); the rest unplaced. */
function placeErrors(error: unknown, patientForm: FormInstance, requestForm: FormInstance): void {
  if (!isApiCallError(error)) return;
  for (const { field, message } of error.fieldErrors) {
    const [part, ...rest] = field.split('.');
    const path = rest.map((piece) => (/^\d+$/.test(piece) ? Number(piece) : piece));
    if (part === 'patient' && path.length) patientForm.setFields([{ name: path, errors: [message] }]);
    else if (part === 'serviceRequest' && path.length)
      requestForm.setFields([{ name: path, errors: [message] }]);
    else if (part === 'visits' && path.length === 2)
      requestForm.setFields([{ name: ['visits', ...path], errors: [message] }]);
    else if (part === 'referralSourceId') requestForm.setFields([{ name: part, errors: [message] }]);
  }
}

function createFailure(error: unknown): string {
  if (!isApiCallError(error)) return 'Sorry, the service request could not be created. Try again.';
  const first = error.fieldErrors[0];
  return first
    ? `Sorry, the service request could not be created: ${first.field} ${first.message}.`
    : error.text;
}

function VisitGroups({ extraction, form }: { extraction: Extraction; form: FormInstance<RequestValues> }) {
  const providerTypes = useQuery(lookupQueries.providerTypes()).data?.rows ?? [];
  const visitTypes = useQuery(lookupQueries.visitTypes()).data?.rows ?? [];
  const groups = Form.useWatch('visits', form) ?? [];
  const dateOptions = (extraction.draft.visitDates ?? []).map((date) => ({
    value: date,
    label: formatDate(date),
  }));
  return (
    <Form.List name="visits">
      {(fields) =>
        fields.map((field) => {
          const providerTypeId = groups[field.name]?.providerTypeId;
          const allowed = visitTypes.filter(
            (type) =>
              !providerTypeId ||
              !type.providerTypeIds.length ||
              type.providerTypeIds.includes(providerTypeId),
          );
          const n = field.name + 1;
          return (
            <Card
              key={field.key}
              size="small"
              type="inner"
              title={`Visits ${n}`}
              style={{ marginBottom: 12 }}
            >
              <Flex gap={16} wrap>
                <Form.Item
                  label="Provider type"
                  name={[field.name, 'providerTypeId']}
                  extra={<ConfidenceHint confidence={confidenceOf(extraction, 'providerTypes')} />}
                  rules={[{ required: true, message: 'Pick the provider type.' }]}
                  style={{ minWidth: 160 }}
                >
                  <Select
                    aria-label={`Provider type of visits ${n}`}
                    options={providerTypes.map((type) => ({ value: type.id, label: type.type }))}
                  />
                </Form.Item>
                <Form.Item
                  label="Visit type"
                  name={[field.name, 'visitTypeId']}
                  rules={[{ required: true, message: 'Pick the visit type.' }]}
                  style={{ flex: 1, minWidth: 200 }}
                >
                  <Select
                    aria-label={`Visit type of visits ${n}`}
                    showSearch={{ optionFilterProp: 'label' }}
                    options={allowed.map((type) => ({ value: type.id, label: type.type }))}
                  />
                </Form.Item>
                <Form.Item
                  label="Start time"
                  name={[field.name, 'startTime']}
                  rules={timeInputRules('Start time', { required: true })}
                  style={{ width: 150 }}
                >
                  <TimeInput aria-label={`Start time of visits ${n}`} />
                </Form.Item>
              </Flex>
              <Form.Item
                label="Dates"
                name={[field.name, 'dates']}
                extra={<ConfidenceHint confidence={confidenceOf(extraction, 'visitDates')} />}
                rules={[{ required: true, type: 'array', min: 1, message: 'Keep at least one date.' }]}
              >
                <Select mode="multiple" aria-label={`Dates of visits ${n}`} options={dateOptions} />
              </Form.Item>
            </Card>
          );
        })
      }
    </Form.List>
  );
}

export type ReviewFormProps = {
  text: string;
  /** The queued email it was read from, if it was. */
  emailId?: number;
  extraction: Extraction;
  onCreated: (created: AssistantCreated) => void;
};

export function ReviewForm({ text, emailId, extraction, onCreated }: ReviewFormProps) {
  const [patientForm] = Form.useForm<PatientValues>();
  const [requestForm] = Form.useForm<RequestValues>();
  const providerTypes = useQuery(lookupQueries.providerTypes());
  const visitTypes = useQuery(lookupQueries.visitTypes());
  const [existing, setExisting] = useState<PossibleDuplicate | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { busy, run } = useBusy();
  const organization = Form.useWatch('referralSourceId', requestForm);
  const hints = Object.fromEntries(
    PATIENT_HINT_FIELDS.map((field) => [
      field,
      <ConfidenceHint key={field} confidence={confidenceOf(extraction, `patient.${field}`)} />,
    ]),
  ) as Record<PatientHintField, ReactNode>;

  const create = () =>
    run(async () => {
      setFailure(null);
      try {
        const request = await requestForm.validateFields();
        const patient = existing ? { id: existing.id } : await patientForm.validateFields();
        const created = await apiClient.post(
          '/api/admin/assistant/create',
          createBody({ text, emailId }, patient, { ...request, visits: request.visits ?? [] }),
          assistantCreatedSchema,
        );
        publishToast(
          created.created ? 'Service request created.' : 'This email made its service request already.',
        );
        refresh('patient');
        refresh('episode');
        onCreated(created);
      } catch (error) {
        if (!isApiCallError(error)) return setFailure('Fix the fields marked above, then create.');
        placeErrors(error, patientForm, requestForm);
        setFailure(createFailure(error));
      }
    });

  if (providerTypes.isPending || visitTypes.isPending)
    return <Typography.Text>Loading the forms…</Typography.Text>;
  return (
    <Flex vertical gap={12}>
      {extraction.draft.patient ? (
        <PossibleDuplicates patient={extraction.draft.patient} chosen={existing?.id} onUse={setExisting} />
      ) : null}
      <Card size="small" title={<h3 style={{ fontSize: 15, margin: 0 }}>Patient</h3>}>
        {existing ? (
          <Flex gap={8} align="center" wrap>
            <span>
              {'Using '}
              <AreaLink
                to={`/patient?id=${existing.id}`}
              >{`${existing.firstName} ${existing.lastName}`}</AreaLink>
              {`, ${existing.organizationName}`}
            </span>
            <Button onClick={() => setExisting(null)}>Make a new patient instead</Button>
          </Flex>
        ) : (
          <Form<PatientValues>
            form={patientForm}
            layout="vertical"
            aria-label="Patient"
            initialValues={patientValues(extraction)}
            onKeyDown={noSubmitOnEnter}
          >
            <PatientFields form={patientForm} referralSourceId={organization} hints={hints} />
          </Form>
        )}
      </Card>
      <Card size="small" title={<h3 style={{ fontSize: 15, margin: 0 }}>Service request</h3>}>
        <Form<RequestValues>
          form={requestForm}
          layout="vertical"
          aria-label="Service request"
          initialValues={requestValues(
            extraction,
            providerTypes.data?.rows ?? [],
            visitTypes.data?.rows ?? [],
          )}
          onKeyDown={noSubmitOnEnter}
        >
          {existing ? null : (
            <Form.Item
              label="Organization"
              name="referralSourceId"
              rules={[{ required: true, message: 'Pick the organization.' }]}
            >
              <OrganizationPicker aria-label="Organization" organizationStatus="ACTIVE" />
            </Form.Item>
          )}
          <Form.Item
            label="Title"
            name="title"
            rules={[{ required: true, whitespace: true, message: 'Enter the title.' }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            label="Start date"
            name="startDate"
            rules={[{ required: true, message: 'Enter the start date.' }]}
          >
            <TypedDateInput aria-label="Start date" style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label="Description" name="description">
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={4000} />
          </Form.Item>
          <VisitGroups extraction={extraction} form={requestForm} />
        </Form>
      </Card>
      <FormFailure text={failure} />
      <div>
        <Button type="primary" onClick={() => void create()} loading={busy}>
          Create
        </Button>
      </div>
    </Flex>
  );
}
