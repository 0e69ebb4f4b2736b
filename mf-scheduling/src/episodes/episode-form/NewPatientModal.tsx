import { Modal } from 'antd';
import { PatientForm } from '../../patients/PatientPage';

export type NewPatientModalProps = {
  open: boolean;
  organizationId: number | undefined;
  onClose: () => void;
  onCreated: (patientId: number) => void;
};

/** "New patient" from the request form: the patient form in a dialog; the new patient is then picked. */
export function NewPatientModal({ open, organizationId, onClose, onCreated }: NewPatientModalProps) {
  return (
    <Modal open={open} title="New patient" footer={null} width={800} onCancel={onClose} destroyOnHidden>
      <PatientForm
        patient={null}
        referralSourceId={organizationId}
        onReload={() => undefined}
        onCreated={(created) => onCreated(created.id)}
      />
    </Modal>
  );
}
