import { Alert, Form, Input } from 'antd';

const PASSWORD_RULES = [{ required: true }, { min: 10, message: 'At least 10 characters.' }];

/** A new password and its repetition, checked to match (change, reset). `name` is the first field's name. */
export function NewPasswordFields({ name, label = 'New password' }: { name: string; label?: string }) {
  return (
    <>
      <Form.Item label={label} name={name} rules={PASSWORD_RULES}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Repeat the new password"
        name="confirm"
        dependencies={[name]}
        rules={[
          { required: true },
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              value === getFieldValue(name)
                ? Promise.resolve()
                : Promise.reject(new Error('The two passwords differ.')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** A password chosen once, without repetition (registration). */
export function PasswordField({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item label={label} name={name} rules={PASSWORD_RULES}>
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  );
}

/** The failure of a form's last submission, above its button. */
export function FormFailure({ text }: { text: string | null }) {
  return text ? <Alert type="error" role="alert" showIcon title={text} style={{ marginBottom: 16 }} /> : null;
}
