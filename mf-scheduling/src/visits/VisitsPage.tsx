// /visits: every visit (organization users: their own), filters in the URL, bulk actions on selected rows
// (each confirmed, each one transaction on the server), and the match drawer at /visits?match=<visitId>.
import {
  NO_VISITS_FOR_APPROVAL,
  VISITS_NOT_APPROVED,
  VISIT_STATUSES,
  DEFAULT_TIME_ZONE,
  formatDate,
  formatVisitTime,
  isOrganizationRole,
  viewerTimeZone,
  visitStatusLabel,
  type VisitRow,
} from '@carelane/shared-domain';
import {
  canOpen,
  errorMessage,
  publishErrorToast,
  publishToast,
  useSession,
  useUrlState,
  type UrlStateUpdate,
} from '@carelane/shared-session';
import {
  DataTable,
  PageFrame,
  VisitStatusTag,
  listFilterFields,
  ListResults,
  StatusFilter,
  AreaLink,
} from '@carelane/shared-ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, DatePicker, Flex, InputNumber, Select, Space, Tag, Typography, App } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { PatientSelect, ProviderTypeSelect, VisitTypeSelect } from '../lookups/LookupSelects';
import { FIND_CLINICIANS, MatchPanel } from '../matching/MatchPanel';
import { failureText } from './failure-text';
import { useReasonLabels } from '../common/reason-lists';
import { visitActions, visitQueries } from './visit-queries';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const id = z.coerce.number().int().positive().optional();
const filtersSchema = z.object({
  pageNumber: listFilterFields.pageNumber,
  pageSize: listFilterFields.pageSize,
  status: z.enum([...VISIT_STATUSES, 'ALL']).default('Active'),
  from: isoDate.optional(),
  to: isoDate.optional(),
  visitTypeId: id,
  providerTypeId: id,
  episodeId: id,
  patientId: id,
  sort: z.enum(['dateOfService', '-dateOfService']).default('dateOfService'),
  match: id,
});

const STATUS_OPTIONS = [
  { value: 'ALL', label: 'All statuses' },
  ...VISIT_STATUSES.map((status) => ({ value: status, label: visitStatusLabel({ status }) })),
];

/** A visit's time on its organization's clock, its zone named when the browser's differs (decision 039). */
const timeOf = (iso: string, visit: VisitRow) =>
  formatVisitTime(iso, visit.timeZone ?? DEFAULT_TIME_ZONE, viewerTimeZone());
type Action = 'approve' | 'pause' | 'resume' | 'delete' | 'expire';
type Filters = z.output<typeof filtersSchema>;
type SetFilters = (update: UrlStateUpdate<typeof filtersSchema>) => void;

/** The rows ticked for bulk actions, kept across pages of the list. */
function useVisitSelection(rows: VisitRow[]) {
  const [selected, setSelected] = useState<Map<number, VisitRow>>(new Map());
  const toggle = (visit: VisitRow, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(visit.id, visit);
      else next.delete(visit.id);
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const someOnPage = rows.some((r) => selected.has(r.id));
  const clear = () => setSelected(new Map());
  return { selected, toggle, allOnPage, someOnPage, clear };
}

function bulkConfirmContent(
  action: Action,
  skipped: number,
  expireReasons: string[],
  setExpireReason: (reason: string) => void,
) {
  if (action === 'expire')
    return (
      <Flex vertical gap={8}>
        <label htmlFor="expire-reason">Reason</label>
        <Select
          id="expire-reason"
          aria-label="Expire reason"
          placeholder="Pick a reason"
          options={expireReasons.map((reason) => ({ value: reason, label: reason }))}
          onChange={(reason: string) => setExpireReason(reason)}
        />
      </Flex>
    );
  if (action === 'pause') return 'Paused visits are kept out of matching and notifications until resumed.';
  if (skipped) return `${skipped} selected visit(s) are not awaiting approval and are left as they are.`;
  return 'All of them change together, or none does.';
}

/** Approve, pause, resume, expire or delete the chosen visits, each after a confirmation. */
function useBulkVisitActions(chosen: VisitRow[], onDone: () => void) {
  const { modal } = App.useApp();
  const session = useSession();
  const queryClient = useQueryClient();
  const [expireReason, setExpireReason] = useState<string | undefined>();
  const expireReasons = useReasonLabels('expireVisitReasonTypes', canOpen(session, 'unstaffedVisits'));

  const run = useMutation({
    mutationFn: async ({ action, chosen }: { action: Action; chosen: VisitRow[] }) => {
      const refs = chosen.map((v) => ({ id: v.id, version: v.version }));
      if (action === 'approve') return visitActions.approve(refs);
      if (action === 'delete') return visitActions.remove(refs);
      if (action === 'expire') return visitActions.expire(refs, expireReason ?? '');
      return visitActions.pause(refs, action === 'pause');
    },
    onSuccess: (result) => {
      publishToast(result.message);
      onDone();
      void queryClient.invalidateQueries({ queryKey: ['visit'] });
    },
    onError: (error, { action }) =>
      publishErrorToast(
        action === 'approve'
          ? failureText(VISITS_NOT_APPROVED.trimEnd(), error)
          : errorMessage(error, 'the visits', action === 'delete' ? 'deleted' : `${action}d`),
      ),
  });

  return (action: Action) => {
    let list = chosen;
    if (action === 'approve') {
      list = chosen.filter((v) => v.status === 'ApprovalDue');
      if (!list.length) {
        publishErrorToast(NO_VISITS_FOR_APPROVAL);
        return;
      }
    }
    const skipped = chosen.length - list.length;
    modal.confirm({
      title: `${action[0]!.toUpperCase()}${action.slice(1)} ${list.length} visit(s)?`,
      content: bulkConfirmContent(action, skipped, expireReasons, setExpireReason),
      okText: 'Yes',
      okButtonProps: { danger: action === 'delete' || action === 'expire' },
      onOk: () => run.mutateAsync({ action, chosen: list }).catch(() => undefined),
    });
  };
}

/** Takes the clinician off a staffed visit, after a confirmation. */
function useUnassignVisit() {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const unassign = useMutation({
    mutationFn: (visit: VisitRow) => visitActions.unassign(visit.id, visit.version),
    onSuccess: () => {
      publishToast('The clinician was taken off the visit; it is published again.');
      void queryClient.invalidateQueries({ queryKey: ['visit'] });
    },
    onError: (error) => publishErrorToast(errorMessage(error, 'the visit', 'unassigned')),
  });
  return (visit: VisitRow) =>
    modal.confirm({
      title: `Take ${visit.providerName ?? 'the clinician'} off visit #${visit.id}?`,
      content: 'The visit is published again for matching.',
      okText: 'Unassign',
      okButtonProps: { danger: true },
      onOk: () => unassign.mutateAsync(visit).catch(() => undefined),
    });
}

function selectColumn(
  rows: VisitRow[],
  selection: ReturnType<typeof useVisitSelection>,
): TableColumnsType<VisitRow>[number] {
  const { selected, toggle, allOnPage, someOnPage } = selection;
  return {
    key: 'select',
    width: 40,
    title: (
      <Checkbox
        aria-label="Select every visit of this page"
        checked={allOnPage}
        indeterminate={!allOnPage && someOnPage}
        onChange={(event) => rows.forEach((r) => toggle(r, event.target.checked))}
      />
    ),
    render: (_v, visit) => (
      <Checkbox
        aria-label={`Select visit ${visit.id}`}
        checked={selected.has(visit.id)}
        onChange={(event) => toggle(visit, event.target.checked)}
      />
    ),
  };
}

function MatchOrUnassignButton({
  visit,
  mayManage,
  setFilters,
  confirmUnassign,
}: {
  visit: VisitRow;
  mayManage: boolean;
  setFilters: SetFilters;
  confirmUnassign: (visit: VisitRow) => void;
}) {
  if (visit.status === 'Active')
    return (
      <Button
        size="small"
        onClick={() => setFilters({ match: visit.id })}
        aria-label={`${FIND_CLINICIANS} for visit ${visit.id}`}
      >
        {FIND_CLINICIANS}
      </Button>
    );
  if (visit.status === 'Staffed' && mayManage)
    return (
      <Button size="small" onClick={() => confirmUnassign(visit)} aria-label={`Unassign visit ${visit.id}`}>
        Unassign
      </Button>
    );
  return null;
}

// One line a row (ellipsis, the full text in its title): a screen shows a day's visits at once.
function visitColumns({
  sort,
  staff,
  leading,
  match,
}: {
  sort: Filters['sort'];
  staff: boolean;
  leading: TableColumnsType<VisitRow>;
  match: (visit: VisitRow) => ReactNode;
}): TableColumnsType<VisitRow> {
  return [
    ...leading,
    {
      title: 'Date of service',
      key: 'dateOfService',
      dataIndex: 'dateOfService',
      width: 210,
      sorter: true,
      sortOrder: sort === '-dateOfService' ? 'descend' : 'ascend',
      render: (_v, visit) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatDate(`${visit.dateOfService}T00:00:00`)}{' '}
          <Typography.Text type="secondary">
            {timeOf(visit.startAt, visit)}–{timeOf(visit.endAt, visit)}
          </Typography.Text>
        </span>
      ),
    },
    { title: 'Patient', key: 'patient', ellipsis: true, render: (_v, visit) => visit.patientName ?? '—' },
    {
      title: 'Service request',
      key: 'episode',
      ellipsis: true,
      render: (_v, visit) => (
        <AreaLink
          to={`/episode?id=${visit.episodeId}`}
        >{`#${visit.episodeId} ${visit.episodeTitle}`}</AreaLink>
      ),
    },
    {
      title: 'Visit type',
      key: 'visitType',
      ellipsis: true,
      render: (_v, visit) => `${visit.visitType} (${visit.providerType})`,
    },
    ...(staff
      ? [{ title: 'Organization', key: 'organization', dataIndex: 'organizationName', ellipsis: true }]
      : []),
    {
      title: 'Clinician',
      key: 'clinician',
      ellipsis: true,
      render: (_v, visit) => visit.providerName ?? '—',
    },
    {
      title: 'Status',
      key: 'status',
      render: (_v, visit) => (
        <Space size={4} style={{ whiteSpace: 'nowrap' }}>
          <VisitStatusTag {...visit} />
          {visit.paused ? <Tag color="gold">Paused</Tag> : null}
        </Space>
      ),
    },
    { title: '', key: 'match', width: 130, render: (_v, visit) => match(visit) },
  ];
}

/** From a date on, up to a date, or between two: either end may be empty. */
const dateRange = (from?: string, to?: string) =>
  from || to ? ([from ? dayjs(from) : null, to ? dayjs(to) : null] as [Dayjs | null, Dayjs | null]) : null;

function VisitFiltersBar({ filters, setFilters }: { filters: Filters; setFilters: SetFilters }) {
  return (
    <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }}>
      <StatusFilter value={filters.status} options={STATUS_OPTIONS} width={180} setFilters={setFilters} />
      <DatePicker.RangePicker
        aria-label="Date of service"
        // Either end may stay empty, so Tab can leave the empty picker (rc-picker holds the focus otherwise).
        allowEmpty={[true, true]}
        format="M/D/YYYY"
        value={dateRange(filters.from, filters.to)}
        onChange={(dates) =>
          setFilters({
            from: dates?.[0]?.format('YYYY-MM-DD') ?? null,
            to: dates?.[1]?.format('YYYY-MM-DD') ?? null,
            pageNumber: null,
          })
        }
      />
      <VisitTypeSelect
        aria-label="Visit type"
        placeholder="Any visit type"
        allowClear
        value={filters.visitTypeId}
        onChange={(value?: number) => setFilters({ visitTypeId: value ?? null, pageNumber: null })}
        style={{ width: 220 }}
      />
      <ProviderTypeSelect
        aria-label="Provider type"
        placeholder="Any provider type"
        allowClear
        value={filters.providerTypeId}
        onChange={(value?: number) => setFilters({ providerTypeId: value ?? null, pageNumber: null })}
        style={{ width: 170 }}
      />
      <InputNumber
        aria-label="Service request number"
        placeholder="Service request #"
        min={1}
        value={filters.episodeId}
        onChange={(value) => setFilters({ episodeId: value ?? null, pageNumber: null })}
        style={{ width: 170 }}
      />
      <PatientSelect
        aria-label="Patient"
        placeholder="Any patient"
        allowClear
        value={filters.patientId}
        onChange={(value?: number) => setFilters({ patientId: value ?? null, pageNumber: null })}
        style={{ width: 220 }}
      />
    </Flex>
  );
}

function BulkActionsBar({
  count,
  mayManage,
  confirm,
}: {
  count: number;
  mayManage: boolean;
  confirm: (action: Action) => void;
}) {
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} role="toolbar" aria-label="Bulk actions">
      <Typography.Text>{count} selected</Typography.Text>
      <Button disabled={!count} onClick={() => confirm('approve')}>
        Approve
      </Button>
      {mayManage ? (
        <>
          <Button disabled={!count} onClick={() => confirm('pause')}>
            Pause
          </Button>
          <Button disabled={!count} onClick={() => confirm('resume')}>
            Resume
          </Button>
          <Button disabled={!count} onClick={() => confirm('expire')}>
            Expire
          </Button>
        </>
      ) : null}
      <Button danger disabled={!count} onClick={() => confirm('delete')}>
        Delete
      </Button>
    </Flex>
  );
}

export default function VisitsPage() {
  const session = useSession();
  const [filters, setFilters] = useUrlState(filtersSchema);
  const { match, ...listFilters } = filters;
  const visits = useQuery(visitQueries.list(listFilters));
  const staff = !!session && !isOrganizationRole(session.user.roleId);
  const mayManage = staff && canOpen(session, 'unstaffedVisits');
  // Approving and deleting visits in bulk is staff work: organization users are not offered it.
  const mayBulk = staff;
  const rows = visits.data?.rows ?? [];
  const selection = useVisitSelection(rows);
  const confirm = useBulkVisitActions([...selection.selected.values()], selection.clear);
  const confirmUnassign = useUnassignVisit();

  const columns = visitColumns({
    sort: filters.sort,
    staff,
    leading: mayBulk ? [selectColumn(rows, selection)] : [],
    match: (visit) => (
      <MatchOrUnassignButton
        visit={visit}
        mayManage={mayManage}
        setFilters={setFilters}
        confirmUnassign={confirmUnassign}
      />
    ),
  });

  return (
    <PageFrame title="Visits">
      <VisitFiltersBar filters={filters} setFilters={setFilters} />
      {mayBulk ? (
        <BulkActionsBar count={selection.selected.size} mayManage={mayManage} confirm={confirm} />
      ) : null}
      <ListResults query={visits} thing="the visits">
        <DataTable<VisitRow>
          ariaLabel="Visits"
          rows={rows}
          totalCount={visits.data?.paging.totalCount ?? 0}
          totalCountIsCapped={visits.data?.paging.totalCountIsCapped}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={visits.isFetching}
          columns={columns}
          rowKey="id"
          emptyText="No visits match these filters."
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
          onSortChange={(sort) =>
            setFilters({ sort: sort?.order === 'descend' ? '-dateOfService' : null, pageNumber: null })
          }
        />
      </ListResults>
      {match ? <MatchPanel visitId={match} /> : null}
    </PageFrame>
  );
}
