// /candidateReport and /candidatePageView as the pages call them (issue 26, decision 058): each report's figures,
// and the records behind one.
import {
  candidatePageViewRecordsSchema,
  candidatePageViewSchema,
  candidateRecordsSchema,
  candidateReportSchema,
  type CandidateFigure,
  type CandidatePageView,
  type CandidatePageViewRecords,
  type CandidateRecords,
  type CandidateReport,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';

type Paged = { pageNumber: number; pageSize: number };
type WhichPeriod = { period?: 'current' | 'prior' };

/** What /candidateReport sends: the period, the provider type and the clinician's state (no organization). */
export type CandidateFilters = { from: string; to: string; providerTypeId?: number; state?: string };
export type CandidateFigureQuery = CandidateFilters & WhichPeriod & { figure: CandidateFigure };

export type PageViewFilters = { from: string; to: string; page?: string };
export type PageViewFigureQuery = PageViewFilters &
  WhichPeriod & { figure: 'views' | 'visitors' | 'registrations'; day?: string; channel?: string };

export const candidateCalls = {
  report: (filters: CandidateFilters, signal?: AbortSignal): Promise<CandidateReport> =>
    apiClient.get('/api/admin/reports/candidateReport', candidateReportSchema, {
      searchParams: filters,
      signal,
    }),
  records: (query: CandidateFigureQuery & Paged, signal?: AbortSignal): Promise<CandidateRecords> =>
    apiClient.get('/api/admin/reports/candidateReport/records', candidateRecordsSchema, {
      searchParams: query,
      signal,
    }),
  pageViews: (filters: PageViewFilters, signal?: AbortSignal): Promise<CandidatePageView> =>
    apiClient.get('/api/admin/reports/candidatePageView', candidatePageViewSchema, {
      searchParams: filters,
      signal,
    }),
  pageViewRecords: (
    query: PageViewFigureQuery & Paged,
    signal?: AbortSignal,
  ): Promise<CandidatePageViewRecords> =>
    apiClient.get('/api/admin/reports/candidatePageView/records', candidatePageViewRecordsSchema, {
      searchParams: query,
      signal,
    }),
};

export const candidateQueries = {
  report: (filters: CandidateFilters) =>
    queryOptions({
      queryKey: ['candidateReport', filters],
      queryFn: ({ signal }) => candidateCalls.report(filters, signal),
      placeholderData: (previous) => previous,
    }),
  records: (query: CandidateFigureQuery & Paged) =>
    queryOptions({
      queryKey: ['candidateReport', 'records', query],
      queryFn: ({ signal }) => candidateCalls.records(query, signal),
      placeholderData: (previous) => previous,
    }),
  pageViews: (filters: PageViewFilters) =>
    queryOptions({
      queryKey: ['candidatePageView', filters],
      queryFn: ({ signal }) => candidateCalls.pageViews(filters, signal),
      placeholderData: (previous) => previous,
    }),
  pageViewRecords: (query: PageViewFigureQuery & Paged) =>
    queryOptions({
      queryKey: ['candidatePageView', 'records', query],
      queryFn: ({ signal }) => candidateCalls.pageViewRecords(query, signal),
      placeholderData: (previous) => previous,
    }),
};
