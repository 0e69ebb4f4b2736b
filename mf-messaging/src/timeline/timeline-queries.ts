// React-query options and the URL of /timeline (issue 27, decision 066). Every key starts with TIMELINE_ENTITY, so
// a note added on the page refreshes the list.
import {
  TIMELINE_KINDS,
  TIMELINE_PAGE_SIZE,
  onboardingStateSchema,
  timelineSchema,
  type TimelineKind,
  type TimelineSubject,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { listFilterFields } from '@carelane/shared-ui';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

export const TIMELINE_ENTITY = 'timeline';

const id = z.coerce.number().int().positive().optional().catch(undefined);
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);
const kinds = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((kind) => kind.trim())
      .filter((kind): kind is TimelineKind => (TIMELINE_KINDS as readonly string[]).includes(kind)),
  )
  .optional()
  .catch(undefined);

/** The page's URL: the subject (one of three ids), the kinds shown, the days and the page. */
export const timelineUrlSchema = z.object({
  patientId: id,
  providerId: id,
  referralSourceId: id,
  kinds,
  from: day,
  to: day,
  pageNumber: listFilterFields.pageNumber.catch(1),
  pageSize: listFilterFields.pageSize.catch(TIMELINE_PAGE_SIZE),
});
export type TimelineUrl = z.infer<typeof timelineUrlSchema>;

export type TimelineTarget = { subject: TimelineSubject; id: number };

/** The subject the URL names: a patient, a clinician or an organization; none when it names none. */
export function subjectOf(url: TimelineUrl): TimelineTarget | null {
  if (url.patientId) return { subject: 'patient', id: url.patientId };
  if (url.providerId) return { subject: 'clinician', id: url.providerId };
  if (url.referralSourceId) return { subject: 'organization', id: url.referralSourceId };
  return null;
}

/** Whether the URL narrows the timeline (kinds or days). */
export const hasFilters = (url: TimelineUrl) => !!(url.kinds?.length || url.from || url.to);

export type TimelineFilters = TimelineTarget & {
  kinds?: string;
  from?: string;
  to?: string;
  pageNumber: number;
  pageSize: number;
};

/** What the list asks the API for. */
export function timelineFilters(target: TimelineTarget, url: TimelineUrl): TimelineFilters {
  return {
    ...target,
    kinds: url.kinds?.length ? url.kinds.join(',') : undefined,
    from: url.from,
    to: url.to,
    pageNumber: url.pageNumber,
    pageSize: url.pageSize,
  };
}

export const timelineQueries = {
  list: (filters: TimelineFilters) =>
    queryOptions({
      queryKey: [TIMELINE_ENTITY, 'list', filters],
      queryFn: ({ signal }) =>
        apiClient.get('/api/messaging/timeline', timelineSchema, { searchParams: filters, signal }),
      // The previous page stays while the next loads, but never another subject's entries.
      placeholderData: (previous) =>
        previous?.subject === filters.subject && previous.id === filters.id ? previous : undefined,
    }),
  /** The signed-in clinician's own record (their onboarding names it): the timeline they open from the menu. */
  ownClinician: () =>
    queryOptions({
      queryKey: [TIMELINE_ENTITY, 'ownClinician'],
      queryFn: ({ signal }) => apiClient.get('/api/admin/myOnboarding', onboardingStateSchema, { signal }),
      staleTime: Infinity,
    }),
};
