// /supplyDemandGap as the page calls it (issue 26, decision 057): a page of counties (and every county, for the
// map and the chart), the records behind a county's figure, and the map's raster tile address. Keys start with
// 'supplyDemandGap'.
import {
  constantSchema,
  metricDrillSchema,
  supplyDemandSchema,
  type MetricDrill,
  type SupplyDemand,
  type SupplyDemandDrill,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';
import type { ReportFilterValues } from '../report-kit/ReportFilters';

/** What the report sends: the common filters, the county's state, the sort and the page. */
export type SupplyDemandFilters = ReportFilterValues & {
  state?: string;
  sort?: string;
  order?: 'ascend' | 'descend';
  pageNumber: number;
  pageSize: number;
};

/** The records behind a county's figure. */
export type SupplyDemandRecordsFilters = ReportFilterValues & {
  state?: string;
  county: string;
  figure: SupplyDemandDrill;
  period: 'current' | 'prior';
  pageNumber: number;
  pageSize: number;
};

const PATH = '/api/admin/reports/supplyDemandGap';

export const supplyDemandCalls = {
  report: (filters: SupplyDemandFilters, signal?: AbortSignal): Promise<SupplyDemand> =>
    apiClient.get(PATH, supplyDemandSchema, { searchParams: filters, signal }),
  records: (filters: SupplyDemandRecordsFilters, signal?: AbortSignal): Promise<MetricDrill> =>
    apiClient.get(`${PATH}/records`, metricDrillSchema, { searchParams: filters, signal }),
};

export const supplyDemandQueries = {
  report: (filters: SupplyDemandFilters) =>
    queryOptions({
      queryKey: ['supplyDemandGap', 'report', filters],
      queryFn: ({ signal }) => supplyDemandCalls.report(filters, signal),
      placeholderData: (previous) => previous,
    }),
  records: (filters: SupplyDemandRecordsFilters) =>
    queryOptions({
      queryKey: ['supplyDemandGap', 'records', filters],
      queryFn: ({ signal }) => supplyDemandCalls.records(filters, signal),
      placeholderData: (previous) => previous,
    }),
  /** The raster tile address (constant mapTileUrl), empty when none is configured or it cannot be read. */
  tileUrl: () =>
    queryOptions({
      queryKey: ['constant', 'mapTileUrl'],
      queryFn: ({ signal }) => apiClient.get('/api/admin/constants', constantSchema.array(), { signal }),
      select: (list) => list.find((constant) => constant.name === 'mapTileUrl')?.value.trim() ?? '',
      staleTime: 5 * 60_000,
      retry: false,
    }),
};
