// /visits: every visit (organization users: their own), filters in the URL, bulk actions on selected rows
// (each confirmed, each one transaction on the server), and the match drawer at /visits?match=<visitId>.
import {
  NO_VISITS_FOR_APPROVAL,
  VISITS_NOT_APPROVED,
  VISIT_STATUSES,
  formatDate,
  isOrganizationRole,
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
import { useState } from 'react';
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

const timeOf = (iso: string) => dayjs(iso).format('h:mm A');
type Action = 'approve' | 'pause' | 'resume' | 'delete' | 'expire';

export default function VisitsPage() {
  const { modal } = App.useApp();
  const session = useSession();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useUrlState(filtersSchema);
  const { match, ...listFilters } = filters;
  const visits = useQuery(visitQueries.list(listFilters));
  const [selected, setSelected] = useState<Map<number, VisitRow>>(new Map());
  const [expireReason, setExpireReason] = useState<string | undefined>();
  const expireReasons = useReasonLabels('expireVisitReasonTypes', canOpen(session, 'unstaffedVisits'));
  const staff = !!session && !isOrganizationRole(session.user.roleId);
  const mayManage = staff && canOpen(session, 'unstaffedVisits');
  // Approving and deleting visits in bulk is staff work: organization users are not offered it.
  const mayBulk = staff;
  const rows = visits.data?.rows ?? [];

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
      setSelected(new Map());
      void queryClient.invalidateQueries({ queryKey: ['visit'] });
    },
    onError: (error, { action }) =>
      publishErrorToast(
        action === 'approve'
          ? failureText(VISITS_NOT_APPROVED.trimEnd(), error)
          : errorMessage(error, 'the visits', action === 'delete' ? 'deleted' : `${action}d`),
      ),
  });

  const chosen = [...selected.values()];
  const confirm = (action: Action) => {
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
      content:
        action === 'expire' ? (
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
        ) : action === 'pause' ? (
          'Paused visits are kept out of matching and notifications until resumed.'
        ) : skipped ? (
          `${skipped} selected visit(s) are not awaiting approval and are left as they are.`
        ) : (
          'All of them change together, or none does.'
        ),
      okText: 'Yes',
      okButtonProps: { danger: action === 'delete' || action === 'expire' },
      onOk: () => run.mutateAsync({ action, chosen: list }).catch(() => undefined),
    });
  };

  const unassign = useMutation({
    mutationFn: (visit: VisitRow) => visitActions.unassign(visit.id, visit.version),
    onSuccess: () => {
      publishToast('The clinician was taken off the visit; it is published again.');
      void queryClient.invalidateQueries({ queryKey: ['visit'] });
    },
    onError: (error) => publishErrorToast(errorMessage(error, 'the visit', 'unassigned')),
  });
  const confirmUnassign = (visit: VisitRow) =>
    modal.confirm({
      title: `Take ${visit.providerName ?? 'the clinician'} off visit #${visit.id}?`,
      content: 'The visit is published again for matching.',
      okText: 'Unassign',
      okButtonProps: { danger: true },
      onOk: () => unassign.mutateAsync(visit).catch(() => undefined),
    });

  const toggle = (visit: VisitRow, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(visit.id, visit);
      else next.delete(visit.id);
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));

  const selectColumn: TableColumnsType<VisitRow>[number] = {
    key: 'select',
    width: 40,
    title: (
      <Checkbox
        aria-label="Select every visit of this page"
        checked={allOnPage}
        indeterminate={!allOnPage && rows.some((r) => selected.has(r.id))}
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
  // One line a row (ellipsis, the full text in its title): a screen shows a day's visits at once.
  const columns: TableColumnsType<VisitRow> = [
    ...(mayBulk ? [selectColumn] : []),
    {
      title: 'Date of service',
      key: 'dateOfService',
      dataIndex: 'dateOfService',
      width: 210,
      sorter: true,
      sortOrder: filters.sort === '-dateOfService' ? 'descend' : 'ascend',
      render: (_v, visit) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatDate(`${visit.dateOfService}T00:00:00`)}{' '}
          <Typography.Text type="secondary">
            {timeOf(visit.startAt)}–{timeOf(visit.endAt)}
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
    {
      title: '',
      key: 'match',
      width: 130,
      render: (_v, visit) =>
        visit.status === 'Active' ? (
          <Button
            size="small"
            onClick={() => setFilters({ match: visit.id })}
            aria-label={`${FIND_CLINICIANS} for visit ${visit.id}`}
          >
            {FIND_CLINICIANS}
          </Button>
        ) : visit.status === 'Staffed' && mayManage ? (
          <Button
            size="small"
            onClick={() => confirmUnassign(visit)}
            aria-label={`Unassign visit ${visit.id}`}
          >
            Unassign
          </Button>
        ) : null,
    },
  ];

  // From a date on, up to a date, or between two: either end may be empty.
  const range =
    filters.from || filters.to
      ? ([filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null] as [
          Dayjs | null,
          Dayjs | null,
        ])
      : null;
  return (
    <PageFrame title="Visits">
      <Flex gap={8} wrap align="start" style={{ marginBottom: 16 }}>
        <StatusFilter value={filters.status} options={STATUS_OPTIONS} width={180} setFilters={setFilters} />
        <DatePicker.RangePicker
          aria-label="Date of service"
          // Either end may stay empty, so Tab can leave the empty picker (rc-picker holds the focus otherwise).
          allowEmpty={[true, true]}
          format="M/D/YYYY"
          value={range}
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
      {mayBulk ? (
        <Flex
          gap={8}
          wrap
          align="center"
          style={{ marginBottom: 12 }}
          role="toolbar"
          aria-label="Bulk actions"
        >
          <Typography.Text>{selected.size} selected</Typography.Text>
          <Button disabled={!selected.size} onClick={() => confirm('approve')}>
            Approve
          </Button>
          {mayManage ? (
            <>
              <Button disabled={!selected.size} onClick={() => confirm('pause')}>
                Pause
              </Button>
              <Button disabled={!selected.size} onClick={() => confirm('resume')}>
                Resume
              </Button>
              <Button disabled={!selected.size} onClick={() => confirm('expire')}>
                Expire
              </Button>
            </>
          ) : null}
          <Button danger disabled={!selected.size} onClick={() => confirm('delete')}>
            Delete
          </Button>
        </Flex>
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
