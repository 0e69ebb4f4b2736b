// /notes (issue 12): the visit notes list and the reviewer's queue (status NotesInReview). Filters in the URL:
// status, clinician, patient, organization, service request and the date of service (visit completion −60 days
// to today by default, SPEC §9). The server sorts overdue first and decides whose notes (a clinician's own, an
// organization's approved ones); each row opens the note at /note?visitId=N. With one patient or one service
// request chosen, 'Print all notes' opens /notesPrint for it and the same dates.
import {
  defaultDateRange,
  formatDate,
  isOrganizationRole,
  isoDateSchema,
  latestTodayAnywhere,
  NOTE_LIST_STATUSES,
  noteListStatusFilterSchema,
  ROLE,
  visitStatusLabel,
  type NoteListRow,
} from '@carelane/shared-domain';
import { canOpen, navigateTo, useSession, useUrlState } from '@carelane/shared-session';
import {
  AreaLink,
  DataTable,
  type DataTableColumns,
  DateRangeFilter,
  listFilterFields,
  ListFilters,
  ListResults,
  NONE,
  OrganizationPicker,
  PageFrame,
  visitStatusColor,
  VISUALLY_HIDDEN,
} from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, InputNumber, Segmented, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { z } from 'zod';
import { lateText } from './late-text';
import { noteListQueries, type NoteListFilters } from './note-list-queries';
import { ClinicianPicker, PatientPicker } from './note-pickers';

const id = z.coerce.number().int().positive().optional();
/** The list's filters live in the URL (from / to: the date of service range). */
const filtersSchema = z.object({
  pageNumber: listFilterFields.pageNumber,
  pageSize: listFilterFields.pageSize,
  status: noteListStatusFilterSchema.catch('ALL'),
  providerId: id,
  patientId: id,
  referralSourceId: id,
  episodeId: id,
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});

export const REVIEW_STATUS = 'NotesInReview';

const STATUS_OPTIONS = [
  { value: 'ALL', label: 'All statuses' },
  ...NOTE_LIST_STATUSES.map((status) => ({ value: status, label: visitStatusLabel({ status }) })),
];
const VIEW_OPTIONS = [
  { value: 'all', label: 'All notes' },
  { value: 'review', label: 'Review queue' },
];

const iso = (date: Date) => dayjs(date).format('YYYY-MM-DD');
const dateOfService = (day: string) => formatDate(`${day}T00:00:00`);
const moment = (at: string) => dayjs(at).format('M/D/YYYY h:mm A');

/**
 * The date of service range of the list: the URL's, else visit completion −60 days (SPEC §9) to today in every
 * organization's zone (a date of service is the organization's date, decision 039).
 */
export function notesListDates(from: string | undefined, to: string | undefined, now: Date = new Date()) {
  const range = defaultDateRange('visitCompletion', now);
  return { startDate: from ?? iso(range.start), endDate: to ?? latestTodayAnywhere(now) };
}

const COLUMNS: DataTableColumns<NoteListRow> = [
  {
    title: 'Date of service',
    key: 'dateOfService',
    primary: true,
    render: (_value, row) => (
      <AreaLink to={`/note?visitId=${row.visitId}`}>
        <span style={{ whiteSpace: 'nowrap' }}>{dateOfService(row.dateOfService)}</span>
        <span style={VISUALLY_HIDDEN}>{` — open the note of ${row.patientName}`}</span>
      </AreaLink>
    ),
  },
  { title: 'Patient', key: 'patient', render: (_value, row) => row.patientName || NONE },
  { title: 'Clinician', key: 'clinician', render: (_value, row) => row.providerName || NONE },
  { title: 'Organization', key: 'organization', render: (_value, row) => row.referralSourceName || NONE },
  { title: 'Note type', key: 'noteType', render: (_value, row) => row.noteTypeName ?? NONE },
  {
    title: 'Status',
    key: 'status',
    render: (_value, row) => (
      <Tag color={visitStatusColor({ status: row.status })} className="carelane-visit-status">
        {row.statusLabel}
      </Tag>
    ),
  },
  {
    title: 'Due',
    key: 'due',
    render: (_value, row) => {
      const late = lateText(row.minutesLate);
      if (late)
        return (
          <Flex vertical>
            <Typography.Text type="danger" strong className="notes-late" style={{ whiteSpace: 'nowrap' }}>
              {late}
            </Typography.Text>
            {row.dueAt ? (
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {`Due ${moment(row.dueAt)}`}
              </Typography.Text>
            ) : null}
          </Flex>
        );
      return row.dueAt && !row.submittedAt ? (
        <span style={{ whiteSpace: 'nowrap' }}>{`Due ${moment(row.dueAt)}`}</span>
      ) : (
        NONE
      );
    },
  },
  {
    title: 'Submitted',
    key: 'submitted',
    render: (_value, row) =>
      row.submittedAt ? <span style={{ whiteSpace: 'nowrap' }}>{moment(row.submittedAt)}</span> : NONE,
  },
];

/** /notesPrint for the chosen patient or service request and the list's dates. */
export function printAllPath(filters: {
  patientId?: number;
  episodeId?: number;
  startDate: string;
  endDate: string;
}): string | null {
  const params = new URLSearchParams();
  if (filters.episodeId) params.set('episodeId', String(filters.episodeId));
  else if (filters.patientId) params.set('patientId', String(filters.patientId));
  else return null;
  params.set('startDate', filters.startDate);
  params.set('endDate', filters.endDate);
  return `/notesPrint?${params.toString()}`;
}

export default function NotesListPage() {
  const session = useSession();
  const [filters, setFilters] = useUrlState(filtersSchema);
  const { startDate, endDate } = notesListDates(filters.from, filters.to);
  const asked: NoteListFilters = {
    status: filters.status,
    providerId: filters.providerId,
    patientId: filters.patientId,
    referralSourceId: filters.referralSourceId,
    episodeId: filters.episodeId,
    startDate,
    endDate,
    pageNumber: filters.pageNumber,
    pageSize: filters.pageSize,
  };
  const notes = useQuery(noteListQueries.list(asked));
  const organizationUser = !!session && isOrganizationRole(session.user.roleId);
  // The review queue is the reviewers' (staff): clinicians see their own notes, organizations approved ones.
  const reviewer = !!session && !organizationUser && session.user.roleId !== ROLE.CLINICIAN;
  const mayPickClinician = canOpen(session, 'providers');
  const mayPickPatient = canOpen(session, 'patients');
  const mayPickOrganization = canOpen(session, 'referralSources') && !organizationUser;
  // Without a patient or service request chosen, the print page asks for one.
  const printPath = printAllPath({ ...asked }) ?? '/notesPrint';

  return (
    <PageFrame
      title="Visit notes"
      subtitle={organizationUser ? 'Approved notes of your patients' : undefined}
      actions={
        printPath ? (
          <Button
            href={printPath}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              navigateTo(printPath);
            }}
          >
            Print all notes
          </Button>
        ) : null
      }
    >
      <Flex vertical gap={12} style={{ marginBottom: 16 }}>
        {!reviewer ? null : (
          <Segmented
            aria-label="Notes view"
            value={filters.status === REVIEW_STATUS ? 'review' : 'all'}
            options={VIEW_OPTIONS}
            onChange={(view) =>
              setFilters({ status: view === 'review' ? REVIEW_STATUS : null, pageNumber: null })
            }
          />
        )}
        <ListFilters label="Note filters">
          <Select
            aria-label="Status"
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(status: string) =>
              setFilters({ status: status === 'ALL' ? null : status, pageNumber: null })
            }
            style={{ width: 180 }}
          />
          <DateRangeFilter
            label="Date of service"
            value={{ start: dayjs(startDate).toDate(), end: dayjs(endDate).toDate() }}
            onChange={(next) => setFilters({ from: iso(next.start), to: iso(next.end), pageNumber: null })}
          />
          {mayPickClinician ? (
            <ClinicianPicker
              aria-label="Clinician"
              placeholder="Any clinician"
              allowClear
              value={filters.providerId}
              onChange={(value?: number) => setFilters({ providerId: value ?? null, pageNumber: null })}
              style={{ width: 220 }}
            />
          ) : null}
          {mayPickPatient ? (
            <PatientPicker
              aria-label="Patient"
              placeholder="Any patient"
              allowClear
              value={filters.patientId}
              onChange={(value?: number) => setFilters({ patientId: value ?? null, pageNumber: null })}
              style={{ width: 220 }}
            />
          ) : null}
          {mayPickOrganization ? (
            <OrganizationPicker
              aria-label="Organization"
              organizationStatus="ACTIVE"
              placeholder="Any organization"
              allowClear
              value={filters.referralSourceId}
              onChange={(value?: number) => setFilters({ referralSourceId: value ?? null, pageNumber: null })}
              style={{ width: 220 }}
            />
          ) : null}
          <InputNumber<number>
            aria-label="Service request number"
            placeholder="Service request #"
            min={1}
            value={filters.episodeId}
            onChange={(value) => setFilters({ episodeId: value ?? null, pageNumber: null })}
            style={{ width: 170 }}
          />
        </ListFilters>
      </Flex>
      <ListResults query={notes} thing="the notes">
        <DataTable<NoteListRow>
          ariaLabel={filters.status === REVIEW_STATUS ? 'Notes awaiting review' : 'Visit notes'}
          rows={notes.data?.rows ?? []}
          totalCount={notes.data?.paging.totalCount ?? 0}
          pageNumber={filters.pageNumber}
          pageSize={filters.pageSize}
          loading={notes.isFetching}
          columns={COLUMNS}
          rowKey="visitId"
          emptyText="No notes match these filters."
          onPageChange={(pageNumber, pageSize) => setFilters({ pageNumber, pageSize })}
        />
      </ListResults>
    </PageFrame>
  );
}
