import { useQuery } from '@tanstack/react-query';
import { Descriptions } from 'antd';
import { lookupQueries } from '../../lookups/lookup-queries';

/** The picked physician's details under the Physician field. */
export function PhysicianCard({ id }: { id: number }) {
  const physician = useQuery(lookupQueries.physician(id));
  if (!physician.data) return null;
  const p = physician.data;
  return (
    <Descriptions
      size="small"
      bordered
      column={2}
      style={{ marginBottom: 16 }}
      items={[
        { key: 'name', label: 'Physician', children: `${p.firstName} ${p.lastName}` },
        { key: 'npi', label: 'NPI', children: p.npi ?? '—' },
        { key: 'specialty', label: 'Specialty', children: p.specialty ?? '—' },
        { key: 'phone', label: 'Phone', children: p.phoneNumber ?? '—' },
        { key: 'fax', label: 'Fax', children: p.fax ?? '—' },
        { key: 'email', label: 'Email', children: p.email ?? '—' },
        {
          key: 'address',
          label: 'Address',
          children: [p.addressLine1, p.city, p.state, p.zipcode].filter(Boolean).join(', ') || '—',
        },
      ]}
    />
  );
}
