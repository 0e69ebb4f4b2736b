import { isOrganizationRole, isStaffingRole } from '@carelane/shared-domain';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type RequestContext } from '../../../services/context';
import {
  listActiveFacilities,
  listActiveInsurances,
  listActiveStaffUsers,
  listActiveVisitTypes,
  listProviderTypes,
} from './repository';

export async function visitTypeList(services: AppServices) {
  const rows = await listActiveVisitTypes(services.db);
  return { rows: rows.map(({ active: _active, ...row }) => row) };
}

/** The coordinator pickers of a service request: staff users of one staffing role, for staff only. */
export async function staffUserList(services: AppServices, ctx: RequestContext, roleId: number) {
  const actor = requireActor(ctx);
  if (isOrganizationRole(actor.roleId) || !isStaffingRole(roleId)) return { rows: [] };
  return { rows: await listActiveStaffUsers(services.db, roleId) };
}

export async function providerTypeList(services: AppServices) {
  return { rows: await listProviderTypes(services.db) };
}

export async function insuranceList(services: AppServices) {
  return { rows: await listActiveInsurances(services.db) };
}

/** Active facilities; an organization user sees only its organization's. */
export async function facilityList(
  services: AppServices,
  ctx: RequestContext,
  requested: number | undefined,
) {
  const actor = requireActor(ctx);
  const referralSourceId = isOrganizationRole(actor.roleId) ? (actor.referralSourceId ?? -1) : requested;
  return { rows: await listActiveFacilities(services.db, referralSourceId) };
}
