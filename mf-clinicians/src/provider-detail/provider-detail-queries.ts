// The clinician detail API as the page calls it: react-query options (keys start with the entity name, so
// `entityChanged` events refresh them) and the writes.
import {
  okSchema,
  providerActivitySchema,
  providerDetailSchema,
  providerFileListSchema,
  providerNoteListSchema,
  providerNoteSchema,
  providerRateListSchema,
  providerStatusReasonsSchema,
  providerTransferTargetsSchema,
  providerVacationListSchema,
  providerVacationSchema,
  type ProviderNoteInput,
  type ProviderProfileFormInput,
  type ProviderRatesInput,
  type ProviderStatusChange,
  type ProviderTransfer,
  type ProviderVacationInput,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

const one = (providerId: number) => `/api/admin/providers/${providerId}`;
const filesPath = (providerId: number) => `/api/fileserver/providers/${providerId}/files`;

export const providerDetailQueries = {
  one: (providerId: number) =>
    queryOptions({
      queryKey: ['provider', 'detail', providerId],
      queryFn: ({ signal }) => apiClient.get(one(providerId), providerDetailSchema, { signal }),
    }),
  rates: (providerId: number) =>
    queryOptions({
      queryKey: ['provider', 'rates', providerId],
      queryFn: ({ signal }) => apiClient.get(`${one(providerId)}/rates`, providerRateListSchema, { signal }),
    }),
  vacations: (providerId: number) =>
    queryOptions({
      queryKey: ['provider', 'vacations', providerId],
      queryFn: ({ signal }) =>
        apiClient.get(`${one(providerId)}/vacations`, providerVacationListSchema, { signal }),
    }),
  activity: (providerId: number, pageNumber: number) =>
    queryOptions({
      queryKey: ['provider', 'activity', providerId, pageNumber],
      queryFn: ({ signal }) =>
        apiClient.get(`${one(providerId)}/activity`, providerActivitySchema, {
          searchParams: { pageNumber },
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
  notes: (providerId: number, pageNumber: number) =>
    queryOptions({
      queryKey: ['provider', 'notes', providerId, pageNumber],
      queryFn: ({ signal }) =>
        apiClient.get(`${one(providerId)}/notes`, providerNoteListSchema, {
          searchParams: { pageNumber },
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
  /** The clinician's stored files; keyed under providerCredential, whose changes attach files. */
  files: (providerId: number, pageNumber: number) =>
    queryOptions({
      queryKey: ['providerCredential', 'files', providerId, pageNumber],
      queryFn: ({ signal }) =>
        apiClient.get(filesPath(providerId), providerFileListSchema, {
          searchParams: { pageNumber },
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
  statusReasons: () =>
    queryOptions({
      queryKey: ['appConstant', 'inactivateProviderReasonTypes'],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/providerStatusReasons', providerStatusReasonsSchema, { signal }),
      staleTime: 60_000,
    }),
  transferTargets: () =>
    queryOptions({
      queryKey: ['user', 'providerTransferTargets'],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/providerTransferTargets', providerTransferTargetsSchema, { signal }),
      staleTime: 60_000,
    }),
};

export const providerDetailCalls = {
  save: (providerId: number, input: ProviderProfileFormInput) =>
    apiClient.put(one(providerId), input, providerDetailSchema),
  changeStatus: (providerId: number, input: ProviderStatusChange) =>
    apiClient.post(`${one(providerId)}/status`, input, providerDetailSchema),
  transfer: (providerId: number, input: ProviderTransfer) =>
    apiClient.post(`${one(providerId)}/transfer`, input, providerDetailSchema),
  saveRates: (providerId: number, input: ProviderRatesInput) =>
    apiClient.put(`${one(providerId)}/rates`, input, providerRateListSchema),
  addVacation: (providerId: number, input: ProviderVacationInput) =>
    apiClient.post(`${one(providerId)}/vacations`, input, providerVacationSchema),
  deleteVacation: (providerId: number, vacationId: number) =>
    apiClient.delete(`${one(providerId)}/vacations/${vacationId}`, okSchema),
  addNote: (providerId: number, input: ProviderNoteInput) =>
    apiClient.post(`${one(providerId)}/notes`, input, providerNoteSchema),
  downloadFile: (providerId: number, fileId: number) =>
    apiClient.download(`${filesPath(providerId)}/${fileId}`),
};
