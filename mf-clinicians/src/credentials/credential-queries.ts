// The credentials API as the pages call it: react-query options (keys start with the entity name, so
// `entityChanged` events refresh them) and the writes.
import {
  credentialQueueSchema,
  credentialTypeListSchema,
  fileTypeOf,
  providerCredentialListSchema,
  providerCredentialSchema,
  providerFileSchema,
  type CredentialQueueQuery,
  type CredentialReview,
  type ProviderCredential,
  type ProviderCredentialInput,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

const credentialsPath = (providerId: number) => `/api/admin/providers/${providerId}/credentials`;
const filesPath = (providerId: number) => `/api/fileserver/providers/${providerId}/files`;

export const credentialQueries = {
  types: () =>
    queryOptions({
      queryKey: ['credentialType', 'list'],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/credentialTypes', credentialTypeListSchema, { signal }),
      staleTime: 60_000,
    }),
  /** The signed-in clinician's own, or (with an id) any clinician's for staff. */
  ofClinician: (providerId: number | null) =>
    queryOptions({
      queryKey: ['providerCredential', 'clinician', providerId ?? 'own'],
      queryFn: ({ signal }) =>
        apiClient.get(
          providerId === null ? '/api/admin/myCredentials' : credentialsPath(providerId),
          providerCredentialListSchema,
          { signal },
        ),
    }),
  queue: (filters: CredentialQueueQuery) =>
    queryOptions({
      queryKey: ['providerCredential', 'queue', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/credentialReviews', credentialQueueSchema, {
          searchParams: filters,
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
};

export const credentialCalls = {
  uploadFile: (providerId: number, fileName: string, bytes: ArrayBuffer) =>
    apiClient.upload(filesPath(providerId), bytes, providerFileSchema, {
      searchParams: { fileName },
      contentType: fileTypeOf(fileName) ?? undefined,
    }),
  downloadFile: (providerId: number, fileId: number) =>
    apiClient.download(`${filesPath(providerId)}/${fileId}`),
  submit: (providerId: number, input: ProviderCredentialInput) =>
    apiClient.post(credentialsPath(providerId), input, providerCredentialSchema),
  review: (
    credential: ProviderCredential,
    review: Omit<CredentialReview, 'rejectReason'> & { rejectReason?: string },
  ) =>
    apiClient.post(
      `${credentialsPath(credential.providerId)}/${credential.id}/review`,
      review,
      providerCredentialSchema,
    ),
  changeCategory: (credential: ProviderCredential, credentialTypeId: number) =>
    apiClient.post(
      `${credentialsPath(credential.providerId)}/${credential.id}/category`,
      { credentialTypeId, version: credential.version },
      z.object({ message: z.string(), credential: providerCredentialSchema }),
    ),
};
