// /goalTracker (issue 26, decision 056): care-plan goals from the notes' goal builder, met, in progress or not met,
// per patient or clinician. The goal builder stores goals (category, person, action, phrase, fill-ins, text) in a
// note's `goals` value and no status per goal; the status is the episode's verdict, the discharge note's
// "Goals met at discharge" (`goalsMet`: All met, Partially met, Not met), when one was written on or after the
// goal's latest note. Until then a goal is in progress.

export const GOAL_STATUS_KEYS = ['met', 'inProgress', 'notMet'] as const;
export type GoalStatus = (typeof GOAL_STATUS_KEYS)[number];
export const GOAL_STATUS_LABELS: Record<GoalStatus, string> = {
  met: 'Met',
  inProgress: 'In progress',
  notMet: 'Not met',
};

export const GOAL_GROUP_KEYS = ['patient', 'clinician'] as const;
export type GoalGroupBy = (typeof GOAL_GROUP_KEYS)[number];

/** The discharge answer (`goalsMet`) → each goal's status: only "All met" says a given goal was met. */
export const GOALS_MET_VERDICT: Readonly<Record<string, GoalStatus>> = {
  'All met': 'met',
  'Partially met': 'notMet',
  'Not met': 'notMet',
};

/** One note of the period as the report reads it: its visit and its goal builder values. */
export type GoalNoteRow = {
  noteId: number;
  visitId: number;
  episodeId: number;
  patientId: number | null;
  providerId: number | null;
  providerTypeId: number | null;
  dateOfService: string;
  /** The visit's start, ISO: orders two notes of one day. */
  startAt: string;
  goals: unknown;
  goalsMet: unknown;
};

/** A goal of an episode as its latest note has it, with its status. */
export type GoalRecord = {
  /** `${episodeId}:${category}|${person}|${action}|${phrase}`: one goal of one episode. */
  key: string;
  episodeId: number;
  patientId: number | null;
  providerId: number | null;
  providerTypeId: number | null;
  noteId: number;
  visitId: number;
  dateOfService: string;
  category: string;
  text: string;
  status: GoalStatus;
};

type StoredGoal = { category: string; person: string; action: string; phrase: string; text: string };

const isGoal = (g: unknown): g is StoredGoal => {
  if (typeof g !== 'object' || g === null) return false;
  const r = g as Record<string, unknown>;
  return ['category', 'person', 'action', 'phrase', 'text'].every((k) => typeof r[k] === 'string');
};

/** Later note first: date of service, then the visit's start, then the note's id. */
const later = (a: GoalNoteRow, b: GoalNoteRow) =>
  a.dateOfService !== b.dateOfService
    ? a.dateOfService > b.dateOfService
    : a.startAt !== b.startAt
      ? a.startAt > b.startAt
      : a.noteId > b.noteId;

/**
 * Every goal of the notes given, once per episode: a goal is its template (category, person, action, phrase), so a
 * goal whose fill-ins were revised stays one goal; its latest note (date of service, start, id) gives its text,
 * date, clinician and provider type. Its status: the latest discharge verdict of the episode not earlier than
 * that note (All met → met; Partially met or Not met → not met, the builder cannot say which goals were met);
 * none → in progress.
 */
export function goalRecords(rows: readonly GoalNoteRow[]): GoalRecord[] {
  const latest = new Map<string, { row: GoalNoteRow; goal: StoredGoal }>();
  const verdicts = new Map<number, GoalNoteRow>();
  for (const row of rows) {
    if (typeof row.goalsMet === 'string' && GOALS_MET_VERDICT[row.goalsMet]) {
      const seen = verdicts.get(row.episodeId);
      if (!seen || later(row, seen)) verdicts.set(row.episodeId, row);
    }
    if (!Array.isArray(row.goals)) continue;
    for (const goal of row.goals.filter(isGoal)) {
      const key = `${row.episodeId}:${goal.category}|${goal.person}|${goal.action}|${goal.phrase}`;
      const seen = latest.get(key);
      if (!seen || later(row, seen.row)) latest.set(key, { row, goal });
    }
  }
  return [...latest].map(([key, { row, goal }]) => {
    const verdict = verdicts.get(row.episodeId);
    const judged = verdict && (verdict === row || later(verdict, row));
    return {
      key,
      episodeId: row.episodeId,
      patientId: row.patientId,
      providerId: row.providerId,
      providerTypeId: row.providerTypeId,
      noteId: row.noteId,
      visitId: row.visitId,
      dateOfService: row.dateOfService,
      category: goal.category,
      text: goal.text,
      status: judged ? GOALS_MET_VERDICT[verdict.goalsMet as string]! : 'inProgress',
    };
  });
}

export type GoalGroupFigures = {
  id: number;
  goals: number;
  met: number;
  inProgress: number;
  notMet: number;
  /** met ÷ goals; null for none. */
  metRate: number | null;
};

/** The group a goal counts in: its patient, or its latest note's clinician (none: not counted by clinician). */
export const goalGroupOf = (record: GoalRecord, groupBy: GoalGroupBy): number | null =>
  groupBy === 'patient' ? record.patientId : record.providerId;

/**
 * The figures per group, worst first: the lowest met rate, then the most goals not met, then the most goals,
 * then the id.
 */
export function goalGroups(records: readonly GoalRecord[], groupBy: GoalGroupBy): GoalGroupFigures[] {
  const groups = new Map<number, GoalGroupFigures>();
  for (const record of records) {
    const id = goalGroupOf(record, groupBy);
    if (id === null) continue;
    const g = groups.get(id) ?? { id, goals: 0, met: 0, inProgress: 0, notMet: 0, metRate: null };
    g.goals += 1;
    g[record.status] += 1;
    groups.set(id, g);
  }
  const rows = [...groups.values()].map((g) => ({ ...g, metRate: g.goals === 0 ? null : g.met / g.goals }));
  return rows.sort(
    (a, b) => (a.metRate ?? 0) - (b.metRate ?? 0) || b.notMet - a.notMet || b.goals - a.goals || a.id - b.id,
  );
}

/** The goals behind a group's figure (status undefined: all its goals), latest first. */
export function goalsBehind(
  records: readonly GoalRecord[],
  groupBy: GoalGroupBy,
  groupId: number,
  status?: GoalStatus,
): GoalRecord[] {
  return records
    .filter((r) => goalGroupOf(r, groupBy) === groupId && (status === undefined || r.status === status))
    .sort(
      (a, b) =>
        b.dateOfService.localeCompare(a.dateOfService) ||
        a.text.localeCompare(b.text) ||
        a.key.localeCompare(b.key),
    );
}
