// Surveys (issue 26, decision 049): staff sending an invitation, the public page's two calls, and the results
// (counts per period, week and answer value; the answers behind any figure). Scores are computed from the counts
// by shared-domain's csatScore and npsScore, in the page and the CSV alike.
import { z } from 'zod';
import { SURVEY_BAND_KEYS, SURVEY_KEYS, SURVEY_QUESTION_KINDS } from '../reports/surveys';
import { idValueSchema, isoDateTimeSchema, pagingQuerySchema, pagingSchema } from './common';
import { reportFilterQuerySchema, reportPeriodSchema } from './reports';

export const surveyKeySchema = z.enum(SURVEY_KEYS);

export const surveyInvitationInputSchema = z.object({
  survey: surveyKeySchema,
  userId: idValueSchema.describe(
    'The clinician (clinician survey) or organization user (organization survey)',
  ),
});
export type SurveyInvitationInput = z.infer<typeof surveyInvitationInputSchema>;

export const surveyInvitationSchema = z.object({
  id: z.number().int(),
  survey: surveyKeySchema,
  userId: z.number().int(),
  sentTo: z.string(),
  expiresAt: isoDateTimeSchema,
  message: z.string(),
});
export type SurveyInvitation = z.infer<typeof surveyInvitationSchema>;

export const surveyTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const surveyQuestionSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(SURVEY_QUESTION_KINDS),
  required: z.boolean(),
  maxLength: z.number().int().optional(),
});

/** What a survey link grants: the survey's questions and the respondent's first name. */
export const publicSurveySchema = z.object({
  survey: surveyKeySchema,
  title: z.string(),
  firstName: z.string(),
  questions: z.array(surveyQuestionSchema),
  expiresAt: isoDateTimeSchema,
});
export type PublicSurvey = z.infer<typeof publicSurveySchema>;

/** The answers as sent; checked against the link's survey (surveyAnswersSchema) before anything is written. */
export const surveyAnswerInputSchema = z.object({
  answers: z.record(z.string(), z.unknown()).describe('Question id → a scale value or text'),
});
export type SurveyAnswerInput = z.infer<typeof surveyAnswerInputSchema>;

export const surveyAnswerResultSchema = z.object({ message: z.string() });

// ---- results

export const surveySummaryQuerySchema = reportFilterQuerySchema.extend({
  survey: surveyKeySchema.optional().describe('One survey; both when absent'),
});
export type SurveySummaryQuery = z.infer<typeof surveySummaryQuerySchema>;

/** A period's counts for one survey: responses, and the counts its CSAT and NPS are computed from. */
export const surveyCountsSchema = z.object({
  responses: z.number().int(),
  answered: z.number().int(),
  satisfied: z.number().int(),
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
  comments: z.number().int(),
});
export type SurveyCounts = z.infer<typeof surveyCountsSchema>;

export const surveySummarySurveySchema = z.object({
  survey: surveyKeySchema,
  current: surveyCountsSchema,
  prior: surveyCountsSchema,
  /** Per scale question, the responses giving each value of its scale (every value, lowest first). */
  distribution: z.array(
    z.object({
      questionId: z.string(),
      values: z.array(z.object({ value: z.number().int(), count: z.number().int() })),
    }),
  ),
  /** SURVEY_TREND_WEEKS 7-day weeks, the last ending on the period's last day, oldest first. */
  trend: z.array(surveyCountsSchema.extend({ from: z.string(), to: z.string() })),
});
export type SurveySummarySurvey = z.infer<typeof surveySummarySurveySchema>;

export const surveySummarySchema = z.object({
  period: reportPeriodSchema,
  prior: reportPeriodSchema,
  surveys: z.array(surveySummarySurveySchema),
});
export type SurveySummary = z.infer<typeof surveySummarySchema>;

export const SURVEY_RESPONSE_SORTS = ['submittedAt', 'satisfaction', 'recommend'] as const;

export const surveyResponsesQuerySchema = reportFilterQuerySchema.extend(pagingQuerySchema.shape).extend({
  survey: surveyKeySchema.optional().describe('One survey; both when absent'),
  period: z.enum(['current', 'prior']).default('current'),
  /** Answers in a band of a score (satisfied, promoter, passive, detractor). */
  band: z.enum(SURVEY_BAND_KEYS as [string, ...string[]]).optional(),
  /** With `value`: the answers giving that value to that scale question. */
  questionId: z.string().max(40).optional(),
  value: z.coerce.number().int().min(0).max(10).optional(),
  /** Only answers with a comment. */
  commented: z.enum(['true', 'false']).optional(),
  sort: z.enum(SURVEY_RESPONSE_SORTS).default('submittedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type SurveyResponsesQuery = z.infer<typeof surveyResponsesQuerySchema>;

export const surveyResponseRowSchema = z.object({
  id: z.number().int(),
  survey: surveyKeySchema,
  submittedAt: isoDateTimeSchema,
  respondentName: z.string(),
  organizationName: z.string().nullable(),
  providerTypeName: z.string().nullable(),
  satisfaction: z.number().int().nullable(),
  recommend: z.number().int().nullable(),
  comment: z.string().nullable(),
});
export type SurveyResponseRow = z.infer<typeof surveyResponseRowSchema>;

export const surveyResponsesSchema = z.object({
  rows: z.array(surveyResponseRowSchema),
  paging: pagingSchema,
});
export type SurveyResponses = z.infer<typeof surveyResponsesSchema>;
