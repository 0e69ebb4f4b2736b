// The records behind a candidate report's figure, in the reports' records drawer, every one as CSV: the
// candidates (clinicians) of /candidateReport; the views, visitor-days or registrations of /candidatePageView.
import { formatDateTime, type CandidatePageViewRecords, type CandidateRecord } from '@carelane/shared-domain';
import type { DataTableColumns } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { everyRecordCsv, RecordsDrawer } from '../report-kit/RecordsDrawer';
import {
  candidateCalls,
  candidateQueries,
  type CandidateFigureQuery,
  type PageViewFigureQuery,
} from './candidate-queries';

const PAGE_SIZE = 25;

type DrawerProps<Q> = {
  title: string;
  query: Q;
  pageNumber: number;
  onPage: (page: number) => void;
  onClose: () => void;
};

type CandidateRow = CandidateRecord & { id: number };
const withIds = (rows: readonly CandidateRecord[]): CandidateRow[] =>
  rows.map((r) => ({ ...r, id: r.invitationId }));
const when = (instant: string | null) => (instant ? formatDateTime(instant) : '—');

export function CandidateRecords({
  title,
  query,
  pageNumber,
  onPage,
  onClose,
}: DrawerProps<CandidateFigureQuery>) {
  const answer = useQuery(candidateQueries.records({ ...query, pageNumber, pageSize: PAGE_SIZE }));
  const columns: DataTableColumns<CandidateRow> = [
    { title: 'Clinician', key: 'name', dataIndex: 'name', primary: true },
    { title: 'Provider type', key: 'providerTypeName', dataIndex: 'providerTypeName' },
    { title: 'Onboarding step', key: 'onboardStep', dataIndex: 'onboardStep' },
    { title: 'Invited', key: 'invitedAt', render: (_v, r) => when(r.invitedAt) },
    { title: 'Registered', key: 'registeredAt', render: (_v, r) => when(r.registeredAt) },
    { title: 'Invited by', key: 'invitedByName', render: (_v, r) => r.invitedByName ?? '—' },
  ];
  return (
    <RecordsDrawer<CandidateRow>
      title={title}
      noun={{ one: 'candidate', many: 'candidates' }}
      query={answer}
      rows={withIds(answer.data?.rows ?? [])}
      total={answer.data?.paging.totalCount ?? 0}
      columns={columns}
      pageNumber={pageNumber}
      pageSize={PAGE_SIZE}
      onPage={onPage}
      onClose={onClose}
      exportFile={everyRecordCsv<CandidateRow>({
        title,
        fetchPage: async (page, pageSize, signal) => {
          const next = await candidateCalls.records({ ...query, pageNumber: page, pageSize }, signal);
          return { ...next, rows: withIds(next.rows) };
        },
        keyOf: (row) => row.id,
        header: [
          'Clinician',
          'Provider type',
          'Onboarding step',
          'Invited at',
          'Registered at',
          'Link expires at',
          'Invited by',
          'Visit staffed',
        ],
        cells: (r) => [
          r.name,
          r.providerTypeName,
          r.onboardStep,
          r.invitedAt,
          r.registeredAt ?? '',
          r.expiresAt,
          r.invitedByName ?? '',
          r.staffed ? 'Yes' : 'No',
        ],
      })}
    />
  );
}

type ViewRow = Extract<CandidatePageViewRecords, { subject: 'views' }>['rows'][number];
type RegistrationRow = Extract<CandidatePageViewRecords, { subject: 'registrations' }>['rows'][number];
type AnyRow = (ViewRow | RegistrationRow) & { id: number };

const VIEW_COLUMNS: DataTableColumns<AnyRow> = [
  { title: 'Viewed at', key: 'at', primary: true, render: (_v, r) => when((r as ViewRow).at) },
  { title: 'Page', key: 'page', render: (_v, r) => (r as ViewRow).page },
  { title: 'Channel', key: 'channel', render: (_v, r) => (r as ViewRow).channel },
  {
    title: 'With an invitation',
    key: 'withInvitation',
    render: (_v, r) => ((r as ViewRow).withInvitation ? 'Yes' : 'No'),
  },
];
const REGISTRATION_COLUMNS: DataTableColumns<AnyRow> = [
  { title: 'Clinician', key: 'name', primary: true, render: (_v, r) => (r as RegistrationRow).name },
  {
    title: 'Provider type',
    key: 'providerTypeName',
    render: (_v, r) => (r as RegistrationRow).providerTypeName,
  },
  { title: 'Onboarding step', key: 'onboardStep', render: (_v, r) => (r as RegistrationRow).onboardStep },
  { title: 'Registered', key: 'registeredAt', render: (_v, r) => when((r as RegistrationRow).registeredAt) },
  {
    title: 'From an invitation',
    key: 'invited',
    render: (_v, r) => ((r as RegistrationRow).invited ? 'Yes' : 'No'),
  },
];

export function PageViewRecords({
  title,
  query,
  pageNumber,
  onPage,
  onClose,
}: DrawerProps<PageViewFigureQuery>) {
  const answer = useQuery(candidateQueries.pageViewRecords({ ...query, pageNumber, pageSize: PAGE_SIZE }));
  const registrations = query.figure === 'registrations';
  return (
    <RecordsDrawer<AnyRow>
      title={title}
      noun={
        registrations
          ? { one: 'registration', many: 'registrations' }
          : query.figure === 'visitors'
            ? { one: 'visitor (first view of the day)', many: 'visitors (first view of each day)' }
            : { one: 'view', many: 'views' }
      }
      query={answer}
      rows={(answer.data?.rows ?? []) as AnyRow[]}
      total={answer.data?.paging.totalCount ?? 0}
      columns={registrations ? REGISTRATION_COLUMNS : VIEW_COLUMNS}
      pageNumber={pageNumber}
      pageSize={PAGE_SIZE}
      onPage={onPage}
      onClose={onClose}
      exportFile={everyRecordCsv<AnyRow>({
        title,
        fetchPage: async (page, pageSize, signal) => {
          const next = await candidateCalls.pageViewRecords({ ...query, pageNumber: page, pageSize }, signal);
          return { rows: next.rows as AnyRow[], paging: next.paging };
        },
        keyOf: (row) => row.id,
        header: registrations
          ? ['Clinician', 'Provider type', 'Onboarding step', 'Registered at', 'From an invitation']
          : ['Viewed at', 'Day', 'Page', 'Channel', 'With an invitation'],
        cells: (row) => {
          if (registrations) {
            const r = row as RegistrationRow;
            return [r.name, r.providerTypeName, r.onboardStep, r.registeredAt, r.invited ? 'Yes' : 'No'];
          }
          const v = row as ViewRow;
          return [v.at, v.day, v.page, v.channel, v.withInvitation ? 'Yes' : 'No'];
        },
      })}
    />
  );
}
