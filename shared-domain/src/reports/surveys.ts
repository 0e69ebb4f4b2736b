/**
 * The two surveys (issue 26, decision 049) as data: their questions (a 1–5 satisfaction scale, a 0–10 recommend
 * scale, free text), the one schema an answer must pass (built from the definition), and the CSAT and NPS rules.
 * The API stores and counts answers by these definitions; the pages and the CSV show what `csatScore` and
 * `npsScore` make of the counts the API answers.
 */
import { z } from 'zod';

export const SURVEY_KEYS = ['clinician', 'organization'] as const;
export type SurveyKey = (typeof SURVEY_KEYS)[number];

export const SURVEY_QUESTION_KINDS = ['csat', 'nps', 'text'] as const;
export type SurveyQuestionKind = (typeof SURVEY_QUESTION_KINDS)[number];

export type SurveyQuestion = {
  /** The answer's key in the stored answers. */
  id: string;
  label: string;
  kind: SurveyQuestionKind;
  required: boolean;
  /** Free text only: the longest answer. */
  maxLength?: number;
};

export type SurveyDefinition = {
  key: SurveyKey;
  /** Stored with each answer: a changed definition gets a new version. */
  version: number;
  title: string;
  /** Who answers it, as the results pages name them. */
  respondents: string;
  questions: readonly SurveyQuestion[];
};

/** The scales: their bounds and the words at each end (every point is labelled on the page). */
export const SURVEY_SCALES = {
  csat: {
    min: 1,
    max: 5,
    labels: ['Very dissatisfied', 'Dissatisfied', 'Neutral', 'Satisfied', 'Very satisfied'],
  },
  nps: { min: 0, max: 10, lowLabel: 'Not at all likely', highLabel: 'Extremely likely' },
} as const;

export const SURVEY_COMMENT_MAX = 2000;

export const SURVEYS: Record<SurveyKey, SurveyDefinition> = {
  clinician: {
    key: 'clinician',
    version: 1,
    title: 'Clinician survey',
    respondents: 'Clinicians',
    questions: [
      {
        id: 'satisfaction',
        label: 'How satisfied are you with working with Carelane?',
        kind: 'csat',
        required: true,
      },
      {
        id: 'recommend',
        label: 'How likely are you to recommend Carelane to a fellow clinician?',
        kind: 'nps',
        required: true,
      },
      {
        id: 'comment',
        label: 'What could we do better?',
        kind: 'text',
        required: false,
        maxLength: SURVEY_COMMENT_MAX,
      },
    ],
  },
  organization: {
    key: 'organization',
    version: 1,
    title: 'Organization survey',
    respondents: 'Organizations',
    questions: [
      {
        id: 'satisfaction',
        label: 'How satisfied are you with how Carelane staffed your service request?',
        kind: 'csat',
        required: true,
      },
      {
        id: 'recommend',
        label: 'How likely are you to recommend Carelane to another organization?',
        kind: 'nps',
        required: true,
      },
      {
        id: 'comment',
        label: 'What could we do better?',
        kind: 'text',
        required: false,
        maxLength: SURVEY_COMMENT_MAX,
      },
    ],
  },
};

export function isSurveyKey(value: string): value is SurveyKey {
  return (SURVEY_KEYS as readonly string[]).includes(value);
}

/** The survey's question of a kind (each survey has one csat, one nps and one text question). */
export function surveyQuestionOf(survey: SurveyKey, kind: SurveyQuestionKind): SurveyQuestion {
  return SURVEYS[survey].questions.find((q) => q.kind === kind)!;
}

/** Stored answers: question id → a scale value or text. */
export type SurveyAnswers = Record<string, number | string>;

function questionSchema(question: SurveyQuestion): z.ZodType<number | string | undefined> {
  if (question.kind === 'text') {
    const text = z
      .string()
      .trim()
      .max(question.maxLength ?? SURVEY_COMMENT_MAX, {
        error: `must be at most ${question.maxLength ?? SURVEY_COMMENT_MAX} characters`,
      });
    return question.required
      ? text.min(1, { error: 'is required' })
      : text.optional().transform((v) => (v ? v : undefined));
  }
  const { min, max } = SURVEY_SCALES[question.kind];
  const value = z
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be a whole number from ${min} to ${max}` })
    .max(max, { error: `must be a whole number from ${min} to ${max}` });
  return question.required ? value : value.optional();
}

/**
 * The one schema an answer to `survey` passes: every question by its id (a problem names it: `answers.recommend`),
 * no other key. Empty optional text is dropped.
 */
export function surveyAnswersSchema(survey: SurveyKey) {
  const shape: Record<string, z.ZodType<number | string | undefined>> = {};
  for (const question of SURVEYS[survey].questions) shape[question.id] = questionSchema(question);
  return z
    .strictObject(shape)
    .transform((answers) =>
      Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined)),
    ) as unknown as z.ZodType<SurveyAnswers>;
}

// ---- the scores

/**
 * The answer bands the scores count, as bounds on a scale question (the SQL and the drill-down use the same
 * bounds): satisfied is 4–5 on the satisfaction scale; promoters 9–10, passives 7–8, detractors 0–6 on the
 * recommend scale.
 */
export const SURVEY_BANDS = {
  satisfied: { kind: 'csat', min: 4, max: 5, label: 'Satisfied (4–5)' },
  promoter: { kind: 'nps', min: 9, max: 10, label: 'Promoters (9–10)' },
  passive: { kind: 'nps', min: 7, max: 8, label: 'Passives (7–8)' },
  detractor: { kind: 'nps', min: 0, max: 6, label: 'Detractors (0–6)' },
} as const satisfies Record<string, { kind: 'csat' | 'nps'; min: number; max: number; label: string }>;
export type SurveyBand = keyof typeof SURVEY_BANDS;
export const SURVEY_BAND_KEYS = Object.keys(SURVEY_BANDS) as SurveyBand[];

export const inBand = (band: SurveyBand, value: number): boolean =>
  value >= SURVEY_BANDS[band].min && value <= SURVEY_BANDS[band].max;

/** The counts a CSAT is computed from: answers on the satisfaction scale, and those 4 or 5. */
export type CsatCounts = { answered: number; satisfied: number };
/** The counts an NPS is computed from. */
export type NpsCounts = { promoters: number; passives: number; detractors: number };

export function csatCounts(values: readonly number[]): CsatCounts {
  return { answered: values.length, satisfied: values.filter((v) => inBand('satisfied', v)).length };
}

export function npsCounts(values: readonly number[]): NpsCounts {
  return {
    promoters: values.filter((v) => inBand('promoter', v)).length,
    passives: values.filter((v) => inBand('passive', v)).length,
    detractors: values.filter((v) => inBand('detractor', v)).length,
  };
}

/** CSAT: the share of satisfaction answers that are 4 or 5, in percent (one decimal); null with no answer. */
export function csatScore(counts: CsatCounts): number | null {
  if (counts.answered === 0) return null;
  return Math.round((counts.satisfied * 1000) / counts.answered) / 10;
}

/** NPS: % promoters − % detractors, a whole number from −100 to 100; null with no answer. */
export function npsScore(counts: NpsCounts): number | null {
  const total = counts.promoters + counts.passives + counts.detractors;
  if (total === 0) return null;
  return Math.round(((counts.promoters - counts.detractors) * 100) / total);
}

export const formatCsat = (score: number | null): string => (score === null ? '—' : `${score.toFixed(1)} %`);
export const formatNps = (score: number | null): string =>
  score === null ? '—' : score > 0 ? `+${score}` : score < 0 ? `−${Math.abs(score)}` : '0';

/** The change from the prior period as shown: points for both scores; null when either has no answer. */
export function surveyScoreChange(
  current: number | null,
  prior: number | null,
  kind: 'csat' | 'nps',
): { delta: number; text: string } | null {
  if (current === null || prior === null) return null;
  const delta = Math.round((current - prior) * 10) / 10;
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
  const size = kind === 'csat' ? Math.abs(delta).toFixed(1) : String(Math.abs(Math.round(delta)));
  return { delta, text: `${sign}${size} pts` };
}

// ---- sending

/** How long an invitation's link works (decision 049). */
export const SURVEY_TOKEN_DAYS = 14;
/** The clinician survey is sent after the clinician's this-many-th visit checked out. */
export const CLINICIAN_SURVEY_AFTER_VISITS = 5;
/** The results' trend: this many 7-day weeks, the last ending on the period's last day. */
export const SURVEY_TREND_WEEKS = 12;

export const SURVEY_MESSAGES = {
  thanks: 'Thank you. Your answers were received.',
  unknownToken: 'This survey link is not valid.',
  usedToken: 'This survey link has already been used.',
  expiredToken: 'This survey link has expired.',
  noSuchUser: 'is not an active user',
  wrongRole: {
    clinician: 'must be a clinician with a clinician record',
    organization: "must be an organization's user",
  },
  sent: 'Survey invitation sent.',
} as const;
