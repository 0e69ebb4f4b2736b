// "Who has seen this patient" (issue 14): every read of the patient's data, from the audit log, for the roles
// of the audit log page. Filters (user, dates, page) live in the URL beside the patient's id.
import {
  PATIENT_READ_KINDS,
  formatDateTime,
  patientAccessListSchema,
  type PatientAccessEntry,
  type PatientReadKind,
} from '@carelane/shared-domain';
import { apiClient, errorMessage, publishErrorToast, saveFile, useUrlState } from '@carelane/shared-session';
import { DataTable, dateOf, DateRangeFilter, ErrorState, isoOf, useBusy } from '@carelane/shared-ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { z } from 'zod';
import { todayIso } from './form-kit';

const PAGE_SIZE = 20;
const DEFAULT_DAYS = 30;
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const filtersSchema = z.object({
  accessPage: z.coerce.number().int().min(1).default(1),
  accessFrom: isoDate.optional(),
  accessTo: isoDate.optional(),
  accessUser: z.coerce.number().int().positive().optional(),
});

type AccessFilters = { pageNumber: number; startDate: string; endDate: string; userId?: number };

const accessPath = (patientId: number) => `/api/admin/patients/${patientId}/access`;

export const patientAccessQueries = {
  list: (patientId: number, filters: AccessFilters) =>
    queryOptions({
      // 'audit' first: the reads are audit entries; a patient's own changes do not refresh them.
      queryKey: ['audit', 'patientAccess', patientId, filters],
      queryFn: ({ signal }) =>
        apiClient.get(accessPath(patientId), patientAccessListSchema, {
          searchParams: { ...filters, pageSize: PAGE_SIZE },
          signal,
        }),
      placeholderData: (previous) => previous,
    }),
};

const kindLabel = (kind: string) => PATIENT_READ_KINDS[kind as PatientReadKind] ?? kind;

function userText(row: PatientAccessEntry): string {
  const who = row.userName ?? row.userEmail ?? 'Someone not signed in';
  return row.userName && row.userEmail ? `${who} (${row.userEmail})` : who;
}

export function PatientAccess({ patientId }: { patientId: number }) {
  const [filters, setFilters] = useUrlState(filtersSchema);
  const { busy: exporting, run } = useBusy();
  const endDate = filters.accessTo ?? todayIso();
  const startDate =
    filters.accessFrom ??
    dayjs(endDate)
      .subtract(DEFAULT_DAYS - 1, 'day')
      .format('YYYY-MM-DD');
  const query = { startDate, endDate, userId: filters.accessUser };
  const access = useQuery(patientAccessQueries.list(patientId, { ...query, pageNumber: filters.accessPage }));
  const shownUser = access.data?.rows.find((row) => row.userId === filters.accessUser);

  const exportCsv = () =>
    run(async () => {
      try {
        const file = await apiClient.download(`${accessPath(patientId)}/export`, { searchParams: query });
        saveFile(file, `patient-${patientId}-access.csv`);
      } catch (error) {
        publishErrorToast(errorMessage(error, 'the access report', 'exported'));
      }
    });

  const columns: TableColumnsType<PatientAccessEntry> = [
    { title: 'When', dataIndex: 'at', key: 'at', render: formatDateTime, width: 190 },
    {
      title: 'Who',
      key: 'who',
      render: (_value, row) => (
        <Flex vertical>
          {row.userId !== null && row.userId !== filters.accessUser ? (
            <Button
              type="link"
              style={{ padding: 0, height: 'auto', textAlign: 'left', whiteSpace: 'normal' }}
              aria-label={`Only the reads of ${userText(row)}`}
              onClick={() => setFilters({ accessUser: row.userId, accessPage: null })}
            >
              {userText(row)}
            </Button>
          ) : (
            <span>{userText(row)}</span>
          )}
          {row.impersonatorEmail ? (
            <Typography.Text type="secondary">switched in by {row.impersonatorEmail}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'What',
      key: 'what',
      render: (_value, row) =>
        row.patientCount > 1 ? `${kindLabel(row.kind)} (${row.patientCount} patients)` : kindLabel(row.kind),
    },
    {
      title: 'Outcome',
      dataIndex: 'outcome',
      key: 'outcome',
      render: (outcome: PatientAccessEntry['outcome']) =>
        outcome === 'REFUSED' ? <Tag color="error">Refused</Tag> : <Tag color="success">Allowed</Tag>,
    },
    { title: 'Client address', dataIndex: 'ip', key: 'ip', render: (ip: string | null) => ip ?? '—' },
  ];

  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>Who has seen this patient</h2>}
      style={{ maxWidth: 1100, marginTop: 16 }}
      extra={
        <Button onClick={() => void exportCsv()} loading={exporting}>
          Export CSV
        </Button>
      }
    >
      <Flex gap={8} wrap align="flex-start" style={{ marginBottom: 16 }} data-unsaved-ignore>
        <DateRangeFilter
          label="Seen between"
          value={{ start: dateOf(startDate)!, end: dateOf(endDate)! }}
          onChange={(range) =>
            setFilters({ accessFrom: isoOf(range.start), accessTo: isoOf(range.end), accessPage: null })
          }
        />
        {filters.accessUser !== undefined ? (
          <Flex gap={8} align="center" style={{ minHeight: 32 }}>
            <Typography.Text>
              Only {shownUser ? userText(shownUser) : `user #${filters.accessUser}`}
            </Typography.Text>
            <Button size="small" onClick={() => setFilters({ accessUser: null, accessPage: null })}>
              Show every user
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {access.isError ? (
        <ErrorState
          message={errorMessage(access.error, 'who has seen this patient', 'loaded')}
          onRetry={() => void access.refetch()}
        />
      ) : (
        <DataTable<PatientAccessEntry>
          ariaLabel="Who has seen this patient"
          rows={access.data?.rows ?? []}
          totalCount={access.data?.paging.totalCount ?? 0}
          totalCountIsCapped={access.data?.paging.totalCountIsCapped}
          pageNumber={filters.accessPage}
          pageSize={PAGE_SIZE}
          pageSizeOptions={[PAGE_SIZE]}
          loading={access.isFetching}
          columns={columns}
          rowKey="id"
          emptyText="Nobody read this patient's data in these dates."
          onPageChange={(accessPage) => setFilters({ accessPage })}
        />
      )}
    </Card>
  );
}
