import { Flex, Form } from 'antd';
import { ContactSelect, StaffUserSelect } from '../../lookups/LookupSelects';
import { STAFF_PICKER_ROLES } from '../episode-form-model';

/** The organization's contacts and case manager; for staff, the coordinators of the request too. */
export function ContactsSection({
  organizationId,
  staff,
}: {
  organizationId: number | undefined;
  staff: boolean;
}) {
  return (
    <>
      <Flex gap={16} wrap>
        <Form.Item label="Contacts" name="contactIds" style={{ flex: 1, minWidth: 240 }}>
          <ContactSelect aria-label="Contacts" mode="multiple" allowClear referralSourceId={organizationId} />
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
            <StaffUserSelect
              aria-label="Care coordinator"
              allowClear
              roleId={STAFF_PICKER_ROLES.careCoordinatorId}
            />
          </Form.Item>
          <Form.Item
            label="Customer care coordinator"
            name="customerCareCoordinatorId"
            style={{ flex: 1, minWidth: 200 }}
          >
            <StaffUserSelect
              aria-label="Customer care coordinator"
              allowClear
              roleId={STAFF_PICKER_ROLES.customerCareCoordinatorId}
            />
          </Form.Item>
          <Form.Item label="Vendor manager" name="vendorManagerId" style={{ flex: 1, minWidth: 200 }}>
            <StaffUserSelect
              aria-label="Vendor manager"
              allowClear
              roleId={STAFF_PICKER_ROLES.vendorManagerId}
            />
          </Form.Item>
        </Flex>
      ) : null}
    </>
  );
}
