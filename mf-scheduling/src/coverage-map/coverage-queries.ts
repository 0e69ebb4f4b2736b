import {
  constantSchema,
  coverageReportResponseSchema,
  type CoverageByZip,
  type CoverageReportQueryInput,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';
import { decryptNames, shapeCoverage, type ShapedCoverage } from './coverage-data';

export type CoverageMapData = ShapedCoverage & {
  coverage: CoverageByZip[];
  dropped: { clinicians: number; episodes: number };
  /** The names could not be decrypted (the blob key changed since sign-in). */
  namesUnavailable: boolean;
};

export type CoverageFilters = {
  providerTypeIds: number[];
  providerStatusId: number;
  episodeStatus: NonNullable<CoverageReportQueryInput['episodeStatus']>;
};

export const coverageQueries = {
  report: (filters: CoverageFilters, blobKey: string) =>
    queryOptions({
      queryKey: ['coverageReport', filters],
      queryFn: async ({ signal }): Promise<CoverageMapData> => {
        const report = await apiClient.get('/api/operation/coverageReport', coverageReportResponseSchema, {
          searchParams: {
            providerTypeIds: filters.providerTypeIds.length ? filters.providerTypeIds.join(',') : undefined,
            providerStatusId: filters.providerStatusId,
            episodeStatus: filters.episodeStatus,
          },
          signal,
        });
        const names = await decryptNames(blobKey, report.episodes.names).catch(() => null);
        return {
          ...shapeCoverage(report, names ?? []),
          coverage: report.coverage,
          dropped: report.dropped,
          namesUnavailable: names === null,
        };
      },
      staleTime: 60_000,
      placeholderData: (previous) => previous,
    }),
  /** The raster tile address (constant mapTileUrl), empty when none is configured. */
  tileUrl: () =>
    queryOptions({
      queryKey: ['constant', 'mapTileUrl'],
      queryFn: ({ signal }) => apiClient.get('/api/admin/constants', constantSchema.array(), { signal }),
      select: (list) => list.find((constant) => constant.name === 'mapTileUrl')?.value.trim() ?? '',
      staleTime: 5 * 60_000,
    }),
};
