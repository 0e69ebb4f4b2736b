// /dashboard (issue 26, decision 046): SPEC §9's seven metrics for a period (default the last 7 days) compared
// with the prior period of the same length, for every organization or one (staff), an organization user's own
// (the server sets it), and a provider type. The API answers counts; each figure is shared-domain's metricValue
// of them. Read again every 10 minutes (SPEC §9) and when the server announces a change to what they count.
// Each count opens its records in a drawer (the URL names the figure). Below the figures, My Activity (decision
// 048): the user's own work today, this week and this month. Clinicians get their My Activity and a pointer to
// their pages.
import {
  DASHBOARD_METRICS,
  isOrganizationRole,
  ROLE,
  type Dashboard,
  type MetricDefinition,
} from '@carelane/shared-domain';
import { getBus, useSession, useUrlState } from '@carelane/shared-session';
import {
  AreaLink,
  EmptyState,
  ListResults,
  PageFrame,
} from '@carelane/shared-ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { dashboardUrlSchema, showPeriod, urlDrill, urlPeriod } from './dashboard-filters';
import {
  DASHBOARD_ENTITIES,
  DASHBOARD_KEY,
  DASHBOARD_THING as THING,
  dashboardQueries,
  type DashboardFilters,
} from './dashboard-queries';
import { MetricCard } from './MetricCard';
import { MetricDrawer } from './MetricDrawer';
import { MyActivity } from './MyActivity';
import { ReportFilters } from '../report-kit/ReportFilters';

/** The dashboard's queries (figures, My Activity) are read again when the server says a visit or a clinician changed. */
function useRefreshOnChanges() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const subscription = getBus().entityChanged$.subscribe((event) => {
      if (DASHBOARD_ENTITIES.has(event.entity))
        void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
    });
    return () => subscription.unsubscribe();
  }, [queryClient]);
}

function MetricCards({
  data,
  organizationUser,
  onOpen,
}: {
  data: Dashboard;
  organizationUser: boolean;
  onOpen: (
    metric: MetricDefinition,
    target: { part: 'numerator' | 'denominator'; period: 'current' | 'prior' },
  ) => void;
}) {
  const requested = data.metrics.find((m) => m.key === 'staffingRate');
  if (requested && requested.current.denominator === 0)
    return (
      <EmptyState
        title="No visits dated in this period"
        description={`The figures count requested visits by their date of service, and none is dated ${showPeriod(data.period)} for these filters. Pick a longer period or another filter.`}
      />
    );
  return (
    <ul
      aria-label="Metrics"
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
        gap: 16,
        padding: 0,
        margin: 0,
      }}
    >
      {DASHBOARD_METRICS.map((metric) => {
        const figures = data.metrics.find((m) => m.key === metric.key);
        return figures ? (
          <MetricCard
            key={metric.key}
            metric={metric}
            figures={figures}
            onOpen={
              // The clinicians behind the utilization rate work for every organization: staff only (decision 046).
              organizationUser && metric.kind === 'clinicianRatio'
                ? undefined
                : (target) => onOpen(metric, target)
            }
          />
        ) : null;
      })}
    </ul>
  );
}

function StaffDashboard({ organizationUser }: { organizationUser: boolean }) {
  const [url, setUrl] = useUrlState(dashboardUrlSchema);
  const { period, prior } = urlPeriod(url);
  const filters: DashboardFilters = {
    ...period,
    ...(organizationUser || !url.referralSourceId ? {} : { referralSourceId: url.referralSourceId }),
    ...(url.providerTypeId ? { providerTypeId: url.providerTypeId } : {}),
  };
  const report = useQuery(dashboardQueries.dashboard(filters));
  const data = report.data;
  const drill = urlDrill(url);
  const closeDrill = () => setUrl({ metric: null, part: null, period: null, drillPage: null });

  return (
    <PageFrame
      title="Dashboard"
      subtitle={`${showPeriod(period)}, compared with ${showPeriod(prior)}`}
      actions={
        data ? (
          <Typography.Text type="secondary">As of {dayjs(data.asOf).format('h:mm A')}</Typography.Text>
        ) : null
      }
    >
      <ReportFilters
        url={url}
        period={period}
        organizationUser={organizationUser}
        onChange={(change) => setUrl({ ...change, drillPage: null })}
      />
      <ListResults query={report} thing={THING}>
        {data ? (
          <MetricCards
            data={data}
            organizationUser={organizationUser}
            onOpen={(metric, target) =>
              setUrl({
                metric: metric.key,
                part: target.part,
                period: target.period === 'prior' ? 'prior' : null,
                drillPage: null,
              })
            }
          />
        ) : (
          <Skeleton active />
        )}
      </ListResults>
      <MyActivity />
      {drill ? (
        <MetricDrawer
          key={`${drill.metric}-${drill.part}-${drill.period}`}
          target={drill}
          filters={filters}
          period={drill.period === 'prior' ? prior : period}
          pageNumber={url.drillPage ?? 1}
          onPage={(drillPage) => setUrl({ drillPage })}
          onClose={closeDrill}
        />
      ) : null}
    </PageFrame>
  );
}

function ClinicianDashboard() {
  return (
    <PageFrame title="Dashboard">
      <MyActivity />
      <Typography.Paragraph style={{ marginTop: 24 }}>
        Your visits and notes are in <AreaLink to="/providervisits">My visits</AreaLink> and{' '}
        <AreaLink to="/notes">Visit notes</AreaLink>.
      </Typography.Paragraph>
    </PageFrame>
  );
}

export default function DashboardPage() {
  const session = useSession();
  useRefreshOnChanges();
  if (!session) return null;
  if (session.user.roleId === ROLE.CLINICIAN) return <ClinicianDashboard />;
  return <StaffDashboard organizationUser={isOrganizationRole(session.user.roleId)} />;
}
