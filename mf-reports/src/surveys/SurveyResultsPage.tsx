// /clinicianSurvey and /organizationSurvey (issue 26, decision 049): one survey's answers for a period — its CSAT
// and NPS against the prior period, each scale question's distribution (an echarts bar chart through the report
// kit, its table beside it, every count opening the answers behind it), and every answer, paged and sorted on the
// server, all of them as CSV. The filters, the sort, the page and the open figure are in the URL.
import {
  isOrganizationRole,
  SURVEY_SCALES,
  SURVEYS,
  type SurveyKey,
  type SurveyQuestion,
  type SurveySummarySurvey,
} from '@carelane/shared-domain';
import { useSession, useUrlState } from '@carelane/shared-session';
import { EmptyState, ListResults, PageFrame } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Typography } from 'antd';
import { z } from 'zod';
import { showPeriod } from '../dashboard/dashboard-filters';
import { ReportChart } from '../report-kit/ReportChart';
import { comparedCaption, ReportFilters, reportFiltersOf } from '../report-kit/ReportFilters';
import { CLOSED_DRILL, SurveyDrill, SurveyFigures, surveyUrlShape, type OpenDrill } from './survey-figures';
import { surveyQueries } from './survey-queries';
import { responsesUrlShape, ResponsesSection } from './survey-responses';

export const surveyResultsUrlSchema = z.object({ ...surveyUrlShape, ...responsesUrlShape });

const count = new Intl.NumberFormat('en-US');

/** A scale point as a person reads it: '4 – Satisfied', or '9' on the 0–10 scale. */
function pointLabel(question: SurveyQuestion, value: number): string {
  return question.kind === 'csat' ? `${value} – ${SURVEY_SCALES.csat.labels[value - 1]}` : String(value);
}

function Distribution({
  summary,
  question,
  onOpen,
}: {
  summary: SurveySummarySurvey;
  question: SurveyQuestion;
  onOpen: OpenDrill;
}) {
  const values = summary.distribution.find((d) => d.questionId === question.id)?.values ?? [];
  const label = `Answers to “${question.label}”: ${values.map((v) => `${v.value}: ${v.count}`).join(', ')}`;
  return (
    <section aria-label={question.label} style={{ marginBottom: 24 }}>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {question.label}
      </Typography.Title>
      <ReportChart
        label={label}
        categories={values.map((v) => String(v.value))}
        series={[{ name: 'Answers', values: values.map((v) => v.count) }]}
        valueName="Answers"
        height={220}
      >
        <table
          className="report-kit-figures"
          style={{ marginTop: 8, borderCollapse: 'collapse', fontSize: 13 }}
        >
          <caption style={{ textAlign: 'left', fontWeight: 600 }}>{`Answers to “${question.label}”`}</caption>
          <thead>
            <tr>
              <th scope="col" style={{ textAlign: 'left', paddingRight: 16 }}>
                Answer
              </th>
              <th scope="col" style={{ textAlign: 'right' }}>
                Answers
              </th>
            </tr>
          </thead>
          <tbody>
            {values.map((v) => (
              <tr key={v.value}>
                <th scope="row" style={{ textAlign: 'left', fontWeight: 400, paddingRight: 16 }}>
                  {pointLabel(question, v.value)}
                </th>
                <td style={{ textAlign: 'right' }}>
                  {v.count > 0 ? (
                    <Button
                      type="link"
                      size="small"
                      aria-label={`${v.count} answered ${v.value}, ${question.label}`}
                      onClick={() =>
                        onOpen({
                          drillSurvey: summary.survey,
                          drillQuestion: question.id,
                          drillValue: v.value,
                        })
                      }
                      style={{ minHeight: 24 }}
                    >
                      {count.format(v.count)}
                    </Button>
                  ) : (
                    '0'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ReportChart>
    </section>
  );
}

export function SurveyResultsPage({ survey }: { survey: SurveyKey }) {
  const session = useSession();
  const [url, setUrl] = useUrlState(surveyResultsUrlSchema);
  const organizationUser = session ? isOrganizationRole(session.user.roleId) : false;
  const { period, prior, filters } = reportFiltersOf(url, organizationUser);
  const definition = SURVEYS[survey];
  const summary = useQuery(surveyQueries.summary({ ...filters, survey }));
  const data = summary.data?.surveys[0];
  const open: OpenDrill = (drill) => setUrl({ ...CLOSED_DRILL, ...drill });

  return (
    <PageFrame title={`${definition.title} results`} subtitle={comparedCaption(period, prior)}>
      <ReportFilters
        url={url}
        period={period}
        organizationUser={organizationUser}
        onChange={(update) => setUrl({ ...update, ...CLOSED_DRILL, pageNumber: null })}
      />
      <ListResults query={summary} thing={`the ${definition.title.toLowerCase()} results`}>
        {!data ? (
          <Skeleton active />
        ) : data.current.responses === 0 && data.prior.responses === 0 ? (
          <EmptyState
            title="No answers in this period"
            description={`${definition.respondents} answer this survey from the link they are emailed; nobody answered it ${showPeriod(period)} or in the prior period for these filters. Pick a longer period or another filter.`}
          />
        ) : (
          <>
            <SurveyFigures summary={data} onOpen={open} />
            <Typography.Title level={2} style={{ fontSize: 18 }}>
              Answers by question
            </Typography.Title>
            {definition.questions
              .filter((q) => q.kind !== 'text')
              .map((question) => (
                <Distribution key={question.id} summary={data} question={question} onOpen={open} />
              ))}
          </>
        )}
      </ListResults>
      <ResponsesSection
        title="Every answer"
        ariaLabel={`${definition.title} answers`}
        thing="the answers"
        filters={{ ...filters, survey }}
        url={url}
        fileName={`${survey}-survey-${period.from}-to-${period.to}.csv`}
        emptyText={`Nobody answered ${showPeriod(period)} for these filters.`}
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

export function ClinicianSurveyPage() {
  return <SurveyResultsPage survey="clinician" />;
}

export function OrganizationSurveyPage() {
  return <SurveyResultsPage survey="organization" />;
}
