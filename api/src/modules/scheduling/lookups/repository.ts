import { and, asc, eq } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { facilities, insurances, providerTypes, visitTypes } from '../../../db/scheduling-schema';
import type { Executor } from '../../../db/client';

export function listActiveVisitTypes(ex: Executor) {
  return ex.select().from(visitTypes).where(eq(visitTypes.active, true)).orderBy(asc(visitTypes.id));
}

export function listActiveStaffUsers(ex: Executor, roleId: number) {
  return ex
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, roleId: users.roleId })
    .from(users)
    .where(and(eq(users.roleId, roleId), eq(users.status, 'ACTIVE')))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

export function listProviderTypes(ex: Executor) {
  return ex.select().from(providerTypes).orderBy(asc(providerTypes.id));
}

export function listActiveInsurances(ex: Executor) {
  return ex
    .select({ id: insurances.id, name: insurances.name, payerId: insurances.payerId })
    .from(insurances)
    .where(eq(insurances.status, 'ACTIVE'))
    .orderBy(asc(insurances.name), asc(insurances.id));
}

/** Active facilities, of one organization when `referralSourceId` is given (at most 1000). */
export function listActiveFacilities(ex: Executor, referralSourceId: number | undefined) {
  return ex
    .select({
      id: facilities.id,
      name: facilities.name,
      referralSourceId: facilities.referralSourceId,
      email: facilities.email,
      phoneNumber: facilities.phoneNumber,
      addressLine1: facilities.addressLine1,
      city: facilities.city,
      state: facilities.state,
      zipcode: facilities.zipcode,
      latitude: facilities.latitude,
      longitude: facilities.longitude,
    })
    .from(facilities)
    .where(
      and(
        eq(facilities.status, 'ACTIVE'),
        referralSourceId === undefined ? undefined : eq(facilities.referralSourceId, referralSourceId),
      ),
    )
    .orderBy(asc(facilities.name), asc(facilities.id))
    .limit(1000);
}
