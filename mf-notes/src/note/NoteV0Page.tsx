// /notev0?visitId=N — a note written in an earlier definition version, read-only (issue 12): the server answers
// with the definition of the note's own version, and the one form renderer draws it as text.
import { formatDate, formatDateTime, noteDetailSchema, type NoteDetail } from '@carelane/shared-domain';
import { apiClient, useUrlState } from '@carelane/shared-session';
import { EmptyState, loadState, PageFrame } from '@carelane/shared-ui';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Descriptions } from 'antd';
import { z } from 'zod';
import NoteForm from '../form/NoteForm';

const TITLE = 'Visit note (older form)';
const paramsSchema = z.object({ visitId: z.coerce.number().int().positive().optional() });

const noteDetail = (visitId: number) =>
  queryOptions({
    queryKey: ['note', 'olderForm', visitId],
    queryFn: ({ signal }) => apiClient.get(`/api/notes/visits/${visitId}/note`, noteDetailSchema, { signal }),
  });

const noChange = () => {};

function OlderNote({ detail }: { detail: NoteDetail }) {
  const { visit, note, definition } = detail;
  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'patient', label: 'Patient', children: visit.patientName },
          { key: 'clinician', label: 'Clinician', children: visit.providerName },
          { key: 'date', label: 'Date of service', children: formatDate(visit.dateOfService) },
          { key: 'visitType', label: 'Visit type', children: visit.visitType },
          { key: 'status', label: 'Status', children: visit.statusLabel },
          ...(note
            ? [
                {
                  key: 'saved',
                  label: 'Last saved',
                  children: `${formatDateTime(note.savedAt)} by ${note.savedByName}`,
                },
              ]
            : []),
        ]}
      />
      {note ? (
        <NoteForm definition={definition} values={note.values} onChange={noChange} readOnly />
      ) : (
        <EmptyState title="No note was written for this visit." />
      )}
    </>
  );
}

export default function NoteV0Page() {
  const [{ visitId }] = useUrlState(paramsSchema);
  const query = useQuery({ ...noteDetail(visitId ?? 0), enabled: visitId !== undefined });
  if (visitId === undefined) {
    return (
      <PageFrame title={TITLE}>
        <EmptyState title="No visit chosen." description="Open an older note from the visit notes list." />
      </PageFrame>
    );
  }
  const state = loadState(query, 'visit note');
  if (!state.data) return <PageFrame title={TITLE}>{state.fallback}</PageFrame>;
  const { definition } = state.data;
  return (
    <PageFrame title={TITLE} subtitle={`${definition.title} · Form version ${definition.version}`}>
      <OlderNote detail={state.data} />
    </PageFrame>
  );
}
