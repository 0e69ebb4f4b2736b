import { Button, Flex, Form, InputNumber } from 'antd';
import { ProviderTypeSelect, VisitTypeSelect } from '../../lookups/LookupSelects';
import { NEW_FREQUENCY } from '../episode-form-model';

/** What is asked for: visit types, provider types and how often (frequency rows). */
export function ServicesSection({ episodeType }: { episodeType: 'Visit' | 'Shift' }) {
  return (
    <>
      <Flex gap={16} wrap>
        <Form.Item label="Visit types" name="visitTypeIds" style={{ flex: 1, minWidth: 280 }}>
          <VisitTypeSelect aria-label="Visit types" mode="multiple" allowClear serviceType={episodeType} />
        </Form.Item>
        <Form.Item label="Provider types" name="providerTypeIds" style={{ flex: 1, minWidth: 240 }}>
          <ProviderTypeSelect aria-label="Provider types" mode="multiple" allowClear />
        </Form.Item>
      </Flex>
      <Form.Item label="Frequencies">
        <Form.List name="frequencies">
          {(fields, { add, remove: removeRow }) => (
            <Flex vertical gap={4}>
              {fields.map((field) => (
                <Flex key={field.key} gap={8} align="baseline" wrap>
                  <Form.Item
                    name={[field.name, 'visitTypeId']}
                    rules={[{ required: true, message: 'Pick a visit type.' }]}
                  >
                    <VisitTypeSelect
                      aria-label="Frequency visit type"
                      serviceType={episodeType}
                      style={{ width: 260 }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'perWeek']}
                    rules={[{ required: true, message: 'How many?' }]}
                  >
                    <InputNumber aria-label="Per week" min={1} max={21} suffix="per week" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'weeks']} rules={[{ required: true, message: 'How long?' }]}>
                    <InputNumber aria-label="Weeks" min={1} max={52} suffix="weeks" />
                  </Form.Item>
                  <Button onClick={() => removeRow(field.name)}>Remove</Button>
                </Flex>
              ))}
              <Button onClick={() => add({ ...NEW_FREQUENCY })} style={{ alignSelf: 'start' }}>
                Add frequency
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form.Item>
    </>
  );
}
