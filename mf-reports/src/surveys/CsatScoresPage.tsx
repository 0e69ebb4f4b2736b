// /csatscores (issue 26, decision 049): both surveys' CSAT and NPS for a period against the prior period, the weekly
// CSAT trend (an echarts bar chart through the report kit, its table beside it), and the comments, newest first.
// Every count opens the answers behind it; the filters, the open figure and the comments' page are in the URL.
import {
  csatScore,
  formatCsat,
  formatDate,
  formatNps,
  isOrganizationRole,
  npsScore,
  SURVEYS,
  type SurveySummary,
} from '@carelane/shared-domain';
import { useSession, useUrlState } from '@carelane/shared-session';
import { EmptyState, ListResults, PageFrame } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, Typography } from 'antd';
import { z } from 'zod';
import { showPeriod } from '../dashboard/dashboard-filters';
import { ReportChart } from '../report-kit/ReportChart';
import { comparedCaption, ReportFilters, reportFiltersOf } from '../report-kit/ReportFilters';
import { CLOSED_DRILL, SurveyDrill, SurveyFigures, surveyUrlShape } from './survey-figures';
import { surveyQueries } from './survey-queries';
import { responsesUrlShape, ResponsesSection } from './survey-responses';

export const csatScoresUrlSchema = z.object({ ...surveyUrlShape, ...responsesUrlShape });

const weekLabel = (from: string) => `Week of ${formatDate(from).replace(/\/\d{4}$/, '')}`;

/** The chart's accessible name: each week's CSAT per survey. */
function trendLabel(data: SurveySummary): string {
  const weeks = data.surveys[0]?.trend ?? [];
  const parts = weeks.map((week, i) => {
    const scores = data.surveys.map(
      (s) => `${SURVEYS[s.survey].respondents} ${formatCsat(csatScore(s.trend[i]!))}`,
    );
    return `${weekLabel(week.from)}: ${scores.join(', ')}`;
  });
  return `CSAT by week, the last ${weeks.length} weeks: ${parts.join('; ')}`;
}

function TrendTable({ data }: { data: SurveySummary }) {
  const weeks = data.surveys[0]?.trend ?? [];
  return (
    <div style={{ overflowX: 'auto' }}>
      <table
        className="report-kit-figures"
        style={{ marginTop: 8, borderCollapse: 'collapse', fontSize: 13 }}
      >
        <caption style={{ textAlign: 'left', fontWeight: 600 }}>CSAT and NPS by week</caption>
        <thead>
          <tr>
            <th scope="col" style={{ textAlign: 'left', paddingRight: 16 }}>
              Week
            </th>
            {data.surveys.map((s) => (
              <th key={s.survey} scope="col" style={{ textAlign: 'right', paddingRight: 16 }}>
                {`${SURVEYS[s.survey].respondents}: CSAT, NPS (answers)`}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            <tr key={week.from}>
              <th scope="row" style={{ textAlign: 'left', fontWeight: 400, paddingRight: 16 }}>
                {`${formatDate(week.from)}–${formatDate(week.to)}`}
              </th>
              {data.surveys.map((s) => {
                const w = s.trend[i]!;
                return (
                  <td key={s.survey} style={{ textAlign: 'right', paddingRight: 16 }}>
                    {`${formatCsat(csatScore(w))}, ${formatNps(npsScore(w))} (${w.responses})`}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function CsatScoresPage() {
  const session = useSession();
  const [url, setUrl] = useUrlState(csatScoresUrlSchema);
  const organizationUser = session ? isOrganizationRole(session.user.roleId) : false;
  const { period, prior, filters } = reportFiltersOf(url, organizationUser);
  const summary = useQuery(surveyQueries.summary(filters));
  const data = summary.data;
  const nothing = data && data.surveys.every((s) => s.current.responses === 0 && s.prior.responses === 0);

  return (
    <PageFrame title="Satisfaction scores" subtitle={comparedCaption(period, prior)}>
      <ReportFilters
        url={url}
        period={period}
        organizationUser={organizationUser}
        onChange={(update) => setUrl({ ...update, ...CLOSED_DRILL, pageNumber: null })}
      />
      <ListResults query={summary} thing="the satisfaction scores">
        {!data ? (
          <Skeleton active />
        ) : nothing ? (
          <EmptyState
            title="No survey answers in this period"
            description={`Scores count the answers given ${showPeriod(data.period)} and in the prior period, on the day they were given. Nobody answered a survey then for these filters (an organization filter shows organization survey answers only; a provider type filter clinician survey answers only). Pick a longer period or another filter.`}
          />
        ) : (
          <>
            {data.surveys.map((s) => (
              <SurveyFigures
                key={s.survey}
                summary={s}
                onOpen={(drill) => setUrl({ ...CLOSED_DRILL, ...drill })}
              />
            ))}
            <Typography.Title level={2} style={{ fontSize: 18 }}>
              Trend
            </Typography.Title>
            <ReportChart
              label={trendLabel(data)}
              categories={(data.surveys[0]?.trend ?? []).map((w) => weekLabel(w.from))}
              series={data.surveys.map((s) => ({
                name: `${SURVEYS[s.survey].respondents} CSAT`,
                values: s.trend.map((w) => csatScore(w) ?? 0),
              }))}
              valueName="CSAT %"
            >
              <TrendTable data={data} />
            </ReportChart>
          </>
        )}
      </ListResults>
      <ResponsesSection
        title="Comments"
        ariaLabel="Survey comments"
        thing="the comments"
        filters={{ ...filters, commented: 'true' }}
        url={url}
        fileName={`survey-comments-${period.from}-to-${period.to}.csv`}
        emptyText={`No comments were left ${showPeriod(period)} for these filters.`}
        onChange={setUrl}
      />
      <SurveyDrill
        url={url}
        filters={filters}
        period={period}
        prior={prior}
        onPage={(drillPage) => setUrl({ drillPage })}
        onClose={() => setUrl(CLOSED_DRILL)}
      />
    </PageFrame>
  );
}
