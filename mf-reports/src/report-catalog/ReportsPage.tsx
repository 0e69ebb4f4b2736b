// /reports (issue 26): every report the user may open, grouped by what it is about (shared-domain's
// REPORT_CATALOG), each with the question it answers and a link. A report appears once its page is built and the
// user holds one of its page keys; the titles and keys are the deployment's (published on the bus by the shell),
// so a billing report is listed here as the billing area names it. `q` in the URL filters by title or question.
import { REPORT_CATALOG } from '@carelane/shared-domain';
import {
  canOpenRoute,
  useSession,
  useSiteRoutes,
  useUrlState,
  type SiteRoute,
} from '@carelane/shared-session';
import { AreaLink, EmptyState, PageFrame } from '@carelane/shared-ui';
import { Input, Typography } from 'antd';
import { useId } from 'react';
import { z } from 'zod';

const urlSchema = z.object({ q: z.string().max(100).optional().catch(undefined) });

type ListedReport = { route: SiteRoute; answers: string };

function matches(report: ListedReport, words: string[]): boolean {
  const text = `${report.route.title} ${report.answers} ${report.route.areaTitle}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

export default function ReportsPage() {
  const session = useSession();
  const routes = useSiteRoutes();
  const [url, setUrl] = useUrlState(urlSchema);
  const searchId = useId();
  const byPath = new Map(routes.map((route) => [route.path, route]));
  const open = REPORT_CATALOG.map((group) => ({
    title: group.title,
    reports: group.reports.flatMap(({ path, answers }) => {
      const route = byPath.get(path);
      return route && route.built && canOpenRoute(session, route) ? [{ route, answers }] : [];
    }),
  })).filter((group) => group.reports.length > 0);
  const words = (url.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const shown = open
    .map((group) => ({ ...group, reports: group.reports.filter((report) => matches(report, words)) }))
    .filter((group) => group.reports.length > 0);
  const count = open.reduce((n, group) => n + group.reports.length, 0);

  return (
    <PageFrame
      title="Reports"
      subtitle={count ? `${count} ${count === 1 ? 'report' : 'reports'} open to you` : undefined}
    >
      {routes.length === 0 ? (
        <EmptyState
          title="The reports are not listed yet"
          description="Carelane lists its reports once it has loaded the list of its pages. Reload the page if this stays."
        />
      ) : count === 0 ? (
        <EmptyState
          title="No report is open to you"
          description="Your role gives you no report yet. An administrator can change what your role may open."
        />
      ) : (
        <>
          <label htmlFor={searchId}>
            <Typography.Text strong>Find a report</Typography.Text>
          </label>
          <Input.Search
            id={searchId}
            allowClear
            defaultValue={url.q}
            placeholder="A word of its name or of what it answers"
            onSearch={(value) => setUrl({ q: value.trim() || undefined })}
            onChange={(event) => {
              if (event.target.value === '') setUrl({ q: undefined });
            }}
            style={{ maxWidth: 420, display: 'block', margin: '4px 0 16px' }}
          />
          {shown.length === 0 ? (
            <EmptyState
              title={`No report matches “${url.q}”`}
              description="Try another word, or clear the search to see every report open to you."
            />
          ) : (
            shown.map((group) => (
              <section
                key={group.title}
                aria-labelledby={`reports-${group.title}`}
                style={{ marginBottom: 24 }}
              >
                <Typography.Title level={2} id={`reports-${group.title}`} style={{ fontSize: 18 }}>
                  {group.title}
                </Typography.Title>
                <ul className="carelane-report-catalog" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {group.reports.map(({ route, answers }) => (
                    <li key={route.path} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
                      <AreaLink to={route.path}>{route.title}</AreaLink>
                      {route.areaTitle !== 'Reports' ? (
                        <Typography.Text type="secondary"> · {route.areaTitle}</Typography.Text>
                      ) : null}
                      <div>
                        <Typography.Text type="secondary">{answers}</Typography.Text>
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
        </>
      )}
    </PageFrame>
  );
}
