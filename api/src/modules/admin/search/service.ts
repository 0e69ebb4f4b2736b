// The header's global search (issue 27): five groups searched at once, each kept to the caller's scope (staff and
// billing everything; an organization user their organization's patients, service requests, invoices and the
// organization itself; a clinician the patients and service requests of their own visits). The patients an
// answer names are a read of patient data (access log, kind 'search').
import {
  ROLE,
  formatDate,
  isOrganizationRole,
  type GlobalSearchQuery,
  type GlobalSearchResponse,
  type SearchHit,
} from '@carelane/shared-domain';
import { noteRead } from '../../../services/access-log';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import * as repo from './repository';

export function scopeOf(actor: Actor): repo.Scope {
  if (isOrganizationRole(actor.roleId))
    return { kind: 'organization', referralSourceId: actor.referralSourceId ?? -1 };
  if (actor.roleId === ROLE.CLINICIAN) return { kind: 'clinician', userId: actor.userId };
  return { kind: 'all' };
}

/** A stored day (YYYY-MM-DD) as the portal shows it: M/D/YYYY. */
const joined = (...parts: (string | null | undefined)[]): string | null =>
  parts.filter((part): part is string => Boolean(part)).join(' · ') || null;

const none = async (): Promise<never[]> => [];

export async function search(
  services: Pick<AppServices, 'db'>,
  ctx: RequestContext,
  q: GlobalSearchQuery,
): Promise<GlobalSearchResponse> {
  const scope = scopeOf(requireActor(ctx));
  const terms = repo.termsOf(q.q);
  const ex = services.db;
  const [patients, serviceRequests, clinicians, organizations, invoices] = await Promise.all([
    repo.findPatients(ex, scope, terms, q.limit),
    repo.findServiceRequests(ex, scope, terms, q.limit),
    scope.kind === 'all' ? repo.findClinicians(ex, terms, q.limit) : none(),
    scope.kind === 'clinician' ? none() : repo.findOrganizations(ex, scope, terms, q.limit),
    scope.kind === 'clinician' ? none() : repo.findInvoices(ex, scope, terms, q.limit),
  ]);
  // A service request's hit names its patient too: that is patient data read as well.
  const patientIds = [
    ...patients.map((p) => p.id),
    ...serviceRequests.flatMap((r) => (r.patientId === null ? [] : [r.patientId])),
  ];
  if (patientIds.length > 0) noteRead(ctx, { kind: 'search', entityId: null, patientIds });
  return {
    groups: {
      patients: patients.map((p): SearchHit => ({
        id: p.id,
        title: `${p.firstName} ${p.lastName}`,
        detail: joined(p.birthday ? `Born ${formatDate(p.birthday)}` : null, p.organization),
        // A clinician opens a patient's and a request's notes (their own); staff and organizations the detail.
        path: scope.kind === 'clinician' ? `/notes?patientId=${p.id}` : `/patient?id=${p.id}`,
      })),
      serviceRequests: serviceRequests.map((r) => ({
        id: r.id,
        title: r.title,
        detail: joined(
          `#${r.id}`,
          r.patientFirstName === null ? null : `${r.patientFirstName} ${r.patientLastName}`,
          r.status,
        ),
        path: scope.kind === 'clinician' ? `/notes?episodeId=${r.id}` : `/episode?id=${r.id}`,
      })),
      clinicians: clinicians.map((c) => ({
        id: c.id,
        title: `${c.givenName} ${c.familyName}`,
        detail: c.email,
        path: `/provider?providerId=${c.id}`,
      })),
      organizations: organizations.map((o) => ({
        id: o.id,
        title: o.name,
        detail: o.status === 'ACTIVE' ? null : o.status,
        path: `/referralSource?id=${o.id}`,
      })),
      invoices: invoices.map((i) => ({
        id: i.id,
        title: `Invoice ${i.number}`,
        detail: joined(i.organization, i.issuedOn ? `issued ${formatDate(i.issuedOn)}` : null),
        path: `/invoices?invoiceId=${i.id}`,
      })),
    },
  };
}
