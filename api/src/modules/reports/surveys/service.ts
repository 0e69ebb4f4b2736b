// Surveys (issue 26, decision 049; ARCHITECTURE §9 public token pages): invitations sent through the outbox (by the
// job after the triggers the decision names, or by staff by hand), each a random single-use link stored only as
// its SHA-256 that expires in SURVEY_TOKEN_DAYS; the public page's two calls; the results as the counts CSAT and
// NPS are computed from, per period, week and answer value, and the answers behind any figure.
import {
  SURVEY_KEYS,
  SURVEY_MESSAGES,
  SURVEY_SCALES,
  SURVEY_TOKEN_DAYS,
  SURVEY_TREND_WEEKS,
  SURVEYS,
  addIsoDays,
  localDayBounds,
  surveyAnswersSchema,
  surveyQuestionOf,
  type PublicSurvey,
  type ReportPeriod,
  type SurveyAnswerInput,
  type SurveyBand,
  type SurveyCounts,
  type SurveyInvitation,
  type SurveyInvitationInput,
  type SurveyKey,
  type SurveyResponses,
  type SurveyResponsesQuery,
  type SurveySummary,
  type SurveySummaryQuery,
} from '@carelane/shared-domain';
import type { Executor } from '../../../db/client';
import { randomToken, sha256 } from '../../../lib/crypto';
import { AppError, badRequest, invalidFields } from '../../../lib/errors';
import { pagingOf } from '../../../lib/paging';
import type { AppServices } from '../../../services/app-services';
import { recordAudit } from '../../../services/audit';
import { requireActor, type RequestContext } from '../../../services/context';
import { enqueueMessage } from '../../../services/outbox';
import { organizationTimeZoneOrDefault } from '../../maps/service';
import { periodsOf, scopedFilter, visitFilterOf } from '../report-scope';
import * as repo from './repository';

type Services = Pick<AppServices, 'db'>;

const DAY_MS = 86_400_000;

/** The public page's address for a survey link. */
export const surveyLink = (publicUrl: string, survey: SurveyKey, token: string) =>
  `${publicUrl}/survey/${survey}?token=${encodeURIComponent(token)}`;

/**
 * Writes invitations for the recipients and queues their emails, in the caller's transaction; recipients whose
 * trigger was invited already are skipped (nothing sent twice). Answers those written.
 */
export async function inviteRecipients(
  tx: Executor,
  publicUrl: string,
  recipients: readonly repo.SurveyRecipient[],
  createdBy: number | null,
  now: Date = new Date(),
): Promise<repo.SurveyInvitationRow[]> {
  const tokens = new Map<string, string>();
  const rows = recipients.map((r) => {
    const token = randomToken(32);
    const tokenHash = sha256(token);
    tokens.set(tokenHash, token);
    return {
      survey: r.survey,
      userId: r.user_id,
      triggerKey: r.trigger_key,
      tokenHash,
      referralSourceId: r.referral_source_id,
      providerTypeId: r.provider_type_id,
      sentTo: r.email_id,
      createdBy,
      expiresAt: new Date(now.getTime() + SURVEY_TOKEN_DAYS * DAY_MS),
    };
  });
  const written = await repo.insertInvitations(tx, rows);
  for (const invitation of written) {
    const recipient = recipients.find(
      (r) =>
        r.user_id === invitation.userId &&
        r.survey === invitation.survey &&
        r.trigger_key === invitation.triggerKey,
    );
    const survey = SURVEYS[invitation.survey as SurveyKey];
    await enqueueMessage(tx, {
      channel: 'email',
      to: invitation.sentTo,
      subject: `${survey.title}: how are we doing?`,
      body:
        `Hello ${recipient?.first_name ?? ''},\n\nPlease tell us how we are doing: two quick questions and room ` +
        `for a comment. ${surveyLink(publicUrl, invitation.survey as SurveyKey, tokens.get(invitation.tokenHash)!)}` +
        `\n\nThe link works once and expires in ${SURVEY_TOKEN_DAYS} days.`,
      dedupeKey: `surveyInvitation:${invitation.id}`,
    });
  }
  return written;
}

/** POST /api/admin/surveys/invitations: staff send one survey to one user by hand. */
export async function sendInvitation(
  services: Pick<AppServices, 'db' | 'config'>,
  ctx: RequestContext,
  input: SurveyInvitationInput,
): Promise<SurveyInvitation> {
  const actor = requireActor(ctx);
  return services.db.transaction(async (tx) => {
    const recipient = await repo.recipientOf(tx, input.survey, input.userId);
    if (!recipient) throw badRequest('userId', SURVEY_MESSAGES.wrongRole[input.survey]);
    const [invitation] = await inviteRecipients(tx, services.config.publicUrl, [recipient], actor.userId);
    await recordAudit(tx, ctx, {
      entity: 'surveyInvitation',
      entityId: invitation!.id,
      action: 'CREATE',
      before: null,
      after: { survey: input.survey, userId: input.userId, sentTo: invitation!.sentTo },
    });
    return {
      id: invitation!.id,
      survey: input.survey,
      userId: input.userId,
      sentTo: invitation!.sentTo,
      expiresAt: invitation!.expiresAt.toISOString(),
      message: SURVEY_MESSAGES.sent,
    };
  });
}

const gone = (message: string) => new AppError(410, 'TOKEN_GONE', message);

/** The link's open invitation, or the reason it is not: 404 unknown, 410 used or expired. */
function checkOpen(row: repo.SurveyInvitationRow | null): repo.SurveyInvitationRow {
  if (!row) throw new AppError(404, 'TOKEN_UNKNOWN', SURVEY_MESSAGES.unknownToken);
  if (row.usedAt) throw gone(SURVEY_MESSAGES.usedToken);
  if (row.expiresAt.getTime() <= Date.now()) throw gone(SURVEY_MESSAGES.expiredToken);
  return row;
}

/** GET /api/public/surveys/:token: only what the link grants. */
export async function publicSurvey(services: Services, token: string): Promise<PublicSurvey> {
  const invitation = checkOpen(await repo.findInvitation(services.db, sha256(token)));
  const survey = SURVEYS[invitation.survey as SurveyKey];
  return {
    survey: survey.key,
    title: survey.title,
    firstName: await repo.firstNameOf(services.db, invitation.userId),
    questions: survey.questions.map((q) => ({ ...q })),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** POST /api/public/surveys/:token: the answers, checked against the link's survey, stored once. */
export async function answerSurvey(
  services: Services,
  ctx: RequestContext,
  token: string,
  input: SurveyAnswerInput,
): Promise<{ message: string }> {
  await services.db.transaction(async (tx) => {
    // Locked: a second answer on the same link waits, then finds it used (410).
    const invitation = checkOpen(await repo.findInvitation(tx, sha256(token), { lock: true }));
    const survey = invitation.survey as SurveyKey;
    const parsed = surveyAnswersSchema(survey).safeParse(input.answers);
    if (!parsed.success)
      throw invalidFields(
        parsed.error.issues.map((issue) => ({
          field: ['answers', ...issue.path.map(String)].filter(Boolean).join('.'),
          message: issue.message,
        })),
      );
    const id = await repo.insertResponse(tx, {
      invitationId: invitation.id,
      survey,
      version: SURVEYS[survey].version,
      userId: invitation.userId,
      referralSourceId: invitation.referralSourceId,
      providerTypeId: invitation.providerTypeId,
      answers: parsed.data,
    });
    await repo.markInvitationUsed(tx, invitation.id);
    await recordAudit(tx, ctx, {
      entity: 'surveyResponse',
      entityId: id,
      action: 'CREATE',
      before: null,
      after: { survey, invitationId: invitation.id },
      userId: invitation.userId,
      userEmail: `survey link ${invitation.id}`,
    });
  });
  return { message: SURVEY_MESSAGES.thanks };
}

// ---- results

/** The instants of a period's days on a calendar: from the first day's first instant to the next day after the last. */
const boundsOf = (period: ReportPeriod, zone: string) => ({
  start: localDayBounds(period.from, zone).start,
  end: localDayBounds(period.to, zone).end,
});

/** The caller's scope, the periods and the filter of the answers, on the filtered organization's calendar. */
async function scopeOf(services: Services, ctx: RequestContext, query: SurveySummaryQuery) {
  const q = scopedFilter(requireActor(ctx), query);
  const { current, prior } = await periodsOf(services, q);
  const zone = await organizationTimeZoneOrDefault(services.db, q.referralSourceId);
  const { referralSourceIds, providerTypeId } = await visitFilterOf(services, q);
  const surveys = q.survey ? [q.survey] : [...SURVEY_KEYS];
  const filterOf = (period: ReportPeriod): repo.ResponseFilter => ({
    surveys,
    ...boundsOf(period, zone),
    ...(referralSourceIds ? { referralSourceIds } : {}),
    ...(providerTypeId !== undefined ? { providerTypeId } : {}),
  });
  return { current, prior, zone, surveys, filterOf };
}

const ZERO: SurveyCounts = {
  responses: 0,
  answered: 0,
  satisfied: 0,
  promoters: 0,
  passives: 0,
  detractors: 0,
  comments: 0,
};
const countsOf = (row: repo.CountsRow | undefined): SurveyCounts =>
  row
    ? {
        responses: Number(row.responses),
        answered: Number(row.answered),
        satisfied: Number(row.satisfied),
        promoters: Number(row.promoters),
        passives: Number(row.passives),
        detractors: Number(row.detractors),
        comments: Number(row.comments),
      }
    : ZERO;

/** GET /api/admin/reports/surveys/summary */
export async function summary(
  services: Services,
  ctx: RequestContext,
  query: SurveySummaryQuery,
): Promise<SurveySummary> {
  const { current, prior, zone, surveys, filterOf } = await scopeOf(services, ctx, query);
  const trendPeriod = { from: addIsoDays(current.to, -(7 * SURVEY_TREND_WEEKS - 1)), to: current.to };
  const [now, before, weeks, values] = await Promise.all([
    repo.periodCounts(services.db, filterOf(current)),
    repo.periodCounts(services.db, filterOf(prior)),
    repo.weekCounts(services.db, filterOf(trendPeriod), current.to, zone),
    repo.valueCounts(services.db, filterOf(current)),
  ]);
  return {
    period: current,
    prior,
    surveys: surveys.map((survey) => ({
      survey,
      current: countsOf(now.find((r) => r.survey === survey)),
      prior: countsOf(before.find((r) => r.survey === survey)),
      distribution: (['csat', 'nps'] as const).map((kind) => {
        const question = surveyQuestionOf(survey, kind);
        const { min, max } = SURVEY_SCALES[kind];
        return {
          questionId: question.id,
          values: Array.from({ length: max - min + 1 }, (_, i) => ({
            value: min + i,
            count: Number(
              values.find((v) => v.survey === survey && v.kind === kind && Number(v.value) === min + i)?.n ??
                0,
            ),
          })),
        };
      }),
      trend: Array.from({ length: SURVEY_TREND_WEEKS }, (_, i) => {
        const week = SURVEY_TREND_WEEKS - 1 - i;
        const to = addIsoDays(current.to, -7 * week);
        return {
          from: addIsoDays(to, -6),
          to,
          ...countsOf(weeks.find((w) => w.survey === survey && Number(w.week) === week)),
        };
      }),
    })),
  };
}

/** The scale question `questionId` names in the asked survey(s), or a 400 naming it. */
function scaleOf(surveys: readonly SurveyKey[], questionId: string, value: number | undefined) {
  const question = surveys
    .map((s) => SURVEYS[s].questions.find((q) => q.id === questionId))
    .find((q) => q !== undefined);
  if (!question || question.kind === 'text')
    throw badRequest('questionId', 'is not a scale question of the survey');
  if (value === undefined) throw badRequest('value', 'is required with questionId');
  return { kind: question.kind, value };
}

/** GET /api/admin/reports/surveys/responses: the answers behind a figure (or every answer), a page at a time. */
export async function responses(
  services: Services,
  ctx: RequestContext,
  query: SurveyResponsesQuery,
): Promise<SurveyResponses> {
  const { current, prior, surveys, filterOf } = await scopeOf(services, ctx, query);
  const filter = filterOf(query.period === 'prior' ? prior : current);
  const narrow: repo.ResponseNarrowing = {
    ...(query.band ? { band: query.band as SurveyBand } : {}),
    ...(query.questionId !== undefined ? { scale: scaleOf(surveys, query.questionId, query.value) } : {}),
    ...(query.commented === 'true' ? { commented: true } : {}),
  };
  const [rows, total] = await Promise.all([
    repo.responsesPage(services.db, filter, narrow, query),
    repo.countResponses(services.db, filter, narrow),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      survey: r.survey,
      submittedAt: new Date(r.created_at).toISOString(),
      respondentName: r.respondent_name,
      organizationName: r.organization_name,
      providerTypeName: r.provider_type_name,
      satisfaction: r.satisfaction === null ? null : Number(r.satisfaction),
      recommend: r.recommend === null ? null : Number(r.recommend),
      comment: r.comment,
    })),
    paging: pagingOf(query, total),
  };
}
