import type { Meta, StoryObj } from '@storybook/react-vite';
import { Select } from 'antd';
import { DateRangeFilter } from '../date-range-filter/DateRangeFilter';
import { ListFilters } from './ListFilters';

const meta: Meta<typeof ListFilters> = {
  title: 'Data/ListFilters',
  component: ListFilters,
  parameters: {
    docs: {
      description: {
        component:
          'The filters above a list: a wrapping row on a wide screen, one full-width column below 768 px (antd `md`), where the list below is cards. Narrow the window or pick a phone viewport.',
      },
    },
  },
};
export default meta;
type Story = StoryObj<typeof ListFilters>;

const filters = (
  <>
    <Select
      aria-label="Status"
      defaultValue="ALL"
      options={[
        { value: 'ALL', label: 'All statuses' },
        { value: 'Unpaid', label: 'Unpaid' },
      ]}
      style={{ width: 180 }}
    />
    <DateRangeFilter
      label="Date of service"
      value={{ start: new Date(2026, 9, 1), end: new Date(2026, 10, 28) }}
      onChange={() => {}}
    />
    <Select aria-label="Clinician" placeholder="Any clinician" options={[]} style={{ width: 220 }} />
  </>
);

export const Wide: Story = { args: { children: filters } };

export const Phone: Story = {
  args: { children: filters },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
};
