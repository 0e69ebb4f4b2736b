import { getQueryClient } from '@carelane/shared-session';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { lookupQueries } from './lookup-queries';
import { organizationFixture } from './organization-fixture';
import { OrganizationPicker, useOrganizationName } from './OrganizationPicker';

const rows = ['North Home Health', 'South Hospice', 'East Valley Rehab', 'West Side Clinic'].map(
  (name, index) => organizationFixture(index + 1, name),
);

/** The lookup answered from the story (no server): what the API's organization list would hold. */
function withOrganizations() {
  for (const status of ['ACTIVE', 'ALL'] as const)
    getQueryClient().setQueryData(lookupQueries.organizations(status).queryKey, {
      rows,
      paging: { pageNumber: 1, pageSize: 1000, pageCount: 1, totalCount: rows.length },
    });
}

function Chosen() {
  const [value, setValue] = useState<number | undefined>(2);
  const name = useOrganizationName(value, 'ALL');
  return (
    <Flex vertical gap={8} style={{ width: 260 }}>
      <OrganizationPicker
        aria-label="Organization"
        placeholder="Any organization"
        allowClear
        organizationStatus="ALL"
        value={value}
        onChange={(next?: number) => setValue(next)}
      />
      <Typography.Text type="secondary">Filtered by: {name ?? 'every organization'}</Typography.Text>
    </Flex>
  );
}

const meta: Meta<typeof OrganizationPicker> = {
  title: 'Inputs/OrganizationPicker',
  component: OrganizationPicker,
  decorators: [
    (Story) => {
      withOrganizations();
      return (
        <QueryClientProvider client={getQueryClient()}>
          <Story />
        </QueryClientProvider>
      );
    },
  ],
};
export default meta;
type Story = StoryObj<typeof OrganizationPicker>;

/** Type part of a name to narrow the organizations; clearing means every organization. */
export const Searchable: Story = { render: () => <Chosen /> };
