// The clinician's stored files on `/provider` (provider_files through /api/fileserver/providers/:id/files):
// name, the credential or signed agreement each belongs to, when and by whom it was uploaded, and a download,
// 10 a page with the pagination summary line; an empty state when there are none.
import { type ProviderFileRow } from '@carelane/shared-domain';
import { errorMessage, publishErrorToast, saveFile } from '@carelane/shared-session';
import { DataTable, loadState } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { HeadedCard } from './HeadedCard';
import { providerDetailCalls, providerDetailQueries } from './provider-detail-queries';

const PAGE_SIZE = 10;

const belongsTo = (row: ProviderFileRow) =>
  row.credential?.credentialType ?? (row.agreement ? `Agreement: ${row.agreement}` : '—');

async function download(row: ProviderFileRow) {
  try {
    saveFile(await providerDetailCalls.downloadFile(row.providerId, row.id), row.fileName);
  } catch (error) {
    publishErrorToast(errorMessage(error, 'the file', 'downloaded'));
  }
}

export function DocumentsCard({ providerId }: { providerId: number }) {
  const [pageNumber, setPageNumber] = useState(1);
  const files = useQuery(providerDetailQueries.files(providerId, pageNumber));
  const loaded = loadState(files, 'the documents', { keepStale: true });
  return (
    <HeadedCard title="Documents">
      {loaded.data ? (
        <DataTable<ProviderFileRow>
          ariaLabel="Documents"
          rows={loaded.data.rows}
          totalCount={loaded.data.paging.totalCount}
          pageNumber={pageNumber}
          pageSize={PAGE_SIZE}
          pageSizeOptions={[PAGE_SIZE]}
          loading={files.isFetching}
          rowKey="id"
          emptyText="No documents stored for this clinician."
          onPageChange={(page) => setPageNumber(page)}
          columns={[
            { title: 'Name', key: 'name', dataIndex: 'fileName' },
            { title: 'Credential', key: 'credential', render: (_v, row) => belongsTo(row) },
            {
              title: 'Uploaded',
              key: 'uploaded',
              render: (_v, row) => (
                <>
                  <time dateTime={row.uploadedAt}>{dayjs(row.uploadedAt).format('M/D/YYYY h:mm A')}</time>
                  {row.uploadedByName ? (
                    <Typography.Text type="secondary"> by {row.uploadedByName}</Typography.Text>
                  ) : null}
                </>
              ),
            },
            {
              title: 'File',
              key: 'download',
              render: (_v, row) => (
                <Button
                  type="link"
                  style={{ padding: 0 }}
                  aria-label={`Download ${row.fileName}`}
                  onClick={() => void download(row)}
                >
                  Download
                </Button>
              ),
            },
          ]}
        />
      ) : (
        loaded.fallback
      )}
    </HeadedCard>
  );
}
