// The credential reviewers' queue: credentials waiting for review (or of one status), oldest first; choosing
// one opens it with its scan beside the review form (start review, approve, reject with a reason, change the
// category). Filters and the chosen credential live in the URL.
import {
  CREDENTIAL_STATUSES,
  formatDate,
  type CredentialQueueQuery,
  type ProviderCredential,
} from '@carelane/shared-domain';
import { errorMessage, useUrlState } from '@carelane/shared-session';
import { AreaLink, DataTable, ErrorState } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select, type TableColumnsType } from 'antd';
import { z } from 'zod';
import { credentialQueries } from './credential-queries';
import { CredentialReviewPanel } from './CredentialReviewPanel';
import { CredentialStatusTag } from './CredentialStatusTag';

const STATUS_FILTERS = ['Waiting', ...CREDENTIAL_STATUSES] as const;
const filtersSchema = z.object({
  status: z.enum(STATUS_FILTERS).default('Waiting'),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  credentialId: z.coerce.number().int().positive().optional(),
});
const STATUS_LABELS: Record<(typeof STATUS_FILTERS)[number], string> = {
  Waiting: 'Waiting for review',
  Submitted: 'Submitted',
  InReview: 'In review',
  Approved: 'Approved',
  Rejected: 'Rejected',
  Expired: 'Expired',
};

export function CredentialReviewQueue() {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const query: CredentialQueueQuery = {
    status: filters.status,
    pageNumber: filters.pageNumber,
    pageSize: filters.pageSize,
  };
  const queue = useQuery(credentialQueries.queue(query));
  const chosen = queue.data?.rows.find((row) => row.id === filters.credentialId);

  const columns: TableColumnsType<ProviderCredential> = [
    {
      title: 'Clinician',
      key: 'clinician',
      render: (_v, row) => (
        <AreaLink to={`/providercredential?providerId=${row.providerId}`}>{row.providerName}</AreaLink>
      ),
    },
    { title: 'Credential', dataIndex: 'credentialType', key: 'type' },
    { title: 'Expires', key: 'expires', render: (_v, row) => formatDate(row.expiresOn) || 'Does not expire' },
    { title: 'Submitted', key: 'submitted', render: (_v, row) => formatDate(row.createdAt) },
    { title: 'Status', key: 'status', render: (_v, row) => <CredentialStatusTag status={row.status} /> },
    {
      title: 'Review',
      key: 'review',
      render: (_v, row) => (
        <Button
          size="small"
          onClick={() => setFilters({ credentialId: row.id })}
          aria-label={`Open ${row.credentialType} of ${row.providerName}`}
        >
          Open
        </Button>
      ),
    },
  ];

  let table;
  if (queue.isError && !queue.data)
    table = (
      <ErrorState
        message={errorMessage(queue.error, 'the credentials', 'loaded')}
        onRetry={() => void queue.refetch()}
      />
    );
  else
    table = (
      <DataTable<ProviderCredential>
        rowKey="id"
        ariaLabel="Credentials to review"
        columns={columns}
        rows={queue.data?.rows ?? []}
        totalCount={queue.data?.paging.totalCount ?? 0}
        pageNumber={filters.pageNumber}
        pageSize={filters.pageSize}
        loading={queue.isFetching}
        emptyText="Nothing to review"
        onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize, credentialId: undefined })}
      />
    );

  return (
    <>
      <Flex gap={16} wrap align="center" style={{ marginBottom: 16 }}>
        <label htmlFor="credential-status-filter">Status</label>
        <Select
          id="credential-status-filter"
          style={{ width: 220 }}
          value={filters.status}
          onChange={(status) => setFilters({ status, pageNumber: 1, credentialId: undefined })}
          options={STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        />
      </Flex>
      {table}
      {chosen ? (
        <CredentialReviewPanel
          key={`${chosen.id}:${chosen.version}`}
          credential={chosen}
          onClose={() => setFilters({ credentialId: undefined })}
        />
      ) : null}
    </>
  );
}
