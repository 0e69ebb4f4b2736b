import { patientListResponseSchema, patientSchema } from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

export type PatientFilters = {
  pageNumber: number;
  pageSize: number;
  search?: string;
  status: 'ACTIVE' | 'ARCHIVED' | 'ALL';
  referralSourceId?: number;
  createdFrom?: string;
  createdTo?: string;
};

/** Query keys start with the entity name, so `entityChanged` events refresh them. */
export const patientQueries = {
  list: (filters: PatientFilters) =>
    queryOptions({
      queryKey: ['patient', 'list', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/patients', patientListResponseSchema, { searchParams: filters, signal }),
      placeholderData: (previous) => previous,
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: ['patient', 'one', id],
      queryFn: ({ signal }) => apiClient.get(`/api/admin/patients/${id}`, patientSchema, { signal }),
    }),
};
