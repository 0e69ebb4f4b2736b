import { isOrganizationRole, type Episode } from '@carelane/shared-domain';
import { canOpen, useSession } from '@carelane/shared-session';
import { useQuery } from '@tanstack/react-query';
import { Card, Form } from 'antd';
import { useEffect, useState } from 'react';
import { FormFailure } from '@carelane/shared-ui';
import { StaleNotice } from '../patients/form-kit';
import { patientQueries } from '../patients/patient-queries';
import { ContactsSection } from './episode-form/ContactsSection';
import { CoverageSection } from './episode-form/CoverageSection';
import { FormActions } from './episode-form/FormActions';
import { NewPatientModal } from './episode-form/NewPatientModal';
import { PatientSection } from './episode-form/PatientSection';
import { PreferencesSection } from './episode-form/PreferencesSection';
import { RatesSection } from './episode-form/RatesSection';
import { RequestSection } from './episode-form/RequestSection';
import { ServicesSection } from './episode-form/ServicesSection';
import { StatusNotice } from './episode-form/StatusNotice';
import { useEpisodeActions } from './episode-form/use-episode-actions';
import {
  formAccess,
  formOrganizationId,
  newPatientDisabled,
  toForm,
  type EpisodeFormValues,
} from './episode-form-model';

export type EpisodeFormProps = {
  episode: Episode | null;
  patientId?: number;
  onReload: () => void;
};

/** The service request form: its sections (episode-form/), its values and body (episode-form-model.ts). */
export function EpisodeForm({ episode, patientId, onReload }: EpisodeFormProps) {
  const session = useSession();
  const [form] = Form.useForm<EpisodeFormValues>();
  const [creatingPatient, setCreatingPatient] = useState(false);
  const staff = !!session && !isOrganizationRole(session.user.roleId);
  const actions = useEpisodeActions(episode, form, staff);
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
  const organizationId = formOrganizationId(
    episode,
    staff,
    pickedOrganization,
    session?.user.referralSourceId,
  );
  const mayWrite = canOpen(session, 'serviceRequestDetail');
  const { editable, readOnly } = formAccess(episode, mayWrite);

  return (
    <Card title="Service request" style={{ maxWidth: 1100 }}>
      <StatusNotice episode={episode} editable={editable} />
      <StaleNotice
        text={actions.stale}
        onReload={() => {
          actions.clearStale();
          onReload();
        }}
      />
      <Form<EpisodeFormValues>
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={toForm(episode, patientId)}
        onFinish={actions.save}
      >
        <RequestSection pickOrganization={staff && !episode} isNew={!episode} />
        <PatientSection
          organizationId={organizationId}
          episodeType={episodeType}
          physicianId={physicianId}
          newPatientDisabled={newPatientDisabled(readOnly, staff, organizationId)}
          onNewPatient={() => setCreatingPatient(true)}
        />
        <CoverageSection />
        <ServicesSection episodeType={episodeType} />
        <ContactsSection organizationId={organizationId} staff={staff} />
        <PreferencesSection />
        <RatesSection />
        <FormFailure text={actions.failure} />
        {!mayWrite ? null : <FormActions episode={episode} editable={editable} actions={actions} />}
      </Form>
      <NewPatientModal
        open={creatingPatient}
        organizationId={organizationId}
        onClose={() => setCreatingPatient(false)}
        onCreated={(id) => {
          form.setFieldsValue({ patientId: id });
          setCreatingPatient(false);
        }}
      />
    </Card>
  );
}
