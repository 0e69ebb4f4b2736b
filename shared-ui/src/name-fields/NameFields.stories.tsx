import type { Meta, StoryObj } from '@storybook/react-vite';
import { Form, Input } from 'antd';
import { NameFields } from './NameFields';

const meta: Meta<typeof NameFields> = {
  title: 'Inputs/NameFields',
  component: NameFields,
  decorators: [
    (Story) => (
      <Form layout="vertical" style={{ maxWidth: 560 }}>
        <Story />
      </Form>
    ),
  ],
};
export default meta;
type Story = StoryObj<typeof NameFields>;

export const SideBySide: Story = {};

export const WithMiddleInitial: Story = {
  args: {
    requiredMessages: { firstName: 'Enter the first name.', lastName: 'Enter the last name.' },
    between: (
      <Form.Item label="Middle initial" name="middleInitial" style={{ width: 120 }}>
        <Input maxLength={1} />
      </Form.Item>
    ),
  },
};

export const Stacked: Story = { args: { stacked: true, autoComplete: true } };
