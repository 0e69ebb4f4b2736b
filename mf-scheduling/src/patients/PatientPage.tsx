import {
  defaultDateRange,
  formatPhone,
  isOrganizationRole,
  patientDisplayName,
  patientSchema,
  type Patient,
  type PatientInput,
} from '@carelane/shared-domain';
import {
  apiClient,
  canOpen,
  errorMessage,
  navigateTo,
  publishErrorToast,
  publishToast,
  useSession,
} from '@carelane/shared-session';
import {
  AreaLink,
  dateOf,
  isoOf,
  PageFrame,
  PatientFields,
  RecordStatusTag,
  ListResults,
  loadState,
  FormFailure,
  noSubmitOnEnter,
  nullIfBlank,
  refresh,
  showSaveFailure,
  useIdParam,
  useBusy,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Form } from 'antd';
import { useState } from 'react';
import { EpisodeTable } from '../episodes/EpisodeTable';
import { episodeQueries } from '../episodes/episode-queries';
import { OrganizationSelect } from '../lookups/LookupSelects';
import type { FieldLabels } from '@carelane/shared-ui';
import { isStale, StaleNotice } from './form-kit';
import { ArchiveWithReasonButton } from '../common/reason-lists';
import { PatientAccess } from './PatientAccess';
import { patientQueries } from './patient-queries';

export const PATIENT_SAVED = 'Patient information saved.';

type FormValues = Omit<PatientInput, 'birthday'> & { birthday: Date | null };
const EMPTY: FormValues = {
  referralSourceId: undefined,
  firstName: '',
  middleInitial: null,
  lastName: '',
  gender: null,
  birthday: null,
  phoneNumber1: null,
  phoneNumber2: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  state: null,
  zipcode: null,
  latitude: null,
  longitude: null,
};

const toForm = (patient: Patient): FormValues => ({
  ...EMPTY,
  ...Object.fromEntries(Object.keys(EMPTY).map((key) => [key, patient[key as keyof Patient] ?? null])),
  gender: patient.gender === 'M' || patient.gender === 'F' ? patient.gender : null,
  birthday: dateOf(patient.birthday),
  // SPEC §5: phones show as NNN-NNN-NNNN (the API keeps the 10 digits).
  phoneNumber1: patient.phoneNumber1 ? formatPhone(patient.phoneNumber1) : null,
  phoneNumber2: patient.phoneNumber2 ? formatPhone(patient.phoneNumber2) : null,
});

/** The form's labels, for failure texts that name a field. */
const PATIENT_FIELD_LABELS: FieldLabels = {
  referralSourceId: 'Organization',
  firstName: 'First name',
  middleInitial: 'Middle initial',
  lastName: 'Last name',
  birthday: 'Birthday',
  gender: 'Gender',
  phoneNumber1: 'Phone',
  phoneNumber2: 'Other phone',
  addressLine1: 'Address',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State',
  zipcode: 'ZIP code',
};

export type PatientFormProps = {
  patient: Patient | null;
  onReload: () => void;
  /** Called with a newly created patient instead of opening its page (the service request form). */
  onCreated?: (patient: Patient) => void;
  /** The organization a new patient belongs to, when the caller already knows it. */
  referralSourceId?: number;
};

export function PatientForm({
  patient,
  onReload,
  onCreated,
  referralSourceId: fixedOrganization,
}: PatientFormProps) {
  const session = useSession();
  const [form] = Form.useForm<FormValues>();
  const { busy, run } = useBusy();
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const pickedOrganization = Form.useWatch('referralSourceId', form);
  const staff = !!session && !isOrganizationRole(session.user.roleId);
  const readOnly = !canOpen(session, 'patientDetail') || patient?.status === 'ARCHIVED';

  const submit = (values: FormValues) =>
    run(async () => {
      setFailure(null);
      setStale(null);
      const { referralSourceId, ...fields } = values;
      const body = nullIfBlank({
        ...fields,
        birthday: isoOf(values.birthday),
        latitude: values.latitude == null ? null : Number(values.latitude),
        longitude: values.longitude == null ? null : Number(values.longitude),
      });
      try {
        const saved = patient
          ? await apiClient.put(
              `/api/admin/patients/${patient.id}`,
              { ...body, version: patient.version },
              patientSchema,
            )
          : await apiClient.post(
              '/api/admin/patients',
              { ...body, ...(staff && { referralSourceId: fixedOrganization ?? referralSourceId }) },
              patientSchema,
            );
        publishToast(PATIENT_SAVED);
        refresh('patient');
        if (!patient && onCreated) onCreated(saved);
        else if (!patient) navigateTo(`/patient?id=${saved.id}`);
      } catch (error) {
        showSaveFailure(
          form,
          error,
          'patient',
          (text) => (isStale(error) ? setStale(text) : setFailure(text)),
          PATIENT_FIELD_LABELS,
        );
      }
    });

  return (
    <Card title="Patient" style={{ maxWidth: 760 }}>
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
        initialValues={patient ? toForm(patient) : EMPTY}
        onKeyDown={noSubmitOnEnter}
        onFinish={(values) => void submit(values)}
      >
        {staff && !patient && !fixedOrganization ? (
          <Form.Item
            label="Organization"
            name="referralSourceId"
            rules={[{ required: true, message: 'Pick the organization.' }]}
          >
            <OrganizationSelect aria-label="Organization" placeholder="Organization" />
          </Form.Item>
        ) : null}
        <PatientFields
          form={form}
          referralSourceId={patient?.referralSourceId ?? fixedOrganization ?? pickedOrganization}
        />
        <FormFailure text={failure} />
        {readOnly ? null : (
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={busy}>
              {patient ? 'Save' : 'Create patient'}
            </Button>
            {onCreated ? null : <Button onClick={() => navigateTo('/patients')}>Back to patients</Button>}
          </Flex>
        )}
      </Form>
    </Card>
  );
}

function ArchiveButton({ patient }: { patient: Patient }) {
  const archive = async (reason: string) => {
    try {
      await apiClient.post(
        `/api/admin/patients/${patient.id}/archive`,
        { reason, version: patient.version },
        patientSchema,
      );
      publishToast(PATIENT_SAVED);
      refresh('patient', 'episode');
      return true;
    } catch (error) {
      publishErrorToast(errorMessage(error, 'patient', 'saved'));
      return false;
    }
  };
  return (
    <ArchiveWithReasonButton title={`Archive ${patientDisplayName(patient)}?`} onArchive={archive}>
      <p>The patient leaves the active list. Pick the reason.</p>
    </ArchiveWithReasonButton>
  );
}

function PatientEpisodes({ patient }: { patient: Patient }) {
  const [pageNumber, setPageNumber] = useState(1);
  const range = defaultDateRange('episodeCreation');
  // A patient filter shows every status (SPEC §4) and everyone's requests, from the patient's creation on.
  const episodes = useQuery(
    episodeQueries.list({
      pageNumber,
      pageSize: 10,
      status: 'ALL',
      mine: false,
      patientId: patient.id,
      createdFrom:
        patient.createdAt.slice(0, 10) < isoOf(range.start)!
          ? patient.createdAt.slice(0, 10)
          : isoOf(range.start)!,
      createdTo: isoOf(range.end)!,
    }),
  );
  return (
    <Card
      title="Service requests"
      style={{ maxWidth: 1100, marginTop: 16 }}
      extra={
        patient.status === 'ACTIVE' ? (
          <Button onClick={() => navigateTo(`/episode?patientId=${patient.id}`)}>New service request</Button>
        ) : null
      }
    >
      <ListResults query={episodes} thing="the service requests">
        <EpisodeTable
          rows={episodes.data?.rows ?? []}
          totalCount={episodes.data?.paging.totalCount ?? 0}
          pageNumber={pageNumber}
          pageSize={10}
          loading={episodes.isFetching}
          onPageChange={setPageNumber}
        />
      </ListResults>
    </Card>
  );
}

export default function PatientPage() {
  const id = useIdParam();
  const session = useSession();
  const patient = useQuery({ ...patientQueries.one(id ?? 0), enabled: id !== undefined });
  if (id === undefined) {
    return (
      <PageFrame title="New patient">
        <PatientForm patient={null} onReload={() => undefined} />
      </PageFrame>
    );
  }
  const loaded = loadState(patient, 'the patient');
  if (!loaded.data) return <PageFrame title="Patient">{loaded.fallback}</PageFrame>;
  const p = loaded.data;
  return (
    <PageFrame
      title={patientDisplayName(p)}
      actions={
        <Flex gap={8} align="center">
          <RecordStatusTag
            status={p.status}
            suffix={p.status === 'ARCHIVED' ? `: ${p.archiveReason ?? ''}` : undefined}
          />
          {p.status === 'ACTIVE' && canOpen(session, 'patientDetail') ? <ArchiveButton patient={p} /> : null}
          <AreaLink to={`/notesPrint?patientId=${p.id}`}>Print all notes</AreaLink>
          {canOpen(session, 'timeline') ? (
            <AreaLink to={`/timeline?patientId=${p.id}`}>Timeline</AreaLink>
          ) : null}
        </Flex>
      }
    >
      <PatientForm key={p.version} patient={p} onReload={() => void patient.refetch()} />
      <PatientEpisodes patient={p} />
      {canOpen(session, 'activityLogs') ? <PatientAccess patientId={p.id} /> : null}
    </PageFrame>
  );
}
