// The surveys as the pages call them (issue 26, decision 049): the public link's survey and answer, the results'
// counts, and the answers behind a figure (a page at a time, or every page for the CSV).
import {
  publicSurveySchema,
  surveyAnswerResultSchema,
  surveyResponsesSchema,
  surveySummarySchema,
  type SurveyBand,
  type SurveyKey,
  type SurveyResponseRow,
  type SurveyResponses,
  type SurveySummary,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { fetchEveryPage } from '@carelane/shared-ui';
import { queryOptions } from '@tanstack/react-query';
import type { ReportFilterValues } from '../report-kit/ReportFilters';

export type SurveySummaryFilters = ReportFilterValues & { survey?: SurveyKey };

/** What narrows the answers to those behind one figure. */
export type ResponsesTarget = {
  survey?: SurveyKey;
  period?: 'prior';
  band?: SurveyBand;
  questionId?: string;
  value?: number;
  commented?: 'true';
};

export type ResponsesFilters = ReportFilterValues &
  ResponsesTarget & {
    pageNumber: number;
    pageSize: number;
    sort?: 'submittedAt' | 'satisfaction' | 'recommend';
    order?: 'asc' | 'desc';
  };

export const surveyCalls = {
  publicSurvey: (token: string, signal?: AbortSignal) =>
    apiClient.get(`/api/public/surveys/${encodeURIComponent(token)}`, publicSurveySchema, {
      signal,
      quietUnauthorized: true,
    }),
  answer: (token: string, answers: Record<string, number | string>) =>
    apiClient.post(
      `/api/public/surveys/${encodeURIComponent(token)}`,
      { answers },
      surveyAnswerResultSchema,
      {
        quietUnauthorized: true,
      },
    ),
  summary: (filters: SurveySummaryFilters, signal?: AbortSignal): Promise<SurveySummary> =>
    apiClient.get('/api/admin/reports/surveys/summary', surveySummarySchema, {
      searchParams: filters,
      signal,
    }),
  responses: (filters: ResponsesFilters, signal?: AbortSignal): Promise<SurveyResponses> =>
    apiClient.get('/api/admin/reports/surveys/responses', surveyResponsesSchema, {
      searchParams: filters,
      signal,
    }),
};

/** Every answer of the filters, page after page (the CSV). */
export function fetchAllResponses(
  filters: Omit<ResponsesFilters, 'pageNumber' | 'pageSize'>,
  progress: (done: number, total: number) => void,
  signal: AbortSignal,
): Promise<SurveyResponseRow[]> {
  return fetchEveryPage<SurveyResponseRow>(
    (pageNumber, pageSize) => surveyCalls.responses({ ...filters, pageNumber, pageSize }, signal),
    (row) => row.id,
    progress,
  );
}

export const surveyQueries = {
  publicSurvey: (token: string) =>
    queryOptions({
      queryKey: ['publicSurvey', token],
      queryFn: ({ signal }) => surveyCalls.publicSurvey(token, signal),
      retry: false,
    }),
  summary: (filters: SurveySummaryFilters) =>
    queryOptions({
      queryKey: ['surveySummary', filters],
      queryFn: ({ signal }) => surveyCalls.summary(filters, signal),
      placeholderData: (previous) => previous,
    }),
  responses: (filters: ResponsesFilters) =>
    queryOptions({
      queryKey: ['surveyResponses', filters],
      queryFn: ({ signal }) => surveyCalls.responses(filters, signal),
      placeholderData: (previous) => previous,
    }),
};
