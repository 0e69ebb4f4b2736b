// `/timeline` (issue 27, decision 066): everything said and done about one patient (`patientId`), clinician
// (`providerId`) or organization (`referralSourceId`), newest first, filtered by kind and days in the URL. Staff add
// call logs, communication notes, comments and tasks about the subject; a clinician reads only.
import { ROLE, TIMELINE_NOTE_KINDS, type TimelineNoteKind } from '@carelane/shared-domain';
import { useSession, useUrlState } from '@carelane/shared-session';
import { EmptyState, loadState, PageFrame, refresh } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { TaskDrawer, type TaskAbout } from '../tasks/TaskDrawer';
import { ADD_NOTE_ACTIONS, AddNoteModal } from './AddNoteModal';
import { TimelineFilters } from './TimelineFilters';
import { TimelineList } from './TimelineList';
import {
  hasFilters,
  subjectOf,
  timelineFilters,
  timelineQueries,
  timelineUrlSchema,
  TIMELINE_ENTITY,
  type TimelineTarget,
} from './timeline-queries';

export const NO_SUBJECT_TITLE = 'No timeline chosen';
export const NO_SUBJECT_TEXT =
  'A timeline opens from a patient, a clinician or an organization page: choose “Timeline” there.';

/** Everyone but a clinician adds notes to a timeline. */
export const canAddNotes = (roleId: number | undefined) => roleId !== undefined && roleId !== ROLE.CLINICIAN;

/** A task added from a timeline is linked to its subject. */
function taskAbout(target: TimelineTarget, name: string): TaskAbout {
  const link =
    target.subject === 'patient'
      ? { patientId: target.id }
      : target.subject === 'clinician'
        ? { providerId: target.id }
        : { referralSourceId: target.id };
  return { link, description: `${name} (${target.subject})` };
}

function AddButtons({
  onAdd,
  onAddTask,
}: {
  onAdd: (kind: TimelineNoteKind) => void;
  onAddTask: (() => void) | null;
}) {
  return (
    <>
      {TIMELINE_NOTE_KINDS.map((kind) => (
        <Button key={kind} onClick={() => onAdd(kind)}>
          {ADD_NOTE_ACTIONS[kind]}
        </Button>
      ))}
      {onAddTask ? <Button onClick={onAddTask}>Add task</Button> : null}
    </>
  );
}

function SubjectTimeline({ target }: { target: TimelineTarget }) {
  const [url, setUrl] = useUrlState(timelineUrlSchema);
  const timeline = useQuery(timelineQueries.list(timelineFilters(target, url)));
  const staff = canAddNotes(useSession()?.user.roleId);
  const [adding, setAdding] = useState<TimelineNoteKind | null>(null);
  const [addingTask, setAddingTask] = useState(false);
  const name = timeline.data?.name;
  return (
    <PageFrame
      title="Timeline"
      subtitle={name ? `Timeline of ${name} (${target.subject})` : undefined}
      actions={
        staff ? <AddButtons onAdd={setAdding} onAddTask={name ? () => setAddingTask(true) : null} /> : null
      }
    >
      <TimelineFilters subject={target.subject} url={url} setUrl={setUrl} />
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
        Entries
      </Typography.Title>
      <TimelineList query={timeline} url={url} setUrl={setUrl} filtered={hasFilters(url)} />
      {adding ? <AddNoteModal target={target} kind={adding} onClose={() => setAdding(null)} /> : null}
      {addingTask && name ? (
        <TaskDrawer
          editing={{ mode: 'new', about: taskAbout(target, name) }}
          onClose={() => setAddingTask(false)}
          onSaved={() => refresh(TIMELINE_ENTITY)}
        />
      ) : null}
    </PageFrame>
  );
}

/** A clinician who names no subject reads their own timeline. */
function OwnTimeline() {
  const own = useQuery(timelineQueries.ownClinician());
  const loaded = loadState(own, 'your timeline');
  if (!loaded.data) return <PageFrame title="Timeline">{loaded.fallback}</PageFrame>;
  return <SubjectTimeline target={{ subject: 'clinician', id: loaded.data.providerId }} />;
}

/** `/timeline` */
export default function TimelinePage() {
  const [url] = useUrlState(timelineUrlSchema);
  const roleId = useSession()?.user.roleId;
  const target = subjectOf(url);
  if (!target && roleId === ROLE.CLINICIAN) return <OwnTimeline />;
  if (!target)
    return (
      <PageFrame title="Timeline">
        <EmptyState title={NO_SUBJECT_TITLE} description={NO_SUBJECT_TEXT} />
      </PageFrame>
    );
  return <SubjectTimeline key={`${target.subject}:${target.id}`} target={target} />;
}
