// /genericReport (issue 26, decision 054): a definition staff build, run against the allow-list's SQL only. Page
// key `reports` (the administrator and the staffing roles); organization users and clinicians are refused by the
// route's page. A grouped definition answers counts per group; a group's drill-down is the same definition with
// the group's filter added, so its total is the group's count. Lists naming patients go to the access log.
import {
  GENERIC_LIMITS,
  GENERIC_SUBJECT_DEFS,
  checkGenericDefinition,
  genericCellText,
  genericColumn,
  genericGroupFilter,
  genericValueProblem,
  toCsv,
  type GenericCell,
  type GenericGroupValue,
  type GenericReportDefinition,
  type GenericRunAnswer,
  type GenericRows,
  type PatientReadKind,
  type SavedReport,
} from '@carelane/shared-domain';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import { noteRead } from '../../../services/access-log';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import { periodsOf } from '../report-scope';
import * as repo from './repository';

type Services = Pick<AppServices, 'db' | 'reportsDb'>;
type Asked = { definition: GenericReportDefinition; from?: string; to?: string };

async function scopeOf(services: Services, asked: Asked): Promise<repo.Scope> {
  const { current } = await periodsOf(services, { from: asked.from, to: asked.to });
  const periodColumn = GENERIC_SUBJECT_DEFS[asked.definition.subject].periodColumn;
  return {
    definition: asked.definition,
    period: periodColumn ? current : null,
    periodColumn,
    zone: 'America/Chicago',
  };
}

const LIST_READ: Partial<Record<string, PatientReadKind>> = {
  visits: 'visitList',
  serviceRequests: 'serviceRequestList',
};

/** Notes the read when the rows show a patient's name. */
function notePatients(
  ctx: RequestContext,
  d: GenericReportDefinition,
  rows: repo.GenericDbRow[],
  csv = false,
) {
  const kind = csv ? 'csvExport' : LIST_READ[d.subject];
  if (!kind || !d.columns.some((c) => genericColumn(d.subject, c)?.namesPatient)) return;
  const patientIds = rows.flatMap((r) => (r._pid === null ? [] : [Number(r._pid)]));
  noteRead(ctx, { kind, entityId: null, patientIds });
}

function cellOf(type: string, value: unknown): GenericCell {
  if (value === null || value === undefined) return null;
  if (type === 'number' || type === 'money-cents') return Number(value);
  return String(value);
}

function columnsOf(d: GenericReportDefinition) {
  return d.columns.map((key) => {
    const c = genericColumn(d.subject, key)!;
    return { key, label: c.label, type: c.type };
  });
}

async function rowsAnswer(
  services: Services,
  ctx: RequestContext,
  scope: repo.Scope,
  page: { pageNumber: number; pageSize: number },
): Promise<GenericRows> {
  const d = scope.definition;
  const [rows, total] = await Promise.all([
    repo.rowsPage(services.reportsDb, scope, {
      limit: page.pageSize,
      offset: (page.pageNumber - 1) * page.pageSize,
    }),
    repo.countRows(services.reportsDb, scope),
  ]);
  notePatients(ctx, d, rows);
  const columns = columnsOf(d);
  return {
    kind: 'rows',
    period: scope.period,
    columns,
    rows: rows.map((r) => ({
      id: Number(r._id),
      cells: Object.fromEntries(columns.map((c, i) => [c.key, cellOf(c.type, r[`c${i}`])])),
    })),
    paging: pagingOf(page, total),
  };
}

/** POST /api/admin/reports/genericReport/run */
export async function run(
  services: Services,
  ctx: RequestContext,
  body: Asked & { pageNumber: number; pageSize: number },
): Promise<GenericRunAnswer> {
  requireActor(ctx);
  const scope = await scopeOf(services, body);
  const groupBy = body.definition.groupBy;
  if (!groupBy) return rowsAnswer(services, ctx, scope, body);
  const column = genericColumn(body.definition.subject, groupBy)!;
  const [groups, total] = await Promise.all([
    repo.groupCounts(services.reportsDb, scope, groupBy),
    repo.countRows(services.reportsDb, scope),
  ]);
  const truncated = groups.length > GENERIC_LIMITS.maxGroups;
  return {
    kind: 'groups',
    period: scope.period,
    groupBy: { key: groupBy, label: column.label, type: column.type },
    groups: groups
      .slice(0, GENERIC_LIMITS.maxGroups)
      .map((g) => ({ value: cellOf(column.type, g.value), count: Number(g.count) })),
    total,
    truncated,
  };
}

/** The definition of a group's records: the grouping dropped, the group's filter added. */
function drillDefinition(d: GenericReportDefinition, group: GenericGroupValue): GenericReportDefinition {
  if (!d.groupBy) throw badRequest('definition.groupBy', 'a drill-down needs a grouping');
  const column = genericColumn(d.subject, d.groupBy)!;
  const problem = group === null ? null : genericValueProblem(column, group);
  if (problem) throw badRequest('group', problem);
  return { ...d, groupBy: null, filters: [...d.filters, genericGroupFilter(d.groupBy, group)] };
}

/** POST /api/admin/reports/genericReport/drill: the records behind one group (as many as its count). */
export async function drill(
  services: Services,
  ctx: RequestContext,
  body: Asked & { pageNumber: number; pageSize: number; group: GenericGroupValue },
): Promise<GenericRows> {
  requireActor(ctx);
  const definition = drillDefinition(body.definition, body.group);
  return rowsAnswer(services, ctx, await scopeOf(services, { ...body, definition }), body);
}

/** POST /api/admin/reports/genericReport/csv: every row (of a group, when one is named), formula-safe. */
export async function csv(
  services: Services,
  ctx: RequestContext,
  body: Asked & { group?: GenericGroupValue },
): Promise<{ fileName: string; csv: string }> {
  requireActor(ctx);
  const definition =
    body.group !== undefined
      ? drillDefinition(body.definition, body.group)
      : { ...body.definition, groupBy: null };
  const scope = await scopeOf(services, { ...body, definition });
  const total = await repo.countRows(services.reportsDb, scope);
  if (total > GENERIC_LIMITS.csvMaxRows)
    throw badRequest(
      'definition',
      `has ${total} rows; a CSV holds at most ${GENERIC_LIMITS.csvMaxRows}: narrow the filters or the period`,
    );
  const rows = await repo.rowsPage(services.reportsDb, scope, {
    limit: GENERIC_LIMITS.csvMaxRows,
    offset: 0,
  });
  notePatients(ctx, definition, rows, true);
  const columns = columnsOf(definition);
  const text = toCsv([
    columns.map((c) => (c.type === 'money-cents' ? `${c.label} ($)` : c.label)),
    ...rows.map((r) => columns.map((c, i) => genericCellText(c.type, cellOf(c.type, r[`c${i}`])))),
  ]);
  return { fileName: `report-${definition.subject}.csv`, csv: text };
}

// ---- Saved definitions -------------------------------------------------------------------------------------

const savedOf = (row: repo.SavedReportRow): SavedReport => ({
  id: row.id,
  name: row.name,
  definition: row.definition,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
});

export async function listSaved(services: Services, ctx: RequestContext): Promise<{ rows: SavedReport[] }> {
  return { rows: (await repo.listSaved(services.db, requireActor(ctx).userId)).map(savedOf) };
}

/** Another user's saved report is not found: nobody learns it exists. */
export async function getSaved(services: Services, ctx: RequestContext, id: number): Promise<SavedReport> {
  const row = await repo.findSaved(services.db, requireActor(ctx).userId, id);
  if (!row) throw notFound('The saved report');
  const checked = checkGenericDefinition(row.definition);
  if (!checked.ok) throw badRequest(`definition.${checked.field}`, checked.message);
  return savedOf(row);
}

const duplicate = () => conflict('You already have a saved report of this name.');

export async function createSaved(
  services: Services,
  ctx: RequestContext,
  body: { name: string; definition: GenericReportDefinition },
): Promise<SavedReport> {
  const userId = requireActor(ctx).userId;
  if ((await repo.countSaved(services.db, userId)) >= GENERIC_LIMITS.maxSavedPerUser)
    throw conflict(`You have ${GENERIC_LIMITS.maxSavedPerUser} saved reports: delete one first.`);
  try {
    return savedOf(await repo.insertSaved(services.db, userId, body.name, body.definition));
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function updateSaved(
  services: Services,
  ctx: RequestContext,
  id: number,
  body: { name: string; definition: GenericReportDefinition },
): Promise<SavedReport> {
  try {
    const row = await repo.updateSaved(services.db, requireActor(ctx).userId, id, body.name, body.definition);
    if (!row) throw notFound('The saved report');
    return savedOf(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

export async function deleteSaved(
  services: Services,
  ctx: RequestContext,
  id: number,
): Promise<{ id: number }> {
  if (!(await repo.deleteSaved(services.db, requireActor(ctx).userId, id)))
    throw notFound('The saved report');
  return { id };
}
