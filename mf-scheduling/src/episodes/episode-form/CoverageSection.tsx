import { Flex, Form, Input, InputNumber } from 'antd';
import { InsuranceSelect } from '../../lookups/LookupSelects';

/** Insurances, payor, authorized visits and the patient's language. */
export function CoverageSection() {
  return (
    <Flex gap={16} wrap>
      <Form.Item label="Insurances" name="insuranceIds" style={{ flex: 2, minWidth: 260 }}>
        <InsuranceSelect aria-label="Insurances" mode="multiple" allowClear />
      </Form.Item>
      <Form.Item label="External insurance id" name="externalInsuranceId" style={{ flex: 1, minWidth: 160 }}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item label="Payor" name="payor" style={{ flex: 1, minWidth: 160 }}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item label="Authorized visits" name="authorizedVisits">
        <InputNumber aria-label="Authorized visits" min={0} max={10000} />
      </Form.Item>
      <Form.Item label="Language" name="language">
        <Input maxLength={60} style={{ width: 140 }} />
      </Form.Item>
    </Flex>
  );
}
