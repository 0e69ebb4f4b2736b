import {
  episodeFileListSchema,
  episodeFileSchema,
  episodeListResponseSchema,
  episodeSchema,
  episodeVisitListResponseSchema,
  fileTypeOf,
  PAGE_SIZES,
  type EpisodeStatusFilter,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

export type EpisodeFilters = {
  pageNumber: number;
  pageSize: number;
  search?: string;
  status: EpisodeStatusFilter;
  mine: boolean;
  episodeType?: 'Visit' | 'Shift';
  referralSourceId?: number;
  patientId?: number;
  createdFrom: string;
  createdTo: string;
};

/** Query keys start with the entity name, so `entityChanged` events refresh them. */
export const episodeQueries = {
  list: (filters: EpisodeFilters) =>
    queryOptions({
      queryKey: ['episode', 'list', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/admin/episodes', episodeListResponseSchema, { searchParams: filters, signal }),
      placeholderData: (previous) => previous,
    }),
  one: (id: number) =>
    queryOptions({
      queryKey: ['episode', 'one', id],
      queryFn: ({ signal }) => apiClient.get(`/api/admin/episodes/${id}`, episodeSchema, { signal }),
    }),
  visits: (id: number) =>
    queryOptions({
      queryKey: ['episode', 'visits', id],
      queryFn: ({ signal }) =>
        apiClient.get(`/api/admin/episodes/${id}/visits`, episodeVisitListResponseSchema, {
          searchParams: { pageSize: PAGE_SIZES.episodeDetailVisits },
          signal,
        }),
    }),
  files: (id: number) =>
    queryOptions({
      queryKey: ['episodeFile', 'list', id],
      queryFn: ({ signal }) => apiClient.get(filesPath(id), episodeFileListSchema, { signal }),
    }),
};

const filesPath = (episodeId: number, fileId?: number) =>
  `/api/fileserver/episodes/${episodeId}/files${fileId === undefined ? '' : `/${fileId}`}`;

/** The writes and the download of a service request's files (the list refreshes by its 'episodeFile' key). */
export const episodeFileCalls = {
  upload: (episodeId: number, fileName: string, bytes: ArrayBuffer) =>
    apiClient.upload(filesPath(episodeId), bytes, episodeFileSchema, {
      searchParams: { fileName },
      contentType: fileTypeOf(fileName) ?? undefined,
    }),
  download: (episodeId: number, fileId: number) => apiClient.download(filesPath(episodeId, fileId)),
  remove: (episodeId: number, fileId: number) =>
    apiClient.delete(filesPath(episodeId, fileId), z.object({ message: z.string() })),
};
