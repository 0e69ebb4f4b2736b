import { EPISODE_TYPES } from '@carelane/shared-domain';
import { DateInput } from '@carelane/shared-ui';
import { Flex, Form, Input, Radio } from 'antd';
import { OrganizationSelect } from '../../lookups/LookupSelects';

/** The request itself: organization (staff creating one), type, title, dates, description and notes. */
export function RequestSection({ pickOrganization, isNew }: { pickOrganization: boolean; isNew: boolean }) {
  return (
    <>
      {pickOrganization ? (
        <Form.Item
          label="Organization"
          name="referralSourceId"
          rules={[{ required: true, message: 'Pick the organization.' }]}
        >
          <OrganizationSelect
            aria-label="Organization"
            placeholder="Organization"
            style={{ maxWidth: 360 }}
          />
        </Form.Item>
      ) : null}
      <Flex gap={16} wrap>
        <Form.Item label="Type" name="episodeType">
          <Radio.Group
            aria-label="Type"
            disabled={!isNew}
            options={EPISODE_TYPES.map((value) => ({ value, label: value }))}
            optionType="button"
          />
        </Form.Item>
        <Form.Item
          label="Title"
          name="title"
          rules={[{ required: true, whitespace: true, message: 'Enter a title.' }]}
          style={{ flex: 1, minWidth: 260 }}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          label="Start date"
          name="startDate"
          rules={[{ required: true, message: 'Enter the start date.' }]}
        >
          <DateInput aria-label="Start date" required />
        </Form.Item>
        <Form.Item label="End date" name="endDate">
          <DateInput aria-label="End date" />
        </Form.Item>
      </Flex>
      <Form.Item label="Description" name="description">
        <Input.TextArea rows={2} maxLength={4000} />
      </Form.Item>
      <Form.Item label="Notes" name="notes">
        <Input.TextArea rows={2} maxLength={4000} />
      </Form.Item>
    </>
  );
}
