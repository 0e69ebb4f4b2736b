// The fields of a patient's form, with the API's rules: the patient page, a service request's new patient and
// the intake assistant's draft all use these (their values: `birthday` a Date, phones as typed).
import { ageFromBirthday } from '@carelane/shared-domain';
import { Flex, Form, Input, Select, Typography, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { NameFields } from '../name-fields/NameFields';
import { AddressFields } from '../page-kit/page-kit';
import { PhoneInput } from '../phone-input/PhoneInput';
import { birthdayRule, isoOf, phoneRule } from './patient-field-rules';
import { TypedDateInput } from './typed-date-input';

export type PatientFieldsProps = {
  form: FormInstance;
  /** The organization whose area address suggestions start from. */
  referralSourceId?: number | null;
  /** A line under a field (the intake assistant: how sure it is of the value it read). */
  hints?: Partial<Record<PatientHintField, ReactNode>>;
};
export type PatientHintField =
  | 'firstName'
  | 'lastName'
  | 'birthday'
  | 'gender'
  | 'phoneNumber1'
  | 'addressLine1'
  | 'city'
  | 'state'
  | 'zipcode';

export function PatientFields({ form, referralSourceId, hints }: PatientFieldsProps) {
  const birthday = Form.useWatch('birthday', form);
  const age = ageFromBirthday(isoOf(birthday));
  return (
    <>
      <NameFields
        requiredMessages={{ firstName: 'Enter the first name.', lastName: 'Enter the last name.' }}
        hints={hints}
        between={
          <Form.Item
            label="Middle initial"
            name="middleInitial"
            rules={[{ pattern: /^[A-Za-z]?$/, message: 'One letter.' }]}
            style={{ width: 110 }}
          >
            <Input maxLength={1} />
          </Form.Item>
        }
      />
      <Flex gap={16} wrap>
        <Form.Item
          label="Birthday"
          name="birthday"
          extra={hints?.birthday}
          rules={[birthdayRule]}
          style={{ width: 160 }}
        >
          <TypedDateInput aria-label="Birthday" />
        </Form.Item>
        <Form.Item label="Age" style={{ width: 80 }}>
          <Typography.Text aria-label="Age">{age ?? '—'}</Typography.Text>
        </Form.Item>
        <Form.Item label="Gender" name="gender" extra={hints?.gender} style={{ width: 140 }}>
          <Select
            aria-label="Gender"
            allowClear
            options={[
              { value: 'F', label: 'Female' },
              { value: 'M', label: 'Male' },
            ]}
          />
        </Form.Item>
      </Flex>
      <Flex gap={16} wrap>
        <Form.Item
          label="Phone"
          name="phoneNumber1"
          extra={hints?.phoneNumber1}
          rules={[phoneRule]}
          style={{ flex: 1, minWidth: 180 }}
        >
          <PhoneInput aria-label="Phone" />
        </Form.Item>
        <Form.Item
          label="Other phone"
          name="phoneNumber2"
          rules={[phoneRule]}
          style={{ flex: 1, minWidth: 180 }}
        >
          <PhoneInput aria-label="Other phone" />
        </Form.Item>
      </Flex>
      <AddressFields form={form} referralSourceId={referralSourceId} hints={hints} />
    </>
  );
}
