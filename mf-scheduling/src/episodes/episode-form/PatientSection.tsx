import { Button, Flex, Form } from 'antd';
import { FacilitySelect, PatientSelect, PhysicianSelect } from '../../lookups/LookupSelects';
import { PhysicianCard } from './PhysicianCard';

export type PatientSectionProps = {
  organizationId: number | undefined;
  episodeType: 'Visit' | 'Shift';
  physicianId: number | null | undefined;
  newPatientDisabled: boolean;
  onNewPatient: () => void;
};

/** Who and where: patient (or a new one), the facility of a shift request, the physician and their details. */
export function PatientSection({
  organizationId,
  episodeType,
  physicianId,
  newPatientDisabled,
  onNewPatient,
}: PatientSectionProps) {
  return (
    <>
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
          <Button onClick={onNewPatient} disabled={newPatientDisabled}>
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
    </>
  );
}
