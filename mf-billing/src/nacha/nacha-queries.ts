// The NACHA bank files as the /nachaFile page calls them (issue 13). Query keys start with 'nachaFile'; an export
// changes the pay (Exported), the fines and payable adjustments it settled, so it refreshes those too.
import {
  nachaFileListSchema,
  nachaFileResultSchema,
  type CreateNachaFile,
  type ProviderPay,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { eachPage, refresh } from '@carelane/shared-ui';
import { queryOptions } from '@tanstack/react-query';
import { payCalls, type PayFilters } from '../provider-payments/pay-queries';

export const nachaQueries = {
  files: () =>
    queryOptions({
      queryKey: ['nachaFile', 'list'],
      queryFn: ({ signal }) => apiClient.get('/api/operation/nachaFiles', nachaFileListSchema, { signal }),
    }),
};

/** A blob's text: Blob.text() where there is one (browsers), else a FileReader (jsdom's Blob has no text()). */
export const blobText = (blob: Blob): Promise<string> =>
  typeof blob.text === 'function'
    ? blob.text()
    : new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string);
        reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
        reader.readAsText(blob);
      });

export const nachaCalls = {
  release: (input: CreateNachaFile) =>
    apiClient.post('/api/operation/nachaFiles', input, nachaFileResultSchema),
  /** The file as released (text/plain; needs the session's token: fetched, not linked). */
  download: (id: number) => apiClient.download(`/api/operation/nachaFiles/${id}`),
  text: async (id: number) => blobText((await nachaCalls.download(id)).blob),
};

/** After an export: the pay it marked Exported, the fines and adjustments it settled, the files. */
export const refreshAfterExport = () => refresh('providerPay', 'nachaFile', 'fine', 'adjustment');

/** The most payments "Select all matching" selects at once (one export; the next takes the rest). */
export const SELECT_ALL_CAP = 5000;
const SELECT_PAGE_SIZE = 500;

/** A row an export can take: priced, and its clinician has a bank account. */
export const exportable = (row: ProviderPay) => row.problem === null && row.hasBankAccount;

/**
 * Every exportable Ready For Export payment of the filters, page after page, at most SELECT_ALL_CAP; `capped`
 * when more matched.
 */
export async function fetchAllExportable(
  filters: Omit<PayFilters, 'pageNumber' | 'pageSize' | 'status'>,
  signal?: AbortSignal,
): Promise<{ rows: ProviderPay[]; capped: boolean; skipped: number }> {
  const byId = new Map<number, ProviderPay>();
  let skipped = 0;
  const pages = eachPage(
    (pageNumber, pageSize) =>
      payCalls.page({ ...filters, status: 'ReadyForExport', pageNumber, pageSize }, signal),
    SELECT_PAGE_SIZE,
  );
  for await (const page of pages) {
    for (const row of page.rows) {
      if (!exportable(row)) skipped += 1;
      else if (byId.size < SELECT_ALL_CAP) byId.set(row.visitId, row);
      else return { rows: [...byId.values()], capped: true, skipped };
    }
  }
  return { rows: [...byId.values()], capped: false, skipped };
}
