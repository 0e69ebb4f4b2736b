// The page views of the public candidate pages (issue 26, migration 0038, decision 058), recorded without cookies:
// nothing personal is kept — the visitor is a hash of the day's salt, the client address and the user agent, so
// the same visitor counts once a day and cannot be followed from one day to the next; of the referrer only its
// host; of an invitation only that there was one. Kept PAGE_VIEW_KEEP_DAYS (400) days.
import { boolean, date, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const candidatePageViews = pgTable(
  'candidate_page_views',
  {
    id: serial('id').primaryKey(),
    /** One of shared-domain's CANDIDATE_PAGES. */
    page: text('page').notNull(),
    /** The view's day on the company's calendar (Central). */
    day: date('day').notNull(),
    visitorHash: text('visitor_hash').notNull(),
    referrerHost: text('referrer_host'),
    /** The address' utm_source. */
    source: text('source'),
    withInvitation: boolean('with_invitation').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('candidate_page_views_day_idx').on(t.day, t.page)],
);
