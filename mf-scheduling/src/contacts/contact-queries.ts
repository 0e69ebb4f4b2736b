import { contactListResponseSchema, contactSchema } from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

export type ContactFilters = {
  pageNumber: number;
  pageSize: number;
  search?: string;
  referralSourceId?: number;
  isCaseManager?: 'true' | 'false';
};

export const contactQueries = {
  list: (filters: ContactFilters) =>
    queryOptions({
      queryKey: ['contact', 'list', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/contacts', contactListResponseSchema, { searchParams: filters, signal }),
      placeholderData: (previous) => previous,
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: ['contact', 'one', id],
      queryFn: ({ signal }) => apiClient.get(`/api/admin/contacts/${id}`, contactSchema, { signal }),
    }),
};
