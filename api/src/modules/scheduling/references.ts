// What a scheduling write refers to, checked in one place: an id the caller names must exist and, for the
// rows an organization owns, belong to the organization of the record being written. Another organization's
// id and an id that does not exist get the same 400 naming the field, so nobody learns which ids exist.
import { and, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ROLE, STAFFING_ROLE_IDS } from '@carelane/shared-domain';
import {
  contacts,
  facilities,
  insurances,
  patients,
  physicians,
  providerTypes,
  users,
  visitTypes,
} from '../../db/schema';
import type { Executor } from '../../db/client';
import { badRequest } from '../../lib/errors';

type Kind = {
  table: PgTable;
  id: AnyPgColumn;
  /** The rows the organization may refer to; undefined: any row. */
  where: (organizationId: number) => SQL | undefined;
  message: string;
};

const ofOrganization = (column: AnyPgColumn, noun: string) => ({
  where: (organizationId: number) => eq(column, organizationId),
  message: `is not a ${noun} of this organization`,
});
const known = (noun: string) => ({ where: () => undefined, message: `is not a known ${noun}` });

const KINDS = {
  patient: { table: patients, id: patients.id, ...ofOrganization(patients.referralSourceId, 'patient') },
  facility: {
    table: facilities,
    id: facilities.id,
    ...ofOrganization(facilities.referralSourceId, 'facility'),
  },
  contact: {
    table: contacts,
    id: contacts.id,
    where: (organizationId: number) =>
      and(eq(contacts.referralSourceId, organizationId), ne(contacts.status, 'DELETED')),
    message: 'is not a contact of this organization',
  },
  physician: { table: physicians, id: physicians.id, ...known('physician') },
  insurance: { table: insurances, id: insurances.id, ...known('insurance') },
  visitType: { table: visitTypes, id: visitTypes.id, ...known('visit type') },
  providerType: { table: providerTypes, id: providerTypes.id, ...known('provider type') },
  /** Carelane's own coordinators: an active user of a staff role, never an organization's user. */
  staffUser: {
    table: users,
    id: users.id,
    where: () =>
      and(inArray(users.roleId, [ROLE.ADMINISTRATOR, ...STAFFING_ROLE_IDS]), eq(users.status, 'ACTIVE')),
    message: 'is not an active Carelane staff user',
  },
} satisfies Record<string, Kind>;

export type ReferenceKind = keyof typeof KINDS;
export type Reference = {
  field: string;
  kind: ReferenceKind;
  ids: number | readonly number[] | null | undefined;
};

/** The ids of a reference as a distinct list (none for null or undefined). */
export function referenceIds(ids: Reference['ids']): number[] {
  if (ids === null || ids === undefined) return [];
  return [...new Set(typeof ids === 'number' ? [ids] : ids)];
}

/** Throws the field's 400 for the first reference with an id the organization may not refer to. */
export async function assertReferences(
  ex: Executor,
  organizationId: number,
  references: readonly Reference[],
): Promise<void> {
  for (const { field, kind, ids } of references) {
    const wanted = referenceIds(ids);
    if (!wanted.length) continue;
    const { table, id, where, message } = KINDS[kind] as Kind;
    const found = await ex
      .select({ id })
      .from(table)
      .where(and(inArray(id, wanted), where(organizationId)));
    if (found.length !== wanted.length) throw badRequest(field, message);
  }
}
