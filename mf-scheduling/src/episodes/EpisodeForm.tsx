import {
  EPISODE_TYPES,
  formatDate,
  episodeIsEditable,
  episodeTransition,
  isOrganizationRole,
  type Episode,
  type EpisodeFrequency,
} from '@carelane/shared-domain';
import { canOpen, navigateTo, useSession } from '@carelane/shared-session';
import { DateInput } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Switch,
} from 'antd';
import { useEffect, useState } from 'react';
import { lookupQueries } from '../lookups/lookup-queries';
import {
  ContactSelect,
  FacilitySelect,
  InsuranceSelect,
  OrganizationSelect,
  PatientSelect,
  PhysicianSelect,
  ProviderTypeSelect,
  StaffUserSelect,
  VisitTypeSelect,
} from '../lookups/LookupSelects';
import { dateOf, isoOf, isStale, StaleNotice } from '../patients/form-kit';
import { PatientForm } from '../patients/PatientPage';
import { patientQueries } from '../patients/patient-queries';
import { FormFailure, refresh, showFieldErrors } from '../common/page-kit';
import { ArchiveWithReasonButton } from '../common/reason-lists';
import {
  archiveEpisode,
  completeEpisode,
  deleteEpisode,
  holdEpisode,
  publishEpisode,
  saveEpisode,
  type ActionOutcome,
} from './episode-actions';

type FormValues = {
  referralSourceId?: number;
  episodeType: 'Visit' | 'Shift';
  title: string;
  description: string;
  notes: string;
  startDate: Date | null;
  endDate: Date | null;
  patientId: number | null;
  physicianId: number | null;
  facilityId: number | null;
  insuranceIds: number[];
  externalInsuranceId: string | null;
  payor: string | null;
  authorizedVisits: number | null;
  language: string;
  visitTypeIds: number[];
  providerTypeIds: number[];
  frequencies: EpisodeFrequency[];
  contactIds: number[];
  patientContactIds: number[];
  caseManagerId: number | null;
  careCoordinatorId: number | null;
  customerCareCoordinatorId: number | null;
  vendorManagerId: number | null;
  genderPreference: 'M' | 'F' | null;
  languages: string[];
  skills: string[];
  enableNotesWorkflow: boolean;
  rateIsHourly: boolean;
  rateBonus: number | null;
  rateReferralSourceBonus: number | null;
  rateDuration: number | null;
  rateFixedRate: number | null;
};

const ROLE_CARE_COORDINATOR = 5;
const ROLE_CUSTOMER_CARE_COORDINATOR = 6;
const ROLE_CLINICIAN_MANAGER = 13;

function toForm(episode: Episode | null, patientId: number | undefined): FormValues {
  return {
    referralSourceId: episode?.referralSourceId,
    episodeType: episode?.episodeType === 'Shift' ? 'Shift' : 'Visit',
    title: episode?.title ?? '',
    description: episode?.description ?? '',
    notes: episode?.notes ?? '',
    startDate: dateOf(episode?.startDate) ?? new Date(),
    endDate: dateOf(episode?.endDate),
    patientId: episode ? episode.patientId : (patientId ?? null),
    physicianId: episode?.physicianId ?? null,
    facilityId: episode?.facilityId ?? null,
    insuranceIds: episode?.insuranceIds ?? [],
    externalInsuranceId: episode?.externalInsuranceId ?? null,
    payor: episode?.payor ?? null,
    authorizedVisits: episode?.authorizedVisits ?? null,
    language: episode?.language ?? 'English',
    visitTypeIds: episode?.visitTypeIds ?? [],
    providerTypeIds: episode?.providerTypeIds ?? [],
    frequencies: episode?.frequencies ?? [],
    contactIds: episode?.contactIds ?? [],
    patientContactIds: episode?.patientContactIds ?? [],
    caseManagerId: episode?.caseManagerId ?? null,
    careCoordinatorId: episode?.careCoordinatorId ?? null,
    customerCareCoordinatorId: episode?.customerCareCoordinatorId ?? null,
    vendorManagerId: episode?.vendorManagerId ?? null,
    genderPreference: episode?.preferences.gender ?? null,
    languages: episode?.preferences.languages ?? [],
    skills: episode?.preferences.skills ?? [],
    enableNotesWorkflow: episode?.enableNotesWorkflow ?? false,
    rateIsHourly: episode?.visitRate.isHourly ?? false,
    rateBonus: episode?.visitRate.bonus ?? null,
    rateReferralSourceBonus: episode?.visitRate.referralSourceBonus ?? null,
    rateDuration: episode?.visitRate.duration ?? null,
    rateFixedRate: episode?.visitRate.fixedRate ?? null,
  };
}

/** The API body of the form (server field names; blank text sent as null). */
function toBody(values: FormValues, staff: boolean, isNew: boolean): Record<string, unknown> {
  const blank = (text: string | null | undefined) => (text && text.trim() ? text.trim() : null);
  return {
    ...(isNew && staff && { referralSourceId: values.referralSourceId }),
    episodeType: values.episodeType,
    title: values.title,
    description: values.description ?? '',
    notes: values.notes ?? '',
    startDate: isoOf(values.startDate),
    endDate: isoOf(values.endDate),
    patientId: values.patientId ?? null,
    physicianId: values.physicianId ?? null,
    facilityId: values.episodeType === 'Shift' ? (values.facilityId ?? null) : null,
    insuranceIds: values.insuranceIds ?? [],
    externalInsuranceId: blank(values.externalInsuranceId),
    payor: blank(values.payor),
    authorizedVisits: values.authorizedVisits ?? null,
    language: blank(values.language) ?? 'English',
    visitTypeIds: values.visitTypeIds ?? [],
    providerTypeIds: values.providerTypeIds ?? [],
    frequencies: values.frequencies ?? [],
    contactIds: values.contactIds ?? [],
    patientContactIds: values.patientContactIds ?? [],
    caseManagerId: values.caseManagerId ?? null,
    ...(staff && {
      careCoordinatorId: values.careCoordinatorId ?? null,
      customerCareCoordinatorId: values.customerCareCoordinatorId ?? null,
      vendorManagerId: values.vendorManagerId ?? null,
    }),
    preferences: {
      gender: values.genderPreference ?? null,
      languages: values.languages ?? [],
      skills: values.skills ?? [],
    },
    enableNotesWorkflow: values.enableNotesWorkflow ?? false,
    visitRate: {
      isHourly: values.rateIsHourly ?? false,
      bonus: values.rateBonus ?? null,
      referralSourceBonus: values.rateReferralSourceBonus ?? null,
      duration: values.rateDuration ?? null,
      fixedRate: values.rateFixedRate ?? null,
    },
  };
}

/** Server field names that live under another form name here. */
const FIELD_ALIASES: Record<string, string> = {
  'preferences.gender': 'genderPreference',
  'visitRate.bonus': 'rateBonus',
  'visitRate.duration': 'rateDuration',
  'visitRate.fixedRate': 'rateFixedRate',
};

function PhysicianCard({ id }: { id: number }) {
  const physician = useQuery(lookupQueries.physician(id));
  if (!physician.data) return null;
  const p = physician.data;
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      style={{ marginBottom: 16 }}
      items={[
        { key: 'name', label: 'Physician', children: `${p.firstName} ${p.lastName}` },
        { key: 'npi', label: 'NPI', children: p.npi ?? '—' },
        { key: 'specialty', label: 'Specialty', children: p.specialty ?? '—' },
        { key: 'phone', label: 'Phone', children: p.phoneNumber ?? '—' },
        { key: 'fax', label: 'Fax', children: p.fax ?? '—' },
        { key: 'email', label: 'Email', children: p.email ?? '—' },
        {
          key: 'address',
          label: 'Address',
          children: [p.addressLine1, p.city, p.state, p.zipcode].filter(Boolean).join(', ') || '—',
        },
      ]}
    />
  );
}

export type EpisodeFormProps = {
  episode: Episode | null;
  patientId?: number;
  onReload: () => void;
};

export function EpisodeForm({ episode, patientId, onReload }: EpisodeFormProps) {
  const { modal } = App.useApp();
  const session = useSession();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [creatingPatient, setCreatingPatient] = useState(false);
  const staff = !!session && !isOrganizationRole(session.user.roleId);
  const episodeType = Form.useWatch('episodeType', form) ?? 'Visit';
  const physicianId = Form.useWatch('physicianId', form);
  const pickedOrganization = Form.useWatch('referralSourceId', form);
  // A new request for a given patient belongs to that patient's organization.
  const presetPatient = useQuery({
    ...patientQueries.one(patientId ?? 0),
    enabled: !episode && staff && patientId !== undefined,
  });
  const presetOrganization = presetPatient.data?.referralSourceId;
  useEffect(() => {
    if (presetOrganization !== undefined && form.getFieldValue('referralSourceId') === undefined) {
      form.setFieldsValue({ referralSourceId: presetOrganization });
    }
  }, [form, presetOrganization]);
  const organizationId =
    episode?.referralSourceId ?? (staff ? pickedOrganization : (session?.user.referralSourceId ?? undefined));
  const editable = !episode || episodeIsEditable(episode.status);
  const mayWrite = canOpen(session, 'serviceRequestDetail');
  const readOnly = !mayWrite || !editable;

  const settle = (name: string, outcome: ActionOutcome, after?: (episode: Episode) => void) => {
    // A failed publish may follow a successful save: reload so the next write sends the new version.
    if (outcome.ok || (name === 'publish' && !isStale(outcome.error))) refresh('episode');
    if (outcome.ok) {
      after?.(outcome.episode);
      return;
    }
    placeFieldErrors(outcome.error);
    if (isStale(outcome.error)) setStale(outcome.text);
    else setFailure(outcome.text);
  };
  const placeFieldErrors = (error: unknown) => {
    showFieldErrors(form, error);
    const aliased = (error as { fieldErrors?: { field: string; message: string }[] }).fieldErrors ?? [];
    form.setFields(
      aliased
        .filter((item) => FIELD_ALIASES[item.field])
        .map((item) => ({ name: FIELD_ALIASES[item.field] as keyof FormValues, errors: [item.message] })),
    );
  };
  const act = async (name: string, run: () => Promise<ActionOutcome>, after?: (episode: Episode) => void) => {
    setBusy(name);
    setFailure(null);
    setStale(null);
    settle(name, await run(), after);
    setBusy(null);
  };
  const body = () => toBody(form.getFieldsValue(true) as FormValues, staff, !episode);
  const withVersion = () => ({ ...body(), version: episode!.version });

  const save = () =>
    void form.validateFields().then(
      () =>
        act(
          'save',
          () => saveEpisode(episode?.id ?? null, episode ? withVersion() : body()),
          (saved) => {
            if (!episode) navigateTo(`/episode?id=${saved.id}`);
          },
        ),
      () => undefined,
    );
  const publish = () =>
    void form.validateFields().then(
      () => act('publish', () => publishEpisode(episode!.id, withVersion())),
      () => undefined,
    );
  const hold = () => void act('hold', () => holdEpisode(episode!));
  const complete = () =>
    modal.confirm({
      title: 'Complete this service request?',
      content:
        'Its published visits that nobody took expire, and the service request can no longer be changed.',
      okText: 'Complete',
      onOk: () => act('complete', () => completeEpisode(episode!)),
    });
  const archive = async (reason: string) => {
    let archived = false;
    await act(
      'archive',
      () => archiveEpisode(episode!, reason),
      () => (archived = true),
    );
    return archived;
  };
  const remove = () =>
    modal.confirm({
      title: 'Delete this service request?',
      content: 'Its visits are deleted too. This cannot be undone.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () =>
        act(
          'delete',
          () => deleteEpisode(episode!),
          () => navigateTo('/episodes'),
        ),
    });

  return (
    <Card title="Service request" style={{ maxWidth: 1100 }}>
      {episode?.status === 'Archived' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={`Archived${episode.archivedAt ? ` on ${formatDate(episode.archivedAt)}` : ''}: ${episode.archiveReason ?? 'no reason given'}.`}
        />
      ) : episode && !editable ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={`This service request is ${episode.status}; it can no longer be changed.`}
        />
      ) : null}
      <StaleNotice
        text={stale}
        onReload={() => {
          setStale(null);
          onReload();
        }}
      />
      <Form<FormValues>
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={toForm(episode, patientId)}
        onFinish={save}
      >
        {staff && !episode ? (
          <Form.Item
            label="Organization"
            name="referralSourceId"
            rules={[{ required: true, message: 'Pick the organization.' }]}
          >
            <OrganizationSelect
              aria-label="Organization"
              placeholder="Organization"
              style={{ maxWidth: 360 }}
            />
          </Form.Item>
        ) : null}
        <Flex gap={16} wrap>
          <Form.Item label="Type" name="episodeType">
            <Radio.Group
              aria-label="Type"
              disabled={!!episode}
              options={EPISODE_TYPES.map((value) => ({ value, label: value }))}
              optionType="button"
            />
          </Form.Item>
          <Form.Item
            label="Title"
            name="title"
            rules={[{ required: true, whitespace: true, message: 'Enter a title.' }]}
            style={{ flex: 1, minWidth: 260 }}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            label="Start date"
            name="startDate"
            rules={[{ required: true, message: 'Enter the start date.' }]}
          >
            <DateInput aria-label="Start date" required />
          </Form.Item>
          <Form.Item label="End date" name="endDate">
            <DateInput aria-label="End date" />
          </Form.Item>
        </Flex>
        <Form.Item label="Description" name="description">
          <Input.TextArea rows={2} maxLength={4000} />
        </Form.Item>
        <Form.Item label="Notes" name="notes">
          <Input.TextArea rows={2} maxLength={4000} />
        </Form.Item>
        <Flex gap={16} wrap align="end">
          <Form.Item label="Patient" name="patientId" style={{ flex: 1, minWidth: 280 }}>
            <PatientSelect
              aria-label="Patient"
              allowClear
              placeholder="Search patients"
              referralSourceId={organizationId}
            />
          </Form.Item>
          <Form.Item>
            <Button
              onClick={() => setCreatingPatient(true)}
              disabled={readOnly || (staff && !organizationId)}
            >
              New patient
            </Button>
          </Form.Item>
          {episodeType === 'Shift' ? (
            <Form.Item label="Facility" name="facilityId" style={{ flex: 1, minWidth: 240 }}>
              <FacilitySelect aria-label="Facility" allowClear referralSourceId={organizationId} />
            </Form.Item>
          ) : null}
        </Flex>
        <Form.Item label="Physician" name="physicianId">
          <PhysicianSelect aria-label="Physician" allowClear placeholder="Search by name or NPI" />
        </Form.Item>
        {physicianId ? <PhysicianCard id={physicianId} /> : null}
        <Flex gap={16} wrap>
          <Form.Item label="Insurances" name="insuranceIds" style={{ flex: 2, minWidth: 260 }}>
            <InsuranceSelect aria-label="Insurances" mode="multiple" allowClear />
          </Form.Item>
          <Form.Item
            label="External insurance id"
            name="externalInsuranceId"
            style={{ flex: 1, minWidth: 160 }}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item label="Payor" name="payor" style={{ flex: 1, minWidth: 160 }}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item label="Authorized visits" name="authorizedVisits">
            <InputNumber aria-label="Authorized visits" min={0} max={10000} />
          </Form.Item>
          <Form.Item label="Language" name="language">
            <Input maxLength={60} style={{ width: 140 }} />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item label="Visit types" name="visitTypeIds" style={{ flex: 1, minWidth: 280 }}>
            <VisitTypeSelect aria-label="Visit types" mode="multiple" allowClear serviceType={episodeType} />
          </Form.Item>
          <Form.Item label="Provider types" name="providerTypeIds" style={{ flex: 1, minWidth: 240 }}>
            <ProviderTypeSelect aria-label="Provider types" mode="multiple" allowClear />
          </Form.Item>
        </Flex>
        <Form.Item label="Frequencies">
          <Form.List name="frequencies">
            {(fields, { add, remove: removeRow }) => (
              <Flex vertical gap={4}>
                {fields.map((field) => (
                  <Flex key={field.key} gap={8} align="baseline" wrap>
                    <Form.Item
                      name={[field.name, 'visitTypeId']}
                      rules={[{ required: true, message: 'Pick a visit type.' }]}
                    >
                      <VisitTypeSelect
                        aria-label="Frequency visit type"
                        serviceType={episodeType}
                        style={{ width: 260 }}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'perWeek']}
                      rules={[{ required: true, message: 'How many?' }]}
                    >
                      <InputNumber aria-label="Per week" min={1} max={21} suffix="per week" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'weeks']}
                      rules={[{ required: true, message: 'How long?' }]}
                    >
                      <InputNumber aria-label="Weeks" min={1} max={52} suffix="weeks" />
                    </Form.Item>
                    <Button onClick={() => removeRow(field.name)}>Remove</Button>
                  </Flex>
                ))}
                <Button onClick={() => add({ perWeek: 1, weeks: 1 })} style={{ alignSelf: 'start' }}>
                  Add frequency
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item label="Contacts" name="contactIds" style={{ flex: 1, minWidth: 240 }}>
            <ContactSelect
              aria-label="Contacts"
              mode="multiple"
              allowClear
              referralSourceId={organizationId}
            />
          </Form.Item>
          <Form.Item label="Patient contacts" name="patientContactIds" style={{ flex: 1, minWidth: 240 }}>
            <ContactSelect
              aria-label="Patient contacts"
              mode="multiple"
              allowClear
              referralSourceId={organizationId}
            />
          </Form.Item>
          <Form.Item label="Case manager" name="caseManagerId" style={{ flex: 1, minWidth: 220 }}>
            <ContactSelect
              aria-label="Case manager"
              allowClear
              caseManagers
              referralSourceId={organizationId}
            />
          </Form.Item>
        </Flex>
        {staff ? (
          <Flex gap={16} wrap>
            <Form.Item label="Care coordinator" name="careCoordinatorId" style={{ flex: 1, minWidth: 200 }}>
              <StaffUserSelect aria-label="Care coordinator" allowClear roleId={ROLE_CARE_COORDINATOR} />
            </Form.Item>
            <Form.Item
              label="Customer care coordinator"
              name="customerCareCoordinatorId"
              style={{ flex: 1, minWidth: 200 }}
            >
              <StaffUserSelect
                aria-label="Customer care coordinator"
                allowClear
                roleId={ROLE_CUSTOMER_CARE_COORDINATOR}
              />
            </Form.Item>
            <Form.Item label="Vendor manager" name="vendorManagerId" style={{ flex: 1, minWidth: 200 }}>
              <StaffUserSelect aria-label="Vendor manager" allowClear roleId={ROLE_CLINICIAN_MANAGER} />
            </Form.Item>
          </Flex>
        ) : null}
        <Flex gap={16} wrap>
          <Form.Item label="Clinician gender preference" name="genderPreference">
            <Select
              aria-label="Clinician gender preference"
              allowClear
              placeholder="Any"
              style={{ width: 160 }}
              options={[
                { value: 'F', label: 'Female' },
                { value: 'M', label: 'Male' },
              ]}
            />
          </Form.Item>
          <Form.Item label="Languages" name="languages" style={{ flex: 1, minWidth: 200 }}>
            <Select aria-label="Languages" mode="tags" placeholder="Type and press Enter" />
          </Form.Item>
          <Form.Item label="Skills" name="skills" style={{ flex: 1, minWidth: 200 }}>
            <Select aria-label="Skills" mode="tags" placeholder="Type and press Enter" />
          </Form.Item>
          <Form.Item label="Notes workflow" name="enableNotesWorkflow" valuePropName="checked">
            <Switch aria-label="Notes workflow" />
          </Form.Item>
        </Flex>
        <Card size="small" title="Defaults for new visits" style={{ marginBottom: 16 }}>
          <Flex gap={16} wrap>
            <Form.Item label="Hourly" name="rateIsHourly" valuePropName="checked">
              <Switch aria-label="Hourly" />
            </Form.Item>
            <Form.Item label="Duration (minutes)" name="rateDuration">
              <InputNumber aria-label="Default duration" min={1} max={1440} />
            </Form.Item>
            <Form.Item label="Fixed rate ($)" name="rateFixedRate">
              <InputNumber aria-label="Default fixed rate" min={0} step={5} />
            </Form.Item>
            <Form.Item label="Clinician bonus ($)" name="rateBonus">
              <InputNumber aria-label="Default clinician bonus" min={0} />
            </Form.Item>
            <Form.Item label="Organization bonus ($)" name="rateReferralSourceBonus">
              <InputNumber aria-label="Default organization bonus" min={0} />
            </Form.Item>
          </Flex>
        </Card>
        <FormFailure text={failure} />
        {!mayWrite ? null : (
          <Flex gap={8} wrap>
            {editable ? (
              <Button type="primary" htmlType="submit" loading={busy === 'save'}>
                {episode ? 'Save' : 'Create service request'}
              </Button>
            ) : null}
            {episode && episodeTransition(episode.status, 'publish') ? (
              <Button onClick={publish} loading={busy === 'publish'}>
                Publish
              </Button>
            ) : null}
            {episode && episodeTransition(episode.status, 'hold') ? (
              <Button onClick={hold} loading={busy === 'hold'}>
                Hold
              </Button>
            ) : null}
            {episode && episodeTransition(episode.status, 'complete') ? (
              <Button onClick={complete} loading={busy === 'complete'}>
                Complete
              </Button>
            ) : null}
            {episode && episodeTransition(episode.status, 'archive') ? (
              <ArchiveWithReasonButton title="Archive this service request?" onArchive={archive}>
                <p>
                  It leaves the active lists and can no longer be changed; published visits that nobody took
                  expire. Pick the reason.
                </p>
              </ArchiveWithReasonButton>
            ) : null}
            {episode && episodeTransition(episode.status, 'delete') ? (
              <Button danger onClick={remove} loading={busy === 'delete'}>
                Delete
              </Button>
            ) : null}
            <Button disabled={false} onClick={() => navigateTo('/episodes')}>
              Back to service requests
            </Button>
          </Flex>
        )}
      </Form>
      <Modal
        open={creatingPatient}
        title="New patient"
        footer={null}
        width={800}
        onCancel={() => setCreatingPatient(false)}
        destroyOnHidden
      >
        <PatientForm
          patient={null}
          referralSourceId={organizationId}
          onReload={() => undefined}
          onCreated={(created) => {
            form.setFieldsValue({ patientId: created.id });
            setCreatingPatient(false);
          }}
        />
      </Modal>
    </Card>
  );
}
