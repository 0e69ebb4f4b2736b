// Orientations (issue 11, decision 023): an orientation's ordered sections (text, video link) and its short quiz
// with a pass mark; its assignment (or a performance evaluation's) to a clinician; the clinician's progress.
// The correct answers stay on the server: the clinician's view of a quiz has no `correctOption`.
import { z } from 'zod';
import { ROLE } from '../../roles';
import {
  boundedDateSchema,
  idSchema,
  idValueSchema,
  isoDateTimeSchema,
  pagingQuerySchema,
  pagingSchema,
  versionSchema,
} from '../common';

/** Who writes orientations (decision 023): administrators and clinician managers; other staff read them. */
export const ORIENTATION_EDITOR_ROLE_IDS: readonly number[] = [ROLE.ADMINISTRATOR, ROLE.CLINICIAN_MANAGER];
export const canEditOrientations = (roleId: number): boolean => ORIENTATION_EDITOR_ROLE_IDS.includes(roleId);

export const ORIENTATION_SAVED = 'Orientation saved.';
export const ORIENTATION_ASSIGNED = 'Assigned.';
export const ORIENTATION_MESSAGES = {
  duplicateIndex: 'is the index of another one; each needs its own',
  correctOutOfRange: 'must be the number of one of the options',
  videoUrl: 'must be a web address starting with http:// or https://',
  orientationRequired: 'is required to assign an orientation',
  noOrientationForEvaluation: 'must be empty for a performance evaluation',
  unknownOrientation: 'is not an active orientation',
  unknownSection: 'is not a section of this orientation',
  answerEveryQuestion: 'must answer every question of the quiz once',
  sectionsFirst: 'Read every section before taking the quiz.',
  notForThem: 'This orientation is neither required for this clinician nor assigned to them.',
  noClinicianRecord: 'Your account has no clinician record.',
} as const;

/** The quiz's score: the share of questions answered right, in whole percent; passed at or above the mark. */
export function scoreQuiz(
  correctOptions: readonly number[],
  answers: readonly (number | null | undefined)[],
  passMark: number,
): { correct: number; total: number; score: number; passed: boolean } {
  const total = correctOptions.length;
  const correct = correctOptions.filter((right, i) => answers[i] === right).length;
  const score = total === 0 ? 0 : Math.round((correct * 100) / total);
  return { correct, total, score, passed: score >= passMark };
}

const webAddressSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/\S+$/i, { error: ORIENTATION_MESSAGES.videoUrl });

const indexSchema = z.number().int().min(0).max(999);

export const orientationSectionInputSchema = z.object({
  /** A section kept from the version read (so what clinicians viewed stays viewed); none for a new one. */
  id: idValueSchema.optional(),
  index: indexSchema,
  title: z.string().trim().min(1, { error: 'is required' }).max(200),
  text: z.string().max(20_000).default(''),
  videoUrl: webAddressSchema.nullable().default(null),
});

export const orientationQuestionInputSchema = z
  .object({
    id: idValueSchema.optional(),
    index: indexSchema,
    question: z.string().trim().min(1, { error: 'is required' }).max(500),
    options: z
      .array(z.string().trim().min(1, { error: 'is required' }).max(200))
      .min(2, { error: 'needs at least two options' })
      .max(6),
    correctOption: z.number().int().min(0),
  })
  .superRefine((q, ctx) => {
    if (q.correctOption >= q.options.length)
      ctx.addIssue({
        code: 'custom',
        path: ['correctOption'],
        message: ORIENTATION_MESSAGES.correctOutOfRange,
      });
  });

const orientationFields = {
  title: z.string().trim().min(1, { error: 'is required' }).max(200),
  description: z.string().trim().max(2000).default(''),
  /** The provider types it applies to (required ones are required of these types). */
  providerTypeIds: z.array(idValueSchema).min(1, { error: 'needs at least one provider type' }).max(50),
  required: z.boolean(),
  /** Percent of questions to answer right. */
  passMark: z.number().int().min(1).max(100),
  active: z.boolean().default(true),
  sections: z.array(orientationSectionInputSchema).min(1, { error: 'needs at least one section' }).max(50),
  questions: z.array(orientationQuestionInputSchema).min(1, { error: 'needs at least one question' }).max(30),
};

function distinctIndexes(
  value: { sections: { index: number }[]; questions: { index: number }[] },
  ctx: z.RefinementCtx,
): void {
  for (const key of ['sections', 'questions'] as const) {
    const seen = new Set<number>();
    value[key].forEach((item, i) => {
      if (seen.has(item.index))
        ctx.addIssue({
          code: 'custom',
          path: [key, i, 'index'],
          message: ORIENTATION_MESSAGES.duplicateIndex,
        });
      seen.add(item.index);
    });
  }
}

export const orientationInputSchema = z.object(orientationFields).superRefine(distinctIndexes);
export type OrientationInput = z.infer<typeof orientationInputSchema>;
export const orientationUpdateSchema = z
  .object({ ...orientationFields, version: versionSchema })
  .superRefine(distinctIndexes);
export type OrientationUpdate = z.infer<typeof orientationUpdateSchema>;

export const orientationSectionSchema = z.object({
  id: z.number().int(),
  index: z.number().int(),
  title: z.string(),
  text: z.string(),
  videoUrl: z.string().nullable(),
});
export type OrientationSection = z.infer<typeof orientationSectionSchema>;

/** A quiz question as the clinician sees it: no correct answer. */
export const orientationQuestionSchema = z.object({
  id: z.number().int(),
  index: z.number().int(),
  question: z.string(),
  options: z.array(z.string()),
});
export type OrientationQuestion = z.infer<typeof orientationQuestionSchema>;
/** A quiz question as its editors see it. */
export const orientationQuestionWithAnswerSchema = orientationQuestionSchema.extend({
  correctOption: z.number().int(),
});

/** An orientation as its editors see it: sections and questions ordered by `index`. */
export const orientationSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    providerTypeIds: z.array(z.number().int()),
    required: z.boolean(),
    passMark: z.number().int(),
    active: z.boolean(),
    sections: z.array(orientationSectionSchema),
    questions: z.array(orientationQuestionWithAnswerSchema),
    updatedAt: isoDateTimeSchema,
    version: z.number().int(),
  })
  .meta({ id: 'Orientation' });
export type Orientation = z.infer<typeof orientationSchema>;

export const orientationListQuerySchema = pagingQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'ALL']).default('ACTIVE'),
  providerTypeId: idSchema.optional(),
});
export type OrientationListQuery = z.infer<typeof orientationListQuerySchema>;

export const orientationSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  providerTypeIds: z.array(z.number().int()),
  required: z.boolean(),
  passMark: z.number().int(),
  active: z.boolean(),
  sectionCount: z.number().int(),
  questionCount: z.number().int(),
  passedCount: z.number().int(),
  updatedAt: isoDateTimeSchema,
});
export type OrientationSummary = z.infer<typeof orientationSummarySchema>;
export const orientationListSchema = z.object({
  rows: z.array(orientationSummarySchema),
  paging: pagingSchema,
});
export type OrientationList = z.infer<typeof orientationListSchema>;

export const ASSIGNMENT_KINDS = ['Orientation', 'PerformanceEvaluation'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];

export const assignmentInputSchema = z
  .object({
    kind: z.enum(ASSIGNMENT_KINDS),
    orientationId: idValueSchema.nullable().default(null),
    dueOn: boundedDateSchema.nullable().default(null),
    note: z.string().trim().max(500).nullable().default(null),
  })
  .superRefine((a, ctx) => {
    if (a.kind === 'Orientation' && a.orientationId === null)
      ctx.addIssue({
        code: 'custom',
        path: ['orientationId'],
        message: ORIENTATION_MESSAGES.orientationRequired,
      });
    if (a.kind === 'PerformanceEvaluation' && a.orientationId !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['orientationId'],
        message: ORIENTATION_MESSAGES.noOrientationForEvaluation,
      });
  });
export type AssignmentInput = z.infer<typeof assignmentInputSchema>;

export const assignmentSchema = z.object({
  id: z.number().int(),
  providerId: z.number().int(),
  kind: z.enum(ASSIGNMENT_KINDS),
  orientationId: z.number().int().nullable(),
  orientationTitle: z.string().nullable(),
  note: z.string().nullable(),
  dueOn: z.string().nullable(),
  assignedByName: z.string(),
  assignedAt: isoDateTimeSchema,
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const ORIENTATION_PROGRESS_STATUSES = ['NotStarted', 'InProgress', 'Passed'] as const;
export type OrientationProgressStatus = (typeof ORIENTATION_PROGRESS_STATUSES)[number];

/** One orientation of a clinician: why it is theirs (required of their type, assigned) and how far they are. */
export const clinicianOrientationRowSchema = z.object({
  orientationId: z.number().int(),
  title: z.string(),
  description: z.string(),
  required: z.boolean(),
  assigned: z.boolean(),
  dueOn: z.string().nullable(),
  passMark: z.number().int(),
  sectionCount: z.number().int(),
  sectionsViewed: z.number().int(),
  attempts: z.number().int(),
  lastScore: z.number().int().nullable(),
  passedAt: isoDateTimeSchema.nullable(),
  status: z.enum(ORIENTATION_PROGRESS_STATUSES),
});
export type ClinicianOrientationRow = z.infer<typeof clinicianOrientationRowSchema>;

export const clinicianOrientationListSchema = z.object({
  providerId: z.number().int(),
  providerName: z.string(),
  rows: z.array(clinicianOrientationRowSchema),
  /** Performance evaluations assigned to the clinician. */
  evaluations: z.array(assignmentSchema),
  /** Every required orientation passed: what onboarding's Done step asks. */
  complete: z.boolean(),
});
export type ClinicianOrientationList = z.infer<typeof clinicianOrientationListSchema>;

/** An orientation as the clinician takes it: sections with whether viewed, the quiz without its answers. */
export const clinicianOrientationSchema = z.object({
  providerId: z.number().int(),
  orientationId: z.number().int(),
  title: z.string(),
  description: z.string(),
  passMark: z.number().int(),
  sections: z.array(orientationSectionSchema.extend({ viewed: z.boolean() })),
  questions: z.array(orientationQuestionSchema),
  attempts: z.number().int(),
  lastScore: z.number().int().nullable(),
  passedAt: isoDateTimeSchema.nullable(),
  status: z.enum(ORIENTATION_PROGRESS_STATUSES),
});
export type ClinicianOrientation = z.infer<typeof clinicianOrientationSchema>;

export const clinicianOrientationParamsSchema = z.object({ id: idSchema, orientationId: idSchema });
export const orientationSectionParamsSchema = clinicianOrientationParamsSchema.extend({
  sectionId: idSchema,
});

export const quizSubmissionSchema = z.object({
  answers: z
    .array(z.object({ questionId: idValueSchema, option: z.number().int().min(0).max(5) }))
    .min(1, { error: ORIENTATION_MESSAGES.answerEveryQuestion })
    .max(30),
});
export type QuizSubmission = z.infer<typeof quizSubmissionSchema>;

export const quizResultSchema = z.object({
  score: z.number().int(),
  correct: z.number().int(),
  total: z.number().int(),
  passMark: z.number().int(),
  passed: z.boolean(),
  attempts: z.number().int(),
  passedAt: isoDateTimeSchema.nullable(),
});
export type QuizResult = z.infer<typeof quizResultSchema>;

/** SPEC §8's pattern for the quiz outcome the clinician sees. */
export const quizOutcomeText = (result: { passed: boolean; score: number; passMark: number }): string =>
  result.passed
    ? `Passed with ${result.score}%.`
    : `Not passed: ${result.score}%. You need ${result.passMark}% to pass; read the sections again and retry.`;
