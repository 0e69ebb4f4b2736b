// My Activity on /dashboard (issue 26, decision 048): the signed-in user's own work today, this week (from Monday)
// and this month — for staff the visits they staffed and the notes they reviewed, for a clinician their visits
// completed and notes submitted, for an organization's user the visits they requested. The window is kept in the
// URL (`activity`, default today). Each kind is a count and its newest items, each a link to where the work is.
// Read again with the metrics (the same interval, and the same server announcements invalidate it).
import {
  ACTIVITY_WINDOWS,
  formatDate,
  type ActivityItem,
  type ActivityKind,
  type ActivityKindCount,
  type ActivityWindow,
  type ActivityWindowKey,
} from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import { AreaLink, EmptyState, ListResults } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Flex, Segmented, Skeleton, Typography } from 'antd';
import { useId } from 'react';
import { z } from 'zod';
import { DASHBOARD_THING, dashboardQueries } from './dashboard-queries';
import { visitStart } from './drill-rows';

export const activityUrlSchema = z.object({ activity: z.enum(ACTIVITY_WINDOWS).optional() });

const WINDOW_LABELS: Record<ActivityWindowKey, { tab: string; empty: string }> = {
  today: { tab: 'Today', empty: 'Nothing yet today' },
  week: { tab: 'This week', empty: 'Nothing yet this week' },
  month: { tab: 'This month', empty: 'Nothing yet this month' },
};

type KindText = { title: string; one: string; many: string; link: (item: ActivityItem) => string };

const toEpisode = (item: ActivityItem) => `/episode?id=${item.episodeId}`;
const toNote = (item: ActivityItem) => `/note?visitId=${item.visitId}`;

/** Each kind's heading, its count's words, and where an item leads. */
export const ACTIVITY_KIND_TEXTS: Record<ActivityKind, KindText> = {
  visitsStaffed: { title: 'Visits staffed', one: 'visit staffed', many: 'visits staffed', link: toEpisode },
  notesReviewed: { title: 'Notes reviewed', one: 'note reviewed', many: 'notes reviewed', link: toNote },
  visitsCompleted: {
    title: 'Visits completed',
    one: 'visit completed',
    many: 'visits completed',
    link: () => '/providervisits',
  },
  notesSubmitted: { title: 'Notes submitted', one: 'note submitted', many: 'notes submitted', link: toNote },
  visitsRequested: {
    title: 'Visits requested',
    one: 'visit requested',
    many: 'visits requested',
    link: toEpisode,
  },
};

/** A visit as an item names it: its date, start, visit type and organization (never the patient). */
export function activityItemText(item: ActivityItem): string {
  const outcome = item.outcome ? ` — ${item.outcome}` : '';
  return `${formatDate(item.dateOfService)} ${visitStart(item)}, ${item.visitTypeName}, ${item.organizationName}${outcome}`;
}

const windowDates = (w: ActivityWindow) =>
  w.from === w.to ? formatDate(w.to) : `${formatDate(w.from)}–${formatDate(w.to)}`;

function KindCard({ entry }: { entry: ActivityKindCount }) {
  const text = ACTIVITY_KIND_TEXTS[entry.kind];
  const headingId = useId();
  return (
    <li
      aria-labelledby={headingId}
      style={{ listStyle: 'none', border: '1px solid #f0f0f0', borderRadius: 8, padding: 16, minWidth: 0 }}
    >
      <Typography.Title level={3} id={headingId} style={{ marginTop: 0 }}>
        {text.title}
      </Typography.Title>
      <Typography.Paragraph strong>
        {`${entry.count} ${entry.count === 1 ? text.one : text.many}${
          entry.count > entry.items.length ? `, the newest ${entry.items.length} below` : ''
        }`}
      </Typography.Paragraph>
      {entry.items.length ? (
        <ul aria-label={text.title} style={{ paddingLeft: 20, margin: 0 }}>
          {entry.items.map((item) => (
            <li key={`${item.visitId}-${item.at}`} style={{ overflowWrap: 'anywhere' }}>
              <AreaLink to={text.link(item)}>{activityItemText(item)}</AreaLink>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function WindowActivity({ activity }: { activity: ActivityWindow }) {
  const labels = WINDOW_LABELS[activity.window];
  if (activity.kinds.every((k) => k.count === 0)) return <EmptyState title={labels.empty} />;
  return (
    <ul
      aria-label={`My activity, ${labels.tab.toLowerCase()}`}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
        gap: 16,
        padding: 0,
        margin: 0,
      }}
    >
      {activity.kinds.map((entry) => (
        <KindCard key={entry.kind} entry={entry} />
      ))}
    </ul>
  );
}

export function MyActivity() {
  const [url, setUrl] = useUrlState(activityUrlSchema);
  const chosen: ActivityWindowKey = url.activity ?? 'today';
  const query = useQuery(dashboardQueries.myActivity());
  const shown = query.data?.windows.find((w) => w.window === chosen);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} style={{ marginTop: 24 }}>
      <Typography.Title level={2} id={headingId}>
        My activity
      </Typography.Title>
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }} data-unsaved-ignore>
        <Segmented<ActivityWindowKey>
          aria-label="Activity period"
          value={chosen}
          options={ACTIVITY_WINDOWS.map((value) => ({ value, label: WINDOW_LABELS[value].tab }))}
          onChange={(activity) => setUrl({ activity })}
        />
        {shown ? <Typography.Text type="secondary">{windowDates(shown)}</Typography.Text> : null}
      </Flex>
      <ListResults query={query} thing={DASHBOARD_THING}>
        {shown ? <WindowActivity activity={shown} /> : <Skeleton active />}
      </ListResults>
    </section>
  );
}
