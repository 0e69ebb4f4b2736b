// My Activity (issue 26, decision 048): the signed-in user's own work today, this week (from Monday) and this
// month, on their organization's calendar (staff and clinicians: the default zone, Central). Which kinds a user
// has follows from their role; a kind the role cannot have is left out, not zero-filled. Items name no patient.
import {
  ACTIVITY_WINDOWS,
  DEFAULT_TIME_ZONE,
  ROLE,
  addIsoDays,
  isOrganizationRole,
  isStaffingRole,
  localDayBounds,
  todayIn,
  type ActivityItem,
  type ActivityKind,
  type ActivityWindowKey,
  type MyActivity,
} from '@carelane/shared-domain';
import dayjs from 'dayjs';
import type { AppServices } from '../../../services/app-services';
import { requireActor, type Actor, type RequestContext } from '../../../services/context';
import { clinicianIdOf } from '../../notes/access';
import { organizationTimeZone, withVisitTimeZones } from '../../maps/service';
import * as repo from './repository';

type Services = Pick<AppServices, 'db' | 'readCache'>;

/** The kinds of work a role does, in the order the page shows them. */
export function activityKindsOf(roleId: number): ActivityKind[] {
  if (roleId === ROLE.CLINICIAN) return ['visitsCompleted', 'notesSubmitted'];
  if (isOrganizationRole(roleId)) return ['visitsRequested'];
  // Staff: the administrator and the staffing roles staff visits and review notes (notes/access.ts isReviewer).
  if (roleId === ROLE.ADMINISTRATOR || isStaffingRole(roleId)) return ['visitsStaffed', 'notesReviewed'];
  return [];
}

/** Each window's first day, for `today` (YYYY-MM-DD): itself, its week's Monday, its month's 1st. */
export function activityWindowsOf(today: string): { window: ActivityWindowKey; from: string; to: string }[] {
  const sinceMonday = (dayjs(today).day() + 6) % 7;
  const first: Record<ActivityWindowKey, string> = {
    today,
    week: addIsoDays(today, -sinceMonday),
    month: `${today.slice(0, 8)}01`,
  };
  return ACTIVITY_WINDOWS.map((window) => ({ window, from: first[window], to: today }));
}

/** The calendar the windows are days of: an organization user's organization's, else the default zone. */
async function zoneOf(services: Services, actor: Actor): Promise<string> {
  if (isOrganizationRole(actor.roleId) && actor.referralSourceId !== null)
    return organizationTimeZone(services.db, actor.referralSourceId);
  return DEFAULT_TIME_ZONE;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** GET /api/admin/reports/myActivity */
export async function myActivity(services: Services, ctx: RequestContext): Promise<MyActivity> {
  const actor = requireActor(ctx);
  const asOf = new Date();
  const timeZone = await zoneOf(services, actor);
  const today = todayIn(timeZone, asOf);
  const windows = activityWindowsOf(today);
  const starts = windows.map((w) => localDayBounds(w.from, timeZone).start.toISOString());
  const end = localDayBounds(today, timeZone).end.toISOString();
  const widest = starts.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b));
  const kinds = activityKindsOf(actor.roleId);
  const who: repo.Worker = { userId: actor.userId, providerId: await clinicianIdOf(services, actor) };

  const perKind: { kind: ActivityKind; counts: number[]; items: ActivityItem[] }[] = [];
  for (const kind of kinds) {
    const [counts, rows] = await Promise.all([
      repo.countsOf(services.db, kind, who, starts, end),
      repo.newestItems(services.db, kind, who, { start: widest, end }),
    ]);
    const zoned = await withVisitTimeZones(
      services.db,
      rows.map((r) => ({ ...r, timeZone: r.time_zone })),
      (r) => r.referral_source_id,
    );
    const items = zoned.map((r): ActivityItem => ({
      visitId: r.visit_id,
      episodeId: r.episode_id,
      at: iso(r.at),
      dateOfService: r.date_of_service,
      startAt: iso(r.start_at),
      timeZone: r.timeZone,
      organizationName: r.organization_name,
      visitTypeName: r.visit_type_name,
      ...(r.outcome === 'approved' || r.outcome === 'rejected' ? { outcome: r.outcome } : {}),
    }));
    perKind.push({ kind, counts, items });
  }

  return {
    timeZone,
    asOf: asOf.toISOString(),
    windows: windows.map((w, i) => ({
      ...w,
      kinds: perKind.map(({ kind, counts, items }) => ({
        kind,
        count: counts[i]!,
        // The windows end together: a window's newest items are the first of the widest window's.
        items: items.filter((item) => Date.parse(item.at) >= Date.parse(starts[i]!)),
      })),
    })),
  };
}
