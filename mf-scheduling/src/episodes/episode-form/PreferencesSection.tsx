import { Flex, Form, Select, Switch } from 'antd';

/** The clinician the request prefers (gender, languages, skills) and whether visit notes go through review. */
export function PreferencesSection() {
  return (
    <Flex gap={16} wrap>
      <Form.Item label="Clinician gender preference" name="genderPreference">
        <Select
          aria-label="Clinician gender preference"
          allowClear
          placeholder="Any"
          style={{ width: 160 }}
          options={[
            { value: 'F', label: 'Female' },
            { value: 'M', label: 'Male' },
          ]}
        />
      </Form.Item>
      <Form.Item label="Languages" name="languages" style={{ flex: 1, minWidth: 200 }}>
        <Select aria-label="Languages" mode="tags" placeholder="Type and press Enter" />
      </Form.Item>
      <Form.Item label="Skills" name="skills" style={{ flex: 1, minWidth: 200 }}>
        <Select aria-label="Skills" mode="tags" placeholder="Type and press Enter" />
      </Form.Item>
      <Form.Item label="Notes workflow" name="enableNotesWorkflow" valuePropName="checked">
        <Switch aria-label="Notes workflow" />
      </Form.Item>
    </Flex>
  );
}
