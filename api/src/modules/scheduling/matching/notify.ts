// What matching tells clinicians and facilities, through the outbox, inside the caller's transaction.
import { and, eq, inArray } from 'drizzle-orm';
import { formatDate, formatVisitWindow } from '@carelane/shared-domain';
import { episodes, visits } from '../../../db/scheduling-schema';
import type { Executor } from '../../../db/client';
import type { AppConfig } from '../../../config';
import { organizationTimeZone } from '../../maps/service';
import { sha256 } from '../../../lib/crypto';
import { enqueueMessage } from '../../../services/outbox';
import { enqueueClinicianSms } from '../../../services/clinician-sms';
import { createFacilityToken } from '../facility-response/tokens';
import type { VisitRecord } from '../visits/transitions';
import { findAssignmentPlace, type ProviderRow } from './repository';
import { selectableMatches } from './selectable-matches';

/**
 * Tells the clinicians who match the given published visits (through the outbox), inside the caller's
 * transaction: one message per clinician and channel they allow (enableEmail / enableSms), listing the visits
 * they match. The candidates are the fit score's with its default filters, and only those it shows as
 * selectable (the one rule assign applies); paused visits are left out. The message key is the clinician and
 * the set of visits, so publishing the same visits again sends nothing new. Returns how many clinicians were
 * notified.
 */
export async function notifyMatchingClinicians(
  ex: Executor,
  input: { episodeId: number; visitIds: number[] },
): Promise<number> {
  if (!input.visitIds.length) return 0;
  const published = await ex
    .select()
    .from(visits)
    .where(
      and(
        eq(visits.episodeId, input.episodeId),
        inArray(visits.id, input.visitIds),
        eq(visits.status, 'Active'),
        eq(visits.paused, false),
      ),
    )
    .orderBy(visits.dateOfService, visits.startAt, visits.id);
  if (!published.length) return 0;
  const [episode] = await ex
    .select({ title: episodes.title })
    .from(episodes)
    .where(eq(episodes.id, input.episodeId));
  const matches = await selectableMatches(ex, published);
  let notified = 0;
  for (const { provider, visitIds, dates } of matches.values()) {
    const key = `visits-published:${provider.id}:${sha256(visitIds.join(',')).slice(0, 24)}`;
    const text = `${episode?.title ?? 'A service request'} needs a clinician on ${[...new Set(dates)].map((date) => formatDate(date)).join(', ')}.`;
    let sent = false;
    if (provider.enableEmail && provider.email) {
      await enqueueMessage(ex, {
        channel: 'email',
        to: provider.email,
        subject: 'New visits match your profile',
        body: `Hello ${provider.givenName},\n\n${text}\nOpen the Carelane app to accept.`,
        dedupeKey: `${key}:email`,
      });
      sent = true;
    }
    // Through the SMS rule (services/clinician-sms.ts): no phone, SMS off, STOP or 5 unanswered send nothing.
    const sms = await enqueueClinicianSms(ex, provider, {
      body: `Carelane: ${text} Open the app to accept.`,
      dedupeKey: `${key}:sms`,
    });
    if (sms === 'sent') sent = true;
    if (sent) notified++;
  }
  return notified;
}

/** The clinician (email and SMS as they allow) and the facility (a response link) hear of the assignment. */
export async function notifyAssignment(
  tx: Executor,
  config: Pick<AppConfig, 'publicUrl'>,
  visit: VisitRecord,
  provider: ProviderRow,
) {
  const place = await findAssignmentPlace(tx, visit.episodeId);
  const zone = visit.timeZone ?? (await organizationTimeZone(tx, visit.referralSourceId));
  const text = `${place?.title ?? 'Assignment'} on ${formatVisitWindow(visit, zone)}`;
  const key = `assigned:${visit.id}:${visit.version}`;
  if (provider.enableEmail && provider.email)
    await enqueueMessage(tx, {
      channel: 'email',
      to: provider.email,
      subject: 'You have a new assignment',
      body: `Hello ${provider.givenName},\n\nYou are assigned to ${text}.`,
      dedupeKey: `${key}:clinician:email`,
    });
  await enqueueClinicianSms(tx, provider, {
    body: `Carelane: you are assigned to ${text}.`,
    dedupeKey: `${key}:clinician:sms`,
  });
  const facilityEmail = place?.facilityEmail || place?.organizationEmail;
  if (!facilityEmail) return;
  const token = await createFacilityToken(tx, {
    visitIds: [visit.id],
    referralSourceId: visit.referralSourceId,
    sentTo: facilityEmail,
  });
  const link = `${config.publicUrl}/confirmation?token=${encodeURIComponent(token)}`;
  await enqueueMessage(tx, {
    channel: 'email',
    to: facilityEmail,
    subject: `Clinician assigned: ${text}`,
    body:
      `${provider.givenName} ${provider.familyName} is assigned to ${text}.\n\n` +
      `Accept the assignment: ${link}\n` +
      `Ask for a change: ${config.publicUrl}/changeVisit?token=${encodeURIComponent(token)}\n` +
      `Reject it: ${config.publicUrl}/rejectReason?token=${encodeURIComponent(token)}\n\n` +
      'The link works once and expires in 7 days.',
    dedupeKey: `${key}:facility`,
  });
}
