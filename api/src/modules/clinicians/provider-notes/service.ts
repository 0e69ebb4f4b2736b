// Notes staff keep about a clinician (the clinician detail `/provider`): staff who may open the clinician
// (access.ts, the providerDetail page) read them newest first, 10 a page, and add one — in one transaction with
// its audit entry and the clinician's change event. Clinicians and organization users are refused, even about
// themselves: the notes are staff's.
import {
  ORGANIZATION_ROLE_IDS,
  ROLE,
  type ProviderNote,
  type ProviderNoteInput,
  type ProviderNoteList,
  type ProviderNotesQuery,
} from '@carelane/shared-domain';
import { forbidden, notFound } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { recordAudit } from '../../../services/audit';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { publishEvent } from '../../../services/events';
import { loadClinician } from '../access';
import * as repo from './repository';

/** Staff only: a clinician or an organization user holding the page by a user privilege is still refused. */
function requireStaff(actor: Actor): Actor {
  if (actor.roleId === ROLE.CLINICIAN || ORGANIZATION_ROLE_IDS.includes(actor.roleId)) throw forbidden();
  return actor;
}

const toNote = (row: NonNullable<Awaited<ReturnType<typeof repo.findNote>>>): ProviderNote => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export async function listNotes(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  page: ProviderNotesQuery,
): Promise<ProviderNoteList> {
  const actor = requireStaff(requireActor(ctx));
  const clinician = await loadClinician(services.db, actor, providerId);
  const { rows, totalCount } = await repo.listNotes(services.db, clinician.id, page);
  return { rows: rows.map(toNote), paging: pagingOf(page, totalCount) };
}

export async function addNote(
  services: AppServices,
  ctx: RequestContext,
  providerId: number,
  input: ProviderNoteInput,
): Promise<ProviderNote> {
  const actor = requireStaff(requireActor(ctx));
  return services.db.transaction(async (tx) => {
    const clinician = await loadClinician(tx, actor, providerId);
    const id = await repo.insertNote(tx, {
      providerId: clinician.id,
      text: input.text,
      authorUserId: actor.userId,
    });
    await recordAudit(tx, ctx, {
      entity: 'providerNote',
      entityId: clinician.id,
      action: 'CREATE',
      before: null,
      after: { id, text: input.text },
    });
    await publishEvent(tx, { entity: 'provider', id: clinician.id, action: 'updated' }, { staffOnly: true });
    const note = await repo.findNote(tx, id);
    if (!note) throw notFound('Note');
    return toNote(note);
  });
}
