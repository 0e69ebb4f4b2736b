import { Card, Flex, Form, InputNumber, Switch } from 'antd';

/** "Defaults for new visits": the rate terms copied onto each visit added to the request (dollars). */
export function RatesSection() {
  return (
    <Card size="small" title="Defaults for new visits" style={{ marginBottom: 16 }}>
      <Flex gap={16} wrap>
        <Form.Item label="Hourly" name="rateIsHourly" valuePropName="checked">
          <Switch aria-label="Hourly" />
        </Form.Item>
        <Form.Item label="Duration (minutes)" name="rateDuration">
          <InputNumber aria-label="Default duration" min={1} max={1440} />
        </Form.Item>
        <Form.Item label="Fixed rate ($)" name="rateFixedRate">
          <InputNumber aria-label="Default fixed rate" min={0} step={5} />
        </Form.Item>
        <Form.Item label="Clinician bonus ($)" name="rateBonus">
          <InputNumber aria-label="Default clinician bonus" min={0} />
        </Form.Item>
        <Form.Item label="Organization bonus ($)" name="rateReferralSourceBonus">
          <InputNumber aria-label="Default organization bonus" min={0} />
        </Form.Item>
      </Flex>
    </Card>
  );
}
