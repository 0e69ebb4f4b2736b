import { render, screen } from '@testing-library/react';
import { Table } from 'antd';
import {
  RECORD_STATUS_FILTER_OPTIONS,
  RECORD_STATUS_OPTIONS,
  recordStatusColumn,
} from './record-status-options';

describe('record status options', () => {
  it('names the statuses Active and Inactive, and the filter adds All last', () => {
    expect(RECORD_STATUS_OPTIONS.map((option) => option.label)).toEqual(['Active', 'Inactive']);
    expect(RECORD_STATUS_FILTER_OPTIONS).toEqual([
      { value: 'ACTIVE', label: 'Active' },
      { value: 'INACTIVE', label: 'Inactive' },
      { value: 'ALL', label: 'All' },
    ]);
  });

  it('shows the Status column as a record status tag', () => {
    render(
      <Table
        rowKey="id"
        pagination={false}
        columns={[recordStatusColumn<{ id: number; status: string }>()]}
        dataSource={[
          { id: 1, status: 'ACTIVE' },
          { id: 2, status: 'INACTIVE' },
        ]}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeTruthy();
    expect(screen.getByText('ACTIVE').dataset.color).toBe('green');
    expect(screen.getByText('INACTIVE').dataset.color).toBe('default');
  });
});
