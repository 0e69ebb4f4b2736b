// The agreements API as the pages call it: react-query options (keys start with the entity name, so
// `entityChanged` events refresh them) and the writes. Signing is two calls: the PDF made in the browser is
// uploaded as the clinician's file (decision 012's checks), then the agreement is recorded against it.
import {
  agreementTemplateListSchema,
  agreementTemplateSchema,
  clinicianAgreementsSchema,
  providerAgreementSchema,
  providerFileSchema,
  type AgreementSignInput,
  type AgreementTemplateInput,
  type AgreementVersionInput,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

const TEMPLATES = '/api/admin/agreementTemplates';
const filesPath = (providerId: number) => `/api/fileserver/providers/${providerId}/files`;

export const agreementQueries = {
  /** The signed-in clinician's own (null), or any clinician's for staff. */
  ofClinician: (providerId: number | null) =>
    queryOptions({
      queryKey: ['providerAgreement', 'clinician', providerId ?? 'own'],
      queryFn: ({ signal }) =>
        apiClient.get(
          providerId === null ? '/api/admin/myAgreements' : `/api/admin/providers/${providerId}/agreements`,
          clinicianAgreementsSchema,
          { signal },
        ),
    }),
  templates: () =>
    queryOptions({
      queryKey: ['agreementTemplate', 'list'],
      queryFn: ({ signal }) => apiClient.get(TEMPLATES, agreementTemplateListSchema, { signal }),
    }),
};

export const agreementCalls = {
  uploadPdf: (providerId: number, fileName: string, bytes: Uint8Array) =>
    apiClient.upload(filesPath(providerId), bytes, providerFileSchema, {
      searchParams: { fileName },
      contentType: 'application/pdf',
    }),
  sign: (input: AgreementSignInput) =>
    apiClient.post('/api/admin/myAgreements', input, providerAgreementSchema),
  download: (providerId: number, fileId: number) => apiClient.download(`${filesPath(providerId)}/${fileId}`),
  createTemplate: (input: AgreementTemplateInput) =>
    apiClient.post(TEMPLATES, input, agreementTemplateSchema),
  publishVersion: (templateId: number, input: AgreementVersionInput) =>
    apiClient.post(`${TEMPLATES}/${templateId}/versions`, input, agreementTemplateSchema),
};

/** The PDF builder (and jspdf with it) is a chunk of its own, fetched only when a PDF is made. */
export const loadPdfBuilder = () => import('./agreement-pdf');
