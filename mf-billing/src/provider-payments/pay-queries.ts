// Clinicians' pay, their fines and their bank accounts as the provider payments page calls them (issue 13).
// Query keys start with 'providerPay', 'fine' and 'bankAccount', so those entities' entityChanged events refresh
// them; every write here refreshes what it changes.
import {
  bankAccountAnswerSchema,
  bankAccountResultSchema,
  fineListSchema,
  fineResultSchema,
  fineVisitListSchema,
  onboardingStateSchema,
  providerPaymentListSchema,
  type BankAccountInput,
  type FineInput,
  type ProviderPaymentList,
  type ProviderPaymentsQuery,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { refresh } from '@carelane/shared-ui';
import { queryOptions } from '@tanstack/react-query';

/** The list's filters as GET /api/operation/providerPayments reads them (providerPaymentsQuerySchema). */
export type PayFilters = {
  status: ProviderPaymentsQuery['status'];
  providerId?: number;
  startDate: string;
  endDate: string;
  pageNumber: number;
  pageSize: number;
};

export type FineFilters = {
  status: 'ALL' | 'Active' | 'Contested' | 'Removed';
  providerId?: number;
  pageNumber: number;
  pageSize: number;
};

const fetchPay = (filters: PayFilters, signal?: AbortSignal): Promise<ProviderPaymentList> =>
  apiClient.get('/api/operation/providerPayments', providerPaymentListSchema, {
    searchParams: filters,
    signal,
  });

const bankAccountPath = (providerId: number) => `/api/operation/providers/${providerId}/bankAccount`;

export const payQueries = {
  /** The pay list; the server decides whose (billing staff: all or one clinician's; a clinician: their own). */
  list: (filters: PayFilters) =>
    queryOptions({
      queryKey: ['providerPay', 'list', filters],
      queryFn: ({ signal }) => fetchPay(filters, signal),
      placeholderData: (previous) => previous,
    }),
  fines: (filters: FineFilters) =>
    queryOptions({
      queryKey: ['fine', 'list', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/operation/fines', fineListSchema, { searchParams: filters, signal }),
      placeholderData: (previous) => previous,
    }),
  /** The clinician's visits a fine may be for (the Visit picker of the fine form). */
  fineVisits: (providerId: number) =>
    queryOptions({
      queryKey: ['fine', 'visits', providerId],
      queryFn: ({ signal }) =>
        apiClient.get('/api/operation/fines/visits', fineVisitListSchema, {
          searchParams: { providerId },
          signal,
        }),
    }),
  bankAccount: (providerId: number) =>
    queryOptions({
      queryKey: ['bankAccount', providerId],
      queryFn: ({ signal }) =>
        apiClient.get(bankAccountPath(providerId), bankAccountAnswerSchema, { signal }),
    }),
  /**
   * The signed-in clinician's own provider id. The session carries the user id only; the clinician's onboarding
   * state (GET /api/admin/myOnboarding, held by `myVisits`) is the one answer that names their provider record.
   */
  ownProviderId: () =>
    queryOptions({
      queryKey: ['bankAccount', 'ownProviderId'],
      queryFn: async ({ signal }) =>
        (await apiClient.get('/api/admin/myOnboarding', onboardingStateSchema, { signal })).providerId,
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

export const payCalls = {
  /** One page of the pay list (the NACHA page reads every page of Ready For Export pay to select all). */
  page: fetchPay,
  addFine: (input: FineInput) => apiClient.post('/api/operation/fines', input, fineResultSchema),
  contestFine: (id: number, note: string) =>
    apiClient.post(`/api/operation/fines/${id}/contest`, { note }, fineResultSchema),
  removeFine: (id: number, note: string) =>
    apiClient.post(`/api/operation/fines/${id}/remove`, { note }, fineResultSchema),
  upholdFine: (id: number) => apiClient.post(`/api/operation/fines/${id}/uphold`, {}, fineResultSchema),
  saveBankAccount: (providerId: number, input: BankAccountInput) =>
    apiClient.put(bankAccountPath(providerId), input, bankAccountResultSchema),
};

/** After a fine changes: the fines, and the pay an export would net. */
export const refreshFines = () => refresh('fine', 'providerPay');
/** After a bank account is saved (its own answer is set in the cache): the pay list's bank account marks. */
export const refreshBankAccount = () => refresh('providerPay');
