// What every note needs besides itself: the note types and their versioned definitions, the ICD-10 codes, and
// the goal phrase library (read by everyone signed in, changed only by administrators, audited, version-checked).
import {
  ROLE,
  currentDefinitionOf,
  type GoalTemplate,
  type NoteDefinition,
  type NoteTypeCode,
} from '@carelane/shared-domain';
import { AppError, forbidden, notFound, staleVersion } from '../../../lib/errors';
import type { AppServices } from '../../../services/app-services';
import { recordAudit } from '../../../services/audit';
import { requireActor, type RequestContext } from '../../../services/context';
import { NOTE_MESSAGES } from '../access';
import { definitionAt } from '../note/service';
import * as repo from './repository';

const TEMPLATE_THING = 'Goal template';

export async function listNoteTypes(services: AppServices) {
  const rows = await repo.listNoteTypes(services.db);
  return {
    rows: rows.map((row) => {
      const versions = (row.versions ?? []).map(Number);
      const current = (currentDefinitionOf(row.code as NoteTypeCode) as NoteDefinition | undefined)?.version;
      return {
        code: row.code as NoteTypeCode,
        name: row.name,
        currentVersion: current ?? Math.max(0, ...versions),
        versions,
      };
    }),
  };
}

/** One version of a note type's definition; 404 naming `version` when there is none. */
export function noteDefinition(code: NoteTypeCode, version: number): NoteDefinition {
  const definition = definitionAt(code, version);
  if (!definition) {
    const message = `there is no version ${version} of the ${code} note`;
    throw new AppError(404, 'NOT_FOUND', `version: ${message}`, [{ field: 'version', message }]);
  }
  return definition;
}

export async function searchIcdCodes(services: AppServices, q: string, limit: number) {
  return { rows: await repo.searchIcdCodes(services.db, q, limit) };
}

const toTemplate = (row: Awaited<ReturnType<typeof repo.listGoalTemplates>>[number]): GoalTemplate => ({
  id: row.id,
  category: row.category,
  person: row.person,
  action: row.action,
  phrase: row.phrase,
  phraseDe: row.phraseDe,
  version: row.version,
});

export async function listGoalTemplates(services: AppServices) {
  return { rows: (await repo.listGoalTemplates(services.db)).map(toTemplate) };
}

function assertAdministrator(ctx: RequestContext) {
  if (requireActor(ctx).roleId !== ROLE.ADMINISTRATOR) throw forbidden(NOTE_MESSAGES.administratorsOnly);
}

type TemplateInput = Omit<GoalTemplate, 'id' | 'version'>;

export async function createGoalTemplate(services: AppServices, ctx: RequestContext, input: TemplateInput) {
  assertAdministrator(ctx);
  const row = await services.db.transaction(async (tx) => {
    const created = await repo.insertGoalTemplate(tx, input);
    await recordAudit(tx, ctx, {
      entity: 'goalTemplate',
      entityId: created.id,
      action: 'CREATE',
      before: null,
      after: toTemplate(created),
    });
    return created;
  });
  return toTemplate(row);
}

export async function updateGoalTemplate(
  services: AppServices,
  ctx: RequestContext,
  id: number,
  input: TemplateInput & { version: number },
) {
  assertAdministrator(ctx);
  const row = await services.db.transaction(async (tx) => {
    const before = await repo.findGoalTemplate(tx, id, { lock: true });
    if (!before) throw notFound(TEMPLATE_THING);
    if (before.version !== input.version) throw staleVersion('goal template');
    const { version, ...changes } = input;
    const after = await repo.updateGoalTemplate(tx, id, version, changes);
    if (!after) throw staleVersion('goal template');
    await recordAudit(tx, ctx, {
      entity: 'goalTemplate',
      entityId: id,
      action: 'UPDATE',
      before: toTemplate(before),
      after: toTemplate(after),
    });
    return after;
  });
  return toTemplate(row);
}
