import { Flex, Form, Input } from 'antd';
import type { ReactNode } from 'react';

export type NameFieldsProps = {
  /** The texts of the required checks; antd's own ("'First name' is required") when not given. */
  requiredMessages?: { firstName: string; lastName: string };
  /** A field between the two names, e.g. a middle initial. */
  between?: ReactNode;
  /** One field under the other (narrow public forms) instead of side by side. */
  stacked?: boolean;
  /** Marks the inputs as the given and family name, for the browser's autofill. */
  autoComplete?: boolean;
  /** A line under a field (the intake assistant: how sure it is of the value it read). */
  hints?: { firstName?: ReactNode; lastName?: ReactNode };
};

const fieldStyle = { flex: 1, minWidth: 160 };

/** The required "First name" and "Last name" fields (`firstName`, `lastName`) of a person's form. */
export function NameFields({
  requiredMessages,
  between,
  stacked = false,
  autoComplete = false,
  hints,
}: NameFieldsProps) {
  const rule = (message: string | undefined) => [
    message ? { required: true, whitespace: true, message } : { required: true, whitespace: true },
  ];
  const first = (
    <Form.Item
      label="First name"
      name="firstName"
      extra={hints?.firstName}
      rules={rule(requiredMessages?.firstName)}
      style={stacked ? undefined : fieldStyle}
    >
      <Input autoComplete={autoComplete ? 'given-name' : undefined} />
    </Form.Item>
  );
  const last = (
    <Form.Item
      label="Last name"
      name="lastName"
      extra={hints?.lastName}
      rules={rule(requiredMessages?.lastName)}
      style={stacked ? undefined : fieldStyle}
    >
      <Input autoComplete={autoComplete ? 'family-name' : undefined} />
    </Form.Item>
  );
  if (stacked)
    return (
      <>
        {first}
        {between}
        {last}
      </>
    );
  return (
    <Flex gap={16} wrap>
      {first}
      {between}
      {last}
    </Flex>
  );
}
