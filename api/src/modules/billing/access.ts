// Who may do what with billing (issue 13, SPEC §6): billing staff (holding the `invoices` page: by default the
// administrator, back office, operations director and executive) see and do everything; an organization user
// reads only their own organization's invoices (`myInvoices`); a clinician only their own pay.
import { isOrganizationRole } from '@carelane/shared-domain';
import { holdsPage } from '../../plugins/auth';
import { forbidden } from '../../lib/errors';
import type { AppServices } from '../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../services/context';

export const isBillingUser = (actor: Actor) => holdsPage(actor, 'invoices');

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
