// Visit notes (issue 12): the reference data every database needs (note types, their definitions, the ICD-10
// codes, the goal phrase library) and, on an empty database, the demo: a service request of the demo
// clinician's with the notes workflow on and its visits in each notes status — a Staffed start of care for today
// (check in, then write), a Notes Due start of care with its EVV records and no note yet, a Notes Due routine
// visit with a draft, a Notes Rejected one with the reviewer's reason, a Notes In Review start of care with a
// complete note, a Notes In Review routine visit whose check-out was far from the patient's home (an EVV flag for
// the reviewer to acknowledge, decision 038), and Notes Approved notes (one in start-of-care definition version 1,
// for /notev0). Days and hours are the patient's (Central time), and every EVV record passes the EVV checks.
import { asc, eq, sql } from 'drizzle-orm';
import {
  GOAL_PHRASE_SEED,
  NOTE_DEFINITIONS,
  NOTE_TYPE_CODES,
  NOTE_TYPE_NAMES,
  buildGoalSentence,
  currentDefinitionOf,
  defaultNoteTypeFor,
  addIsoDays,
  definitionOf,
  evvProblems,
  fieldsOf,
  fillInsOf,
  localDateIn,
  optionsOfField,
  readingTypeOf,
  timeZoneOfPlace,
  validateNoteValues,
  withComputedScores,
  zonedInstant,
  type NoteDefinition,
  type NoteField,
  type NoteTypeCode,
  type VisitStatus,
} from '@carelane/shared-domain';
import {
  episodes,
  evvFlags,
  evvRecords,
  goalTemplates,
  icdCodes,
  noteComments,
  noteDefinitions,
  noteRevisions,
  noteTypes,
  notes,
  patients,
  providerVacations,
  providers,
  users,
  visitProviderTypes,
  visits,
} from './schema';
import type { Executor } from './client';
import { HOME_HEALTH_ICD10_CODES } from './icd-codes';

/** Every definition of every version (NOTE_DEFINITIONS as a list, whatever container it comes in). */
function allDefinitions(): NoteDefinition[] {
  const source = NOTE_DEFINITIONS as unknown;
  const list = Array.isArray(source) ? source : Object.values(source as Record<string, unknown>);
  return list.flat() as NoteDefinition[];
}

/** Note types, their definitions, ICD-10 codes and (once) the goal phrases; safe at every start. */
export async function seedNoteReference(db: Executor): Promise<void> {
  await db
    .insert(noteTypes)
    .values(
      NOTE_TYPE_CODES.map((code) => ({
        code,
        name: (NOTE_TYPE_NAMES as Record<string, string>)[code] ?? code,
      })),
    )
    .onConflictDoNothing();
  // Only the missing ones: an INSERT … ON CONFLICT DO NOTHING would still draw an id for every row at each start.
  const stored = new Set(
    (
      await db
        .select({ noteType: noteDefinitions.noteType, version: noteDefinitions.version })
        .from(noteDefinitions)
    ).map((row) => `${row.noteType}/${row.version}`),
  );
  const missing = allDefinitions().filter(
    (definition) => !stored.has(`${definition.noteType}/${definition.version}`),
  );
  if (missing.length)
    await db
      .insert(noteDefinitions)
      .values(
        missing.map((definition) => ({
          noteType: definition.noteType,
          version: definition.version,
          definition: definition as unknown as Record<string, unknown>,
        })),
      )
      .onConflictDoNothing();
  await db
    .insert(icdCodes)
    .values(HOME_HEALTH_ICD10_CODES.map(([code, description]) => ({ code, description })))
    .onConflictDoNothing();
  const [templates] = await db.select({ n: sql<number>`count(*)::int` }).from(goalTemplates);
  if (!templates?.n)
    await db.insert(goalTemplates).values(
      GOAL_PHRASE_SEED.map((seed) => ({
        category: seed.category,
        person: seed.person,
        action: seed.action,
        phrase: seed.phrase,
        phraseDe: seed.phraseDe,
      })),
    );
}

/** The demo's service request whose notes are reviewed (the notes workflow on). */
export const NOTES_DEMO_EPISODE = 'Start of care and skilled nursing after hip replacement';

const DAY_MS = 86_400_000;

/** A goal built from the first phrase of the library, its fill-ins filled. */
function sampleGoal() {
  const seed = GOAL_PHRASE_SEED.find((s) => fillInsOf(s.phrase).length > 0) ?? GOAL_PHRASE_SEED[0]!;
  const fillIns = Object.fromEntries(fillInsOf(seed.phrase).map((name) => [name, 'the walker']));
  const parts = { person: seed.person, action: seed.action, phrase: seed.phrase, fillIns };
  const timeframe = 'within 4 weeks';
  const built = buildGoalSentence({ ...parts, timeframe });
  return { category: seed.category, ...parts, timeframe, text: built.ok ? built.text : '' };
}

function middle(min: number | undefined, max: number | undefined, integer?: boolean) {
  const low = min ?? 0;
  const high = max ?? low + 10;
  const value = (low + high) / 2;
  return integer ? Math.round(value) : value;
}

/** A plausible value for a field (the demo's complete notes). */
function sampleValue(field: NoteField, at: { date: string; signedAt: string }): unknown {
  switch (field.kind) {
    case 'text': {
      const text = field.multiline
        ? 'Patient alert and oriented, tolerated the visit well. Medications reviewed; home safety discussed.'
        : 'Within normal limits';
      return field.maxLength ? text.slice(0, field.maxLength) : text;
    }
    case 'number':
      return middle(field.min, field.max, field.integer ?? true);
    case 'date':
      return at.date;
    case 'time':
      return '09:00';
    case 'choice': {
      const first = optionsOfField(field)[0]?.value;
      if (first === undefined) return undefined;
      return field.multiple ? [first] : first;
    }
    case 'signature':
      return { name: 'Casey Rivera', signedAt: at.signedAt };
    case 'table': {
      const row: Record<string, unknown> = {};
      for (const column of field.columns) row[column.id] = sampleValue(column, at);
      return [row];
    }
    case 'vitals': {
      const readings: Record<string, unknown> = {};
      for (const code of field.readingTypes) {
        const type = readingTypeOf(code) as { min?: number; max?: number; integer?: boolean } | undefined;
        if (type) readings[code] = { value: middle(type.min, type.max, type.integer) };
      }
      return readings;
    }
    case 'goals':
      return [sampleGoal()];
    case 'diagnoses':
      return { primary: 'Z47.1', others: ['Z96.651', 'I10'] };
    case 'score':
      return undefined;
  }
}

/** A complete note of the definition: every field filled, scores computed; a value it refuses is left out. */
export function sampleNoteValues(
  definition: NoteDefinition,
  at: { date: string; signedAt: string },
  options: { only?: number } = {},
): Record<string, unknown> {
  let values: Record<string, unknown> = {};
  const fields = fieldsOf(definition).slice(0, options.only);
  for (const field of fields) {
    const value = sampleValue(field, at);
    if (value !== undefined) values[field.id] = value;
  }
  values = withComputedScores(definition, values) as Record<string, unknown>;
  const refused = new Set(
    validateNoteValues(definition, values, 'save').map((error) => error.field.split('.')[1]),
  );
  for (const id of refused) if (id) delete values[id];
  return withComputedScores(definition, values) as Record<string, unknown>;
}

type NotePlan = {
  status: VisitStatus;
  day: number;
  visitTypeId: number;
  /** Write a note: complete, a draft (the first few fields), or none. */
  note?: 'complete' | 'draft';
  /** Write it in this definition version instead of the current one. */
  definitionVersion?: number;
  comment?: { fieldId: string | null; text: string };
  /** The check-out was made this many miles north of the patient's home (past the EVV review distance). */
  checkOutAwayMiles?: number;
};

const NOTE_PLANS: readonly NotePlan[] = [
  { status: 'Staffed', day: 0, visitTypeId: 100 },
  { status: 'NotesDue', day: -1, visitTypeId: 100 },
  { status: 'NotesDue', day: -1, visitTypeId: 304, note: 'draft' },
  {
    status: 'NotesRejected',
    day: -4,
    visitTypeId: 304,
    note: 'complete',
    comment: { fieldId: null, text: 'Please add the wound measurements and the education given.' },
  },
  {
    status: 'NotesInReview',
    day: -3,
    visitTypeId: 100,
    note: 'complete',
    comment: { fieldId: null, text: 'Reviewed the medication list with the patient’s daughter.' },
  },
  { status: 'NotesInReview', day: -2, visitTypeId: 304, note: 'complete', checkOutAwayMiles: 7.5 },
  { status: 'NotesApproved', day: -10, visitTypeId: 100, note: 'complete', definitionVersion: 1 },
  { status: 'NotesApproved', day: -7, visitTypeId: 304, note: 'complete' },
  { status: 'NotesApproved', day: -14, visitTypeId: 304, note: 'complete' },
];

/** The demo clinician's notes service request; nothing when the demo data has no clinician or request. */
export async function seedDemoNotes(tx: Executor, now = Date.now()): Promise<void> {
  const [clinician] = await tx
    .select({ id: providers.id, userId: providers.userId })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(eq(users.emailId, 'clinician@carelane.local'));
  const [reviewer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailId, 'coordinator@carelane.local'));
  if (!clinician?.userId || !reviewer) return;
  // The showcase request (the demo clinician's patient in Austin) is the model of the new one.
  const [model] = await tx
    .select()
    .from(visits)
    .where(eq(visits.providerId, clinician.id))
    .orderBy(asc(visits.id))
    .limit(1);
  if (!model || model.patientId === null) return;
  const [episode] = await tx.select().from(episodes).where(eq(episodes.id, model.episodeId));
  const [terms] = await tx.select().from(visitProviderTypes).where(eq(visitProviderTypes.visitId, model.id));
  if (!episode || !terms) return;
  // A patient of its own (the same neighbourhood), so each demo patient has one service request.
  const [modelPatient] = await tx.select().from(patients).where(eq(patients.id, model.patientId));
  if (!modelPatient) return;
  // The patient's days and hours (Austin: Central time), not the server's.
  const zone = timeZoneOfPlace(modelPatient);
  const today = localDateIn(now, zone);
  const isoDay = (days: number) => addIsoDays(today, days);
  const morning = (date: string, hour: number) =>
    zonedInstant(date, `${String(hour).padStart(2, '0')}:00`, zone);
  const { id: _patientId, createdAt: _pc, updatedAt: _pu, version: _pv, ...patientFields } = modelPatient;
  const [patient] = await tx
    .insert(patients)
    .values({
      ...patientFields,
      firstName: 'Eleanor',
      middleInitial: 'M',
      lastName: 'Whitmore',
      gender: 'F',
      birthday: '1944-03-18',
    })
    .returning({ id: patients.id });
  const { id: _episodeId, createdAt: _c, updatedAt: _u, version: _v, ...episodeFields } = episode;
  const [notesEpisode] = await tx
    .insert(episodes)
    .values({
      ...episodeFields,
      patientId: patient!.id,
      title: NOTES_DEMO_EPISODE,
      description: 'OASIS start of care, then skilled nursing: wound, pain, medication and fall-risk review.',
      status: 'Active',
      enableNotesWorkflow: true,
      visitTypeIds: [100, 304],
      providerTypeIds: [1],
      startDate: isoDay(-16),
      endDate: isoDay(30),
    })
    .returning({ id: episodes.id });
  const signedAt = new Date(now).toISOString();

  // The clinician's bookings and vacations: a demo visit goes into a free hour of a working day.
  const booked = (
    await tx
      .select({ start: visits.startAt, end: visits.endAt })
      .from(visits)
      .where(eq(visits.providerId, clinician.id))
  ).map((b) => ({ start: b.start.getTime(), end: b.end.getTime() }));
  const vacations = await tx
    .select({ start: providerVacations.startDate, end: providerVacations.endDate })
    .from(providerVacations)
    .where(eq(providerVacations.providerId, clinician.id));
  function slotNear(day: number): { date: string; start: Date; end: Date } {
    // Past work moves further back, today's visit forward, until a day off vacation with a free hour.
    for (let step = 0; step < 30; step++) {
      const date = isoDay(day === 0 ? day + step : day - step);
      if (vacations.some((v) => v.start <= date && date <= v.end)) continue;
      for (const hour of day === 0 ? [18, 17, 16, 15, 14, 13] : [9, 10, 11, 12, 13, 14, 15, 16, 17, 7]) {
        const start = morning(date, hour);
        const end = new Date(start.getTime() + 60 * 60_000);
        if (booked.some((b) => b.start < end.getTime() && start.getTime() < b.end)) continue;
        booked.push({ start: start.getTime(), end: end.getTime() });
        return { date, start, end };
      }
    }
    throw new Error('Demo seed: the demo clinician has no free hour for the notes demo');
  }

  for (const plan of NOTE_PLANS) {
    const { date, start, end } = slotNear(plan.day);
    const worked = plan.status !== 'Staffed';
    const [visit] = await tx
      .insert(visits)
      .values({
        episodeId: notesEpisode!.id,
        referralSourceId: model.referralSourceId,
        patientId: patient!.id,
        episodeType: 'Visit',
        visitTypeId: plan.visitTypeId,
        providerTypeId: 1,
        dateOfService: date,
        startAt: start,
        endAt: end,
        duration: 60,
        status: plan.status,
        providerId: clinician.id,
        assignedAt: new Date(start.getTime() - 3 * DAY_MS),
        assignedBy: reviewer.id,
        providerAmount: model.providerAmount,
        rsAmount: model.rsAmount,
        timeIn: worked ? start : null,
        timeOut: worked ? end : null,
        zipcode: model.zipcode,
        latitude: model.latitude,
        longitude: model.longitude,
        createdBy: reviewer.id,
        // Asked for half a day before it was staffed, never after the seed ran.
        createdAt: new Date(Math.min(Date.now(), start.getTime() - 3 * DAY_MS) - DAY_MS / 2),
      })
      .returning({ id: visits.id });
    const visitId = visit!.id;
    const { id: _termsId, visitId: _termsVisit, ...termFields } = terms;
    await tx.insert(visitProviderTypes).values({ ...termFields, visitId, providerTypeId: 1 });
    if (worked && model.latitude !== null && model.longitude !== null) {
      const home = { latitude: model.latitude, longitude: model.longitude };
      // About 69 miles to a degree of latitude.
      const away = (plan.checkOutAwayMiles ?? 0) / 69;
      for (const [kind, at, latitude] of [
        ['checkIn', start, home.latitude + 0.0004],
        ['checkOut', end, home.latitude + (away || 0.0004)],
      ] as const) {
        const tap = { kind, at, latitude, longitude: home.longitude - 0.0003 };
        const { refusals, flags } = evvProblems(
          { dateOfService: date, timeZone: zone, scheduledEnd: end, timeIn: start, home },
          tap,
        );
        if (refusals.length) throw new Error(`Demo seed: an impossible ${kind}: ${JSON.stringify(refusals)}`);
        const [record] = await tx
          .insert(evvRecords)
          .values({
            visitId,
            providerId: clinician.id,
            userId: clinician.userId,
            kind,
            deviceAt: at,
            recordedAt: new Date(at.getTime() + 20_000),
            latitude: tap.latitude,
            longitude: tap.longitude,
          })
          .returning({ id: evvRecords.id });
        if (flags.length)
          await tx.insert(evvFlags).values(
            flags.map((flag) => ({
              visitId,
              evvRecordId: record!.id,
              kind: flag.kind,
              distanceMiles: flag.distanceMiles,
              limitMiles: flag.limitMiles,
              createdAt: new Date(at.getTime() + 20_000),
            })),
          );
      }
    }
    if (plan.note) {
      const noteType = defaultNoteTypeFor(
        'RN',
        plan.visitTypeId === 100 ? 'SOC' : 'RN Routine',
      ) as NoteTypeCode;
      const definition = ((plan.definitionVersion !== undefined
        ? definitionOf(noteType, plan.definitionVersion)
        : undefined) ?? currentDefinitionOf(noteType)) as NoteDefinition;
      const complete = sampleNoteValues(definition, { date, signedAt });
      const draft = sampleNoteValues(definition, { date, signedAt }, { only: 4 });
      // The revisions: a first autosave of part of it, then the whole (and a manual save of it).
      const steps =
        plan.note === 'draft'
          ? [{ values: draft, autosave: true }]
          : [
              { values: draft, autosave: true },
              { values: complete, autosave: true },
              { values: complete, autosave: false },
            ];
      const last = steps[steps.length - 1]!;
      const submitted = plan.status !== 'NotesDue';
      const [note] = await tx
        .insert(notes)
        .values({
          visitId,
          noteType,
          definitionVersion: definition.version,
          values: last.values,
          version: steps.length,
          savedAt: new Date(end.getTime() + steps.length * 60_000),
          savedBy: clinician.userId,
          submittedAt: submitted ? new Date(end.getTime() + 2 * 3_600_000) : null,
        })
        .returning({ id: notes.id });
      await tx.insert(noteRevisions).values(
        steps.map((step, i) => ({
          noteId: note!.id,
          version: i + 1,
          values: step.values,
          savedBy: clinician.userId!,
          deviceId: 'demo-phone',
          autosave: step.autosave,
          savedAt: new Date(end.getTime() + (i + 1) * 60_000),
        })),
      );
    }
    if (plan.comment)
      await tx.insert(noteComments).values({
        visitId,
        fieldId: plan.comment.fieldId,
        text: plan.comment.text,
        authorUserId: reviewer.id,
      });
  }
}
