// Who may do what with billing (issue 13, SPEC §6): billing staff (holding the `invoices` page: by default the
// administrator, back office, operations director and executive) see and do everything; an organization user
// reads only their own organization's invoices (`myInvoices`); pay staff (the `providerPayments` page) see every
// clinician's pay, a clinician only their own.
import { isOrganizationRole } from '@carelane/shared-domain';
import { holdsPage } from '../../plugins/auth';
import { forbidden } from '../../lib/errors';
import type { AppServices } from '../../services/app-services';
import { ownClinicianId } from '../clinicians/access';
import { requireActor, type Actor, type RequestContext } from '../../services/context';

export const isBillingUser = (actor: Actor) => holdsPage(actor, 'invoices');

/** The pages that read invoices: billing staff's, and an organization's own (`myInvoices`). */
export const INVOICE_READER_PAGES = ['invoices', 'myInvoices'];
export const isInvoiceReader = (actor: Actor) => holdsPage(actor, INVOICE_READER_PAGES);

/** An organization user's organization; null for anyone else. */
export function organizationOf(actor: Actor): number | null {
  return isOrganizationRole(actor.roleId) ? actor.referralSourceId : null;
}

/** The signed-in billing user; anyone else is refused. */
export function requireBillingUser(ctx: RequestContext): Actor {
  const actor = requireActor(ctx);
  if (!isBillingUser(actor)) throw forbidden();
  return actor;
}

/** What the billing writes need of the server: its database and its configuration (the bank account key). */
export type BillingServices = Pick<AppServices, 'db' | 'config'>;

export const isPayStaff = (actor: Actor) => holdsPage(actor, 'providerPayments');

/** The signed-in pay staff member; anyone else is refused. */
export function requirePayStaff(ctx: RequestContext): Actor {
  const actor = requireActor(ctx);
  if (!isPayStaff(actor)) throw forbidden();
  return actor;
}

/** Whose pay the caller reads: pay staff the clinician asked for (or all), a clinician only their own. */
export async function payScope(
  services: BillingServices,
  ctx: RequestContext,
  asked?: number,
): Promise<number | undefined> {
  const actor = requireActor(ctx);
  return isPayStaff(actor) ? asked : ownClinicianId(services.db, actor);
}

/** Pay staff: any clinician; a clinician: only themselves. */
export async function requirePayAccess(services: BillingServices, actor: Actor, providerId: number) {
  if (isPayStaff(actor)) return;
  const own = await ownClinicianId(services.db, actor).catch(() => null);
  if (own !== providerId) throw forbidden();
}
