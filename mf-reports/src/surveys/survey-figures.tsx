// The survey results' common parts (decision 049): the URL (the report filters, the open figure and its page), the
// figures of one survey for the period against the prior — CSAT and NPS as csatScore / npsScore make them of the
// API's counts — each count a button opening the answers behind it, and the drawer those buttons open.
import {
  csatScore,
  formatCsat,
  formatNps,
  npsScore,
  SURVEY_BAND_KEYS,
  SURVEY_BANDS,
  SURVEY_KEYS,
  SURVEYS,
  surveyScoreChange,
  type ReportPeriod,
  type SurveyBand,
  type SurveyCounts,
  type SurveySummarySurvey,
} from '@carelane/shared-domain';
import { Button, Card, Flex, Typography } from 'antd';
import { z } from 'zod';
import { reportUrlShape, type ReportFilterValues } from '../report-kit/ReportFilters';
import type { ResponsesTarget } from './survey-queries';
import { ResponsesDrawer } from './survey-responses';

const count = new Intl.NumberFormat('en-US');

/** What a figure's button opens: every answer, a band, one value of a question, the comments. */
export const DRILLS = ['all', 'comments', ...SURVEY_BAND_KEYS] as const;

export const surveyUrlShape = {
  ...reportUrlShape,
  /** The open figure: its survey, what it counts, the prior period's, or a question's value. */
  drillSurvey: z.enum(SURVEY_KEYS).optional(),
  drill: z.enum(DRILLS).optional(),
  drillQuestion: z.string().max(40).optional(),
  drillValue: z.coerce.number().int().min(0).max(10).optional(),
  drillPeriod: z.enum(['prior']).optional(),
  drillPage: z.coerce.number().int().min(1).optional(),
};

export type SurveyDrillUrl = {
  drillSurvey?: (typeof SURVEY_KEYS)[number];
  drill?: (typeof DRILLS)[number];
  drillQuestion?: string;
  drillValue?: number;
  drillPeriod?: 'prior';
  drillPage?: number;
};

/** The URL update closing the open figure. */
export const CLOSED_DRILL = {
  drillSurvey: null,
  drill: null,
  drillQuestion: null,
  drillValue: null,
  drillPeriod: null,
  drillPage: null,
} as const;

export type OpenDrill = (drill: Omit<SurveyDrillUrl, 'drillPage'>) => void;

const DRILL_TITLES: Record<(typeof DRILLS)[number], string> = {
  all: 'Every answer',
  comments: 'Answers with a comment',
  ...(Object.fromEntries(SURVEY_BAND_KEYS.map((b) => [b, SURVEY_BANDS[b].label])) as Record<
    SurveyBand,
    string
  >),
};

/** The drawer of the figure the URL opens, or nothing. */
export function SurveyDrill({
  url,
  filters,
  period,
  prior,
  onPage,
  onClose,
}: {
  url: SurveyDrillUrl;
  filters: ReportFilterValues;
  period: ReportPeriod;
  prior: ReportPeriod;
  onPage: (page: number) => void;
  onClose: () => void;
}) {
  if (!url.drillSurvey || (!url.drill && url.drillQuestion === undefined)) return null;
  const survey = SURVEYS[url.drillSurvey];
  const question = survey.questions.find((q) => q.id === url.drillQuestion);
  const target: ResponsesTarget = {
    survey: survey.key,
    ...(url.drillPeriod ? { period: 'prior' } : {}),
    ...(question && url.drillValue !== undefined
      ? { questionId: question.id, value: url.drillValue }
      : url.drill === 'comments'
        ? { commented: 'true' }
        : url.drill && url.drill !== 'all'
          ? { band: url.drill }
          : {}),
  };
  const what =
    question && url.drillValue !== undefined
      ? `Answered ${url.drillValue} to “${question.label}”`
      : DRILL_TITLES[url.drill ?? 'all'];
  return (
    <ResponsesDrawer
      key={JSON.stringify(target)}
      title={`${survey.title}: ${what}`}
      filters={filters}
      target={target}
      period={url.drillPeriod ? prior : period}
      pageNumber={url.drillPage ?? 1}
      onPage={onPage}
      onClose={onClose}
    />
  );
}

/** A count that opens its answers: its name is the text shown, then the survey's (so each is told apart). */
function FigureButton({
  survey,
  onClick,
  children,
}: {
  survey: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <Button
      type="link"
      size="small"
      aria-label={`${children}, ${survey}`}
      onClick={onClick}
      style={{ paddingInline: 0, height: 'auto', minHeight: 32 }}
    >
      {children}
    </Button>
  );
}

function Change({
  current,
  prior,
  kind,
}: {
  current: number | null;
  prior: number | null;
  kind: 'csat' | 'nps';
}) {
  const change = surveyScoreChange(current, prior, kind);
  if (!change)
    return <Typography.Text type="secondary">No change to show: a period has no answer</Typography.Text>;
  const verdict = change.delta > 0 ? 'higher than' : change.delta < 0 ? 'lower than' : 'the same as';
  return <Typography.Text>{`${change.text}, ${verdict} the prior period`}</Typography.Text>;
}

/** One survey's figures: answers, CSAT and NPS for the period, each against the prior, with their counts. */
export function SurveyFigures({
  summary,
  headingLevel = 2,
  onOpen,
}: {
  summary: SurveySummarySurvey;
  headingLevel?: 2 | 3;
  onOpen: OpenDrill;
}) {
  const survey = SURVEYS[summary.survey];
  const c: SurveyCounts = summary.current;
  const p: SurveyCounts = summary.prior;
  const csat = csatScore(c);
  const nps = npsScore(c);
  const open = (drill: (typeof DRILLS)[number], prior = false) =>
    onOpen({ drillSurvey: survey.key, drill, ...(prior ? { drillPeriod: 'prior' as const } : {}) });
  const n = (value: number, one: string, many: string) =>
    `${count.format(value)} ${value === 1 ? one : many}`;
  return (
    <section aria-labelledby={`figures-${survey.key}`} style={{ marginBottom: 16 }}>
      <Typography.Title level={headingLevel} id={`figures-${survey.key}`} style={{ fontSize: 18 }}>
        {survey.title}
      </Typography.Title>
      <Flex gap={12} wrap>
        <Card size="small" style={{ minWidth: 220, flex: '1 1 220px' }} title="Answers">
          <Typography.Text strong style={{ fontSize: 24, display: 'block' }}>
            {count.format(c.responses)}
          </Typography.Text>
          <Flex vertical align="start">
            <FigureButton survey={survey.title} onClick={() => open('all')}>
              {n(c.responses, 'answer', 'answers')}
            </FigureButton>
            <FigureButton survey={survey.title} onClick={() => open('comments')}>
              {n(c.comments, 'comment', 'comments')}
            </FigureButton>
            <FigureButton survey={survey.title} onClick={() => open('all', true)}>
              {`Prior period: ${n(p.responses, 'answer', 'answers')}`}
            </FigureButton>
          </Flex>
        </Card>
        <Card size="small" style={{ minWidth: 220, flex: '1 1 220px' }} title="CSAT (satisfied, 4–5)">
          <Typography.Text
            strong
            style={{ fontSize: 24, display: 'block' }}
            data-testid={`csat-${survey.key}`}
          >
            {formatCsat(csat)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {`Prior period ${formatCsat(csatScore(p))}`}
          </Typography.Text>
          <Change current={csat} prior={csatScore(p)} kind="csat" />
          <Flex vertical align="start">
            <FigureButton survey={survey.title} onClick={() => open('satisfied')}>
              {`${n(c.satisfied, 'satisfied', 'satisfied')} of ${count.format(c.answered)}`}
            </FigureButton>
          </Flex>
        </Card>
        <Card size="small" style={{ minWidth: 220, flex: '1 1 220px' }} title="NPS (promoters − detractors)">
          <Typography.Text
            strong
            style={{ fontSize: 24, display: 'block' }}
            data-testid={`nps-${survey.key}`}
          >
            {formatNps(nps)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {`Prior period ${formatNps(npsScore(p))}`}
          </Typography.Text>
          <Change current={nps} prior={npsScore(p)} kind="nps" />
          <Flex vertical align="start">
            {(['promoter', 'passive', 'detractor'] as const).map((band) => {
              const value =
                band === 'promoter' ? c.promoters : band === 'passive' ? c.passives : c.detractors;
              return (
                <FigureButton key={band} survey={survey.title} onClick={() => open(band)}>
                  {`${count.format(value)} ${SURVEY_BANDS[band].label.toLowerCase()}`}
                </FigureButton>
              );
            })}
          </Flex>
        </Card>
      </Flex>
    </section>
  );
}
