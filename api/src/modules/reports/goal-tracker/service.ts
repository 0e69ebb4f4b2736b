// /goalTracker (issue 26, decision 056): care-plan goals from the notes' goal builder, met, in progress and not
// met, per patient or clinician, over a period of visit dates; every figure's goals come from shared-domain's
// rules, so a drill-down's total is its figure. Page reports (administrator and staffing roles); scoped like
// every report (scopedFilter), clinicians refused.
import {
  goalGroups,
  goalRecords,
  goalsBehind,
  type GoalGroupBy,
  type GoalRecord,
  type GoalTracker,
  type GoalTrackerQuery,
  type GoalTrackerRecords,
  type GoalTrackerRecordsQuery,
} from '@carelane/shared-domain';
import { pagingOf } from '../../../lib/paging';
import { noteRead, patientIdsOf } from '../../../services/access-log';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import { periodsOf, scopedFilter } from '../report-scope';
import * as repo from './repository';

type Services = Pick<AppServices, 'db' | 'reportsDb'>;

/** The goals of the period asked for, as shared-domain judges them, of the provider type asked for. */
async function goalsOf(services: Services, ctx: RequestContext, query: GoalTrackerQuery) {
  const q = scopedFilter(requireActor(ctx), query);
  const { current } = await periodsOf(services, q);
  const rows = await repo.goalNotes(services.reportsDb, current, q.referralSourceId);
  const records = goalRecords(
    rows.map((r) => ({
      noteId: r.note_id,
      visitId: r.visit_id,
      episodeId: r.episode_id,
      patientId: r.patient_id,
      providerId: r.provider_id,
      providerTypeId: r.provider_type_id,
      dateOfService: r.date_of_service,
      startAt: new Date(r.start_at).toISOString(),
      goals: r.goals,
      goalsMet: r.goals_met,
    })),
  ).filter((r) => q.providerTypeId === undefined || r.providerTypeId === q.providerTypeId);
  return { period: current, groupBy: q.groupBy as GoalGroupBy, records };
}

const namesOf = async (services: Services, groupBy: GoalGroupBy, ids: number[]) =>
  new Map((await repo.groupNames(services.reportsDb, groupBy, ids)).map((r) => [r.id, r.name]));

/** GET /api/admin/reports/goalTracker */
export async function goalTracker(
  services: Services,
  ctx: RequestContext,
  query: GoalTrackerQuery,
): Promise<GoalTracker> {
  const { period, groupBy, records } = await goalsOf(services, ctx, query);
  const groups = goalGroups(records, groupBy);
  const names = await namesOf(
    services,
    groupBy,
    groups.map((g) => g.id),
  );
  return { period, groupBy, rows: groups.map((g) => ({ ...g, name: names.get(g.id) ?? `#${g.id}` })) };
}

/** GET /api/admin/reports/goalTracker/records: the goals behind a group's figure, latest first; names patients. */
export async function goalTrackerRecords(
  services: Services,
  ctx: RequestContext,
  q: GoalTrackerRecordsQuery,
): Promise<GoalTrackerRecords> {
  const { groupBy, records } = await goalsOf(services, ctx, q);
  const all = goalsBehind(records, groupBy, q.groupId, q.status);
  const page: GoalRecord[] = all.slice((q.pageNumber - 1) * q.pageSize, q.pageNumber * q.pageSize);
  const patientIds = [...new Set(patientIdsOf(page))];
  const clinicianIds = [...new Set(page.flatMap((r) => (r.providerId === null ? [] : [r.providerId])))];
  const [patients, clinicians] = await Promise.all([
    namesOf(services, 'patient', patientIds),
    namesOf(services, 'clinician', clinicianIds),
  ]);
  noteRead(ctx, { kind: 'metricVisitList', entityId: null, patientIds });
  return {
    rows: page.map((r) => ({
      episodeId: r.episodeId,
      visitId: r.visitId,
      noteId: r.noteId,
      dateOfService: r.dateOfService,
      category: r.category,
      text: r.text,
      status: r.status,
      patientName: r.patientId === null ? null : (patients.get(r.patientId) ?? null),
      clinicianName: r.providerId === null ? null : (clinicians.get(r.providerId) ?? null),
    })),
    paging: pagingOf(q, all.length),
  };
}
