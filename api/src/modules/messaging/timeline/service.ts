// The timeline (issue 27, decision 066): for a patient, a clinician or an organization, everything said and done
// in time order, and the notes written on it (call logs, communication notes, comments). Staff read every
// timeline and write notes; a clinician reads their own and those of the patients they were assigned a visit of,
// and writes nothing. Reading a patient's timeline is a read of the patient's data: the access log records it,
// refused or not.
import {
  DEFAULT_TIME_ZONE,
  ROLE,
  TIMELINE_KINDS,
  TIMELINE_NOTE_ADDED,
  localDayBounds,
  type Timeline,
  type TimelineEntry,
  type TimelineNoteInput,
  type TimelineQuery,
  type TimelineSubject,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { badRequest, forbidden, notFound } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { noteRead } from '../../../services/access-log';
import { recordAudit } from '../../../services/audit';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { clinicianIdOfUser } from '../../clinicians/access';
import { organizationTimeZone } from '../../maps/service';
import * as repo from './repository';

export const TIMELINE_EVENT = 'timeline';
const THING: Record<TimelineSubject, string> = {
  patient: 'This patient',
  clinician: 'This clinician',
  organization: 'This organization',
};

const toEntry = (row: repo.TimelineRow): TimelineEntry => ({
  key: row.key,
  kind: row.kind,
  at: new Date(row.at).toISOString(),
  title: row.title,
  body: row.body,
  actorName: row.actor_name,
  link: row.link,
});

/** The subject's name when the actor may read its timeline (404 when there is none, 403 when not theirs). */
async function readableSubject(ex: Executor, actor: Actor, s: repo.Subject): Promise<string> {
  const name = await repo.subjectName(ex, s);
  if (name === null) throw notFound(THING[s.subject]);
  if (actor.roleId !== ROLE.CLINICIAN) return name;
  const own = await clinicianIdOfUser(ex, actor.userId);
  const mayRead =
    own !== null &&
    ((s.subject === 'clinician' && s.id === own) ||
      (s.subject === 'patient' && (await repo.clinicianSeesPatient(ex, own, s.id))));
  if (!mayRead) throw forbidden();
  return name;
}

/** The instants the asked days span, on the subject's organization's calendar (Central for a clinician). */
async function periodOf(ex: Executor, s: repo.Subject, q: Pick<TimelineQuery, 'from' | 'to'>) {
  if (q.from && q.to && q.from > q.to) throw badRequest('to', 'must not be before from');
  if (!q.from && !q.to) return { from: null, to: null };
  const organizationId = await repo.subjectOrganization(ex, s);
  const zone = organizationId === null ? DEFAULT_TIME_ZONE : await organizationTimeZone(ex, organizationId);
  return {
    from: q.from ? localDayBounds(q.from, zone).start : null,
    to: q.to ? localDayBounds(q.to, zone).end : null,
  };
}

export async function readTimeline(
  services: AppServices,
  ctx: RequestContext,
  q: TimelineQuery,
): Promise<Timeline> {
  const actor = requireActor(ctx);
  const s = { subject: q.subject, id: q.id };
  if (s.subject === 'patient') noteRead(ctx, { kind: 'timeline', entityId: s.id, patientIds: [s.id] });
  const name = await readableSubject(services.db, actor, s);
  const period = await periodOf(services.db, s, q);
  const kinds = (q.kinds?.length ? q.kinds : TIMELINE_KINDS).filter(
    (kind) => kind !== 'access' || s.subject === 'patient',
  );
  const { rows, totalCount } = await repo.timelinePage(services.db, s, { ...q, ...period, kinds });
  return { ...s, name, rows: rows.map(toEntry), paging: pagingOf(q, totalCount) };
}

const SUBJECT_COLUMN = {
  patient: 'patientId',
  clinician: 'providerId',
  organization: 'referralSourceId',
} as const;

export async function addNote(services: AppServices, ctx: RequestContext, input: TimelineNoteInput) {
  const actor = requireActor(ctx);
  if (actor.roleId === ROLE.CLINICIAN) throw forbidden();
  const s = { subject: input.subject, id: input.id };
  if (s.subject === 'patient') noteRead(ctx, { kind: 'timeline', entityId: s.id, patientIds: [s.id] });
  return services.db.transaction(async (tx) => {
    await readableSubject(tx, actor, s);
    const values = {
      kind: input.kind,
      [SUBJECT_COLUMN[s.subject]]: s.id,
      body: input.body,
      contactName: input.kind === 'callLog' ? input.contactName || null : null,
      direction: input.kind === 'callLog' ? input.direction! : null,
      createdByUserId: actor.userId,
    };
    const note = await repo.insertNote(tx, values);
    await recordAudit(tx, ctx, {
      entity: 'timelineNote',
      entityId: note.id,
      action: 'CREATE',
      before: null,
      after: { ...values, id: note.id },
    });
    await publishEvent(tx, { entity: TIMELINE_EVENT, id: note.id, action: 'created' }, { staffOnly: true });
    const row = await repo.noteEntry(tx, s, input.kind, note.id);
    return { entry: toEntry(row), message: TIMELINE_NOTE_ADDED[input.kind] };
  });
}
