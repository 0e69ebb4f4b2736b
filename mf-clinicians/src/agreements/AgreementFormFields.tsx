// One component renders any agreement's form definition (ARCHITECTURE §9 "Forms as data"): text, date and
// checkbox fields, each with its label and whether it is required. Values are read back as the SPEC §3
// credentialFormData the API checks again with the same rule (agreementFormProblems).
import type { AgreementFormData, AgreementFormField } from '@carelane/shared-domain';
import { Checkbox, Form, Input } from 'antd';

export function AgreementFormFields({ fields }: { fields: readonly AgreementFormField[] }) {
  return (
    <>
      {fields.map((field) =>
        field.type === 'checkbox' ? (
          <Form.Item
            key={field.key}
            name={['formData', field.key]}
            valuePropName="checked"
            rules={
              field.required
                ? [
                    {
                      validator: (_rule, value) =>
                        value === true
                          ? Promise.resolve()
                          : Promise.reject(new Error(`Check “${field.label}”.`)),
                    },
                  ]
                : []
            }
          >
            <Checkbox>{field.label}</Checkbox>
          </Form.Item>
        ) : (
          <Form.Item
            key={field.key}
            label={field.label}
            name={['formData', field.key]}
            rules={
              field.required ? [{ required: true, whitespace: true, message: `Enter ${field.label}.` }] : []
            }
            style={{ maxWidth: 420 }}
          >
            <Input type={field.type === 'date' ? 'date' : 'text'} maxLength={500} />
          </Form.Item>
        ),
      )}
    </>
  );
}

/** The form's values as credentialFormData: every field of the definition, trimmed, checkboxes as booleans. */
export function formDataOf(
  fields: readonly AgreementFormField[],
  values: Record<string, unknown> | undefined,
): AgreementFormData {
  return Object.fromEntries(
    fields.map((f) => {
      const value = values?.[f.key];
      if (f.type === 'checkbox') return [f.key, value === true];
      return [f.key, typeof value === 'string' ? value.trim() : ''];
    }),
  );
}
