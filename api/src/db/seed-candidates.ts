// The demo's candidates (issue 26, decision 058): a few clinician invitations over the last two weeks, sent by
// the administrator to clinicians already in the demo (no clinician is added), some registered and onboarding,
// one expired unregistered; and a few page views of /register, so /candidateReport and /candidatePageView are not
// empty. Deterministic: fixed clinicians (the first of the scheduling seed's, by id, after the demo clinician),
// fixed offsets from now, visitor hashes of fixed names. Draws nothing from the scheduling seed's random sequence.
import { createHash } from 'node:crypto';
import { DEFAULT_TIME_ZONE, todayIn } from '@carelane/shared-domain';
import { asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from './client';
import { candidatePageViews, clinicianInvitations, providers, users } from './schema';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Per invitation: days ago sent, hours to register (none: not registered), days its link lasts. */
const INVITATIONS: readonly { daysAgo: number; registeredAfterHours?: number; linkDays: number }[] = [
  { daysAgo: 12, registeredAfterHours: 20, linkDays: 14 },
  { daysAgo: 9, linkDays: 2 },
  { daysAgo: 6, registeredAfterHours: 3, linkDays: 14 },
  { daysAgo: 5, registeredAfterHours: 30, linkDays: 14 },
  { daysAgo: 3, linkDays: 1 },
  { daysAgo: 2, registeredAfterHours: 8, linkDays: 14 },
  { daysAgo: 1, linkDays: 14 },
];

/** Views of /register: days ago, visitor, channel. */
const VIEWS: readonly {
  daysAgo: number;
  visitor: string;
  source?: string;
  referrer?: string;
  invitation?: boolean;
}[] = [
  { daysAgo: 6, visitor: 'a', source: 'indeed' },
  { daysAgo: 6, visitor: 'a', source: 'indeed' },
  { daysAgo: 6, visitor: 'b', invitation: true },
  { daysAgo: 5, visitor: 'c', referrer: 'www.google.com' },
  { daysAgo: 4, visitor: 'd', source: 'email', invitation: true },
  { daysAgo: 3, visitor: 'e', source: 'indeed' },
  { daysAgo: 3, visitor: 'f', referrer: 'www.linkedin.com' },
  { daysAgo: 2, visitor: 'g', source: 'email', invitation: true },
  { daysAgo: 1, visitor: 'h' },
  { daysAgo: 1, visitor: 'h' },
  { daysAgo: 10, visitor: 'i', source: 'indeed' },
  { daysAgo: 9, visitor: 'j', referrer: 'www.google.com' },
];

/** The view's day on the report's calendar (Central), as the beacon keeps it. */
const dayOf = (instant: Date) => todayIn(DEFAULT_TIME_ZONE, instant);

export async function seedDemoCandidates(tx: Tx, now = new Date()): Promise<void> {
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailId, 'admin@carelane.local'));
  if (!admin) return;
  const clinicians = await tx
    .select({ id: providers.id, email: providers.email })
    .from(providers)
    .where(isNull(providers.userId))
    .orderBy(asc(providers.id))
    .limit(INVITATIONS.length);
  if (clinicians.length < INVITATIONS.length) return;
  await tx.insert(clinicianInvitations).values(
    INVITATIONS.map((plan, i) => {
      const sent = new Date(now.getTime() - plan.daysAgo * DAY);
      return {
        providerId: clinicians[i]!.id,
        email: clinicians[i]!.email ?? `candidate${i}@clinicians.example`,
        tokenHash: createHash('sha256').update(`demo-invitation-${i}`).digest('hex'),
        invitedBy: admin.id,
        createdAt: sent,
        expiresAt: new Date(sent.getTime() + plan.linkDays * DAY),
        acceptedAt:
          plan.registeredAfterHours === undefined
            ? null
            : new Date(sent.getTime() + plan.registeredAfterHours * HOUR),
      };
    }),
  );
  await tx.insert(candidatePageViews).values(
    VIEWS.map((v, i) => {
      const at = new Date(now.getTime() - v.daysAgo * DAY + i * 60_000);
      return {
        page: '/register',
        day: dayOf(at),
        visitorHash: createHash('sha256')
          .update(`demo-visitor-${v.visitor}-${dayOf(at)}`)
          .digest('hex'),
        referrerHost: v.referrer ?? null,
        source: v.source ?? null,
        withInvitation: v.invitation ?? false,
        createdAt: at,
      };
    }),
  );
}
