// The billing reports as the pages call them (decision 030). Keys start with 'invoice', so a billing change
// (an invoice made, a payment applied) refreshes them.
import {
  arHealthSchema,
  outpatientBillingSchema,
  rebateReportSchema,
  unpaidVisitListSchema,
  type ArHealth,
  type OutpatientBilling,
  type OutpatientBillingQuery,
  type RebateReport,
  type UnpaidVisitList,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

export type ArHealthFilters = { asOf: string; referralSourceId?: number };
export type UnpaidVisitsFilters = {
  referralSourceId?: number;
  dueBy?: string;
  pageNumber: number;
  pageSize: number;
};
export type OutpatientBillingFilters = {
  startDate: string;
  endDate: string;
  referralSourceId?: number;
  providerType?: OutpatientBillingQuery['providerType'];
  pageNumber: number;
  pageSize: number;
};
export type RebateFilters = { startDate: string; endDate: string; referralSourceId?: number };

export const reportCalls = {
  arHealth: (filters: ArHealthFilters, signal?: AbortSignal): Promise<ArHealth> =>
    apiClient.get('/api/operation/reports/arHealth', arHealthSchema, { searchParams: filters, signal }),
  unpaidVisits: (filters: UnpaidVisitsFilters, signal?: AbortSignal): Promise<UnpaidVisitList> =>
    apiClient.get('/api/operation/reports/unpaidVisits', unpaidVisitListSchema, {
      searchParams: filters,
      signal,
    }),
  outpatientBilling: (filters: OutpatientBillingFilters, signal?: AbortSignal): Promise<OutpatientBilling> =>
    apiClient.get('/api/operation/reports/outpatientBilling', outpatientBillingSchema, {
      searchParams: filters,
      signal,
    }),
  rebates: (filters: RebateFilters, signal?: AbortSignal): Promise<RebateReport> =>
    apiClient.get('/api/operation/reports/rebates', rebateReportSchema, { searchParams: filters, signal }),
};

export const reportQueries = {
  arHealth: (filters: ArHealthFilters) =>
    queryOptions({
      queryKey: ['invoice', 'report', 'arHealth', filters],
      queryFn: ({ signal }) => reportCalls.arHealth(filters, signal),
      placeholderData: (previous) => previous,
    }),
  unpaidVisits: (filters: UnpaidVisitsFilters) =>
    queryOptions({
      queryKey: ['invoice', 'report', 'unpaidVisits', filters],
      queryFn: ({ signal }) => reportCalls.unpaidVisits(filters, signal),
      placeholderData: (previous) => previous,
    }),
  outpatientBilling: (filters: OutpatientBillingFilters) =>
    queryOptions({
      queryKey: ['invoice', 'report', 'outpatientBilling', filters],
      queryFn: ({ signal }) => reportCalls.outpatientBilling(filters, signal),
      placeholderData: (previous) => previous,
    }),
  rebates: (filters: RebateFilters) =>
    queryOptions({
      queryKey: ['invoice', 'report', 'rebates', filters],
      queryFn: ({ signal }) => reportCalls.rebates(filters, signal),
      placeholderData: (previous) => previous,
    }),
};
