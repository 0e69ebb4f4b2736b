import type { Meta, StoryObj } from '@storybook/react-vite';
import { Form } from 'antd';
import { PatientFields } from './PatientFields';

function InForm({ values }: { values?: Record<string, unknown> }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} layout="vertical" initialValues={values} style={{ maxWidth: 720 }}>
      <PatientFields form={form} />
    </Form>
  );
}

const meta: Meta<typeof InForm> = { title: 'Forms/PatientFields', component: InForm };
export default meta;
type Story = StoryObj<typeof InForm>;

export const Empty: Story = {};

/** A draft read from an email: the age follows the birthday. */
export const Filled: Story = {
  args: {
    values: {
      firstName: 'Mary',
      lastName: 'Jones',
      birthday: new Date(1941, 2, 4),
      gender: 'F',
      phoneNumber1: '5125550199',
      addressLine1: '12 Elm St',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
    },
  },
};
