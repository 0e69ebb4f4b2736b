// Public /survey/clinician?token=… and /survey/organization?token=… (issue 26, decision 049): the emailed link's
// survey, answered on a phone without signing in. The page shows only what the link grants (the questions and the
// respondent's first name); each scale is a labelled group of radio buttons (arrow keys move within it, every
// target at least 44 px), the comment counts its characters; a used, expired or unknown link says so.
import {
  SURVEY_MESSAGES,
  SURVEY_SCALES,
  type PublicSurvey,
  type SurveyQuestion,
} from '@carelane/shared-domain';
import { isApiCallError, useUrlState } from '@carelane/shared-session';
import { ErrorState, PageFrame } from '@carelane/shared-ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Radio, Result, Spin, Typography } from 'antd';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { surveyCalls, surveyQueries } from './survey-queries';

const tokenSchema = z.object({ token: z.string().optional() });
const TITLE = 'Survey';
const TARGET = 44;

/** What a failed call means for the person holding the link. */
function linkProblem(error: unknown): { title: string; message: string } {
  if (isApiCallError(error) && error.status === 404)
    return { title: 'Link not valid', message: SURVEY_MESSAGES.unknownToken };
  if (isApiCallError(error) && error.status === 410)
    return {
      title: error.text === SURVEY_MESSAGES.expiredToken ? 'Link expired' : 'Already answered',
      message: error.text,
    };
  return {
    title: 'Something went wrong',
    message: `Sorry, the survey could not be loaded. ${isApiCallError(error) ? error.text : ''}`.trim(),
  };
}

function scaleOptions(question: SurveyQuestion) {
  if (question.kind === 'csat')
    return SURVEY_SCALES.csat.labels.map((label, i) => ({ value: i + 1, label: `${i + 1} – ${label}` }));
  const { min, max } = SURVEY_SCALES.nps;
  return Array.from({ length: max - min + 1 }, (_, i) => ({ value: min + i, label: String(min + i) }));
}

function ScaleQuestion({
  question,
  value,
  error,
  onChange,
}: {
  question: SurveyQuestion;
  value: number | undefined;
  error: string | undefined;
  onChange: (value: number) => void;
}) {
  const legendId = `survey-${question.id}`;
  const errorId = `${legendId}-error`;
  const vertical = question.kind === 'csat';
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <legend id={legendId} style={{ fontWeight: 600, marginBottom: 8, fontSize: 16 }}>
        {question.label}
        {question.required ? '' : ' (optional)'}
      </legend>
      {question.kind === 'nps' ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
          {`0 = ${SURVEY_SCALES.nps.lowLabel}, 10 = ${SURVEY_SCALES.nps.highLabel}`}
        </Typography.Text>
      ) : null}
      <Radio.Group
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-labelledby={legendId}
        aria-describedby={error ? errorId : undefined}
        aria-required={question.required}
        style={{ display: 'flex', flexDirection: vertical ? 'column' : 'row', flexWrap: 'wrap', gap: 8 }}
      >
        {scaleOptions(question).map((option) =>
          vertical ? (
            <Radio
              key={option.value}
              value={option.value}
              style={{ minHeight: TARGET, alignItems: 'center', fontSize: 16, margin: 0 }}
            >
              {option.label}
            </Radio>
          ) : (
            <Radio.Button
              key={option.value}
              value={option.value}
              style={{
                minWidth: TARGET,
                height: TARGET,
                lineHeight: `${TARGET - 2}px`,
                textAlign: 'center',
                borderRadius: 6,
                borderInlineStartWidth: 1,
              }}
            >
              {option.label}
            </Radio.Button>
          ),
        )}
      </Radio.Group>
      {error ? (
        <Typography.Text type="danger" id={errorId} style={{ display: 'block', marginTop: 4 }}>
          {error}
        </Typography.Text>
      ) : null}
    </fieldset>
  );
}

function SurveyForm({ token, survey }: { token: string; survey: PublicSurvey }) {
  const [answers, setAnswers] = useState<Record<string, number | string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({ mutationFn: () => surveyCalls.answer(token, answers) });

  if (send.isSuccess)
    return (
      <div role="status">
        <Result status="success" title={send.data.message} subTitle="You can close this page." />
      </div>
    );
  if (send.isError && isApiCallError(send.error) && [404, 410].includes(send.error.status)) {
    const problem = linkProblem(send.error);
    return <ErrorState title={problem.title} message={problem.message} />;
  }
  const serverErrors = Object.fromEntries(
    send.isError && isApiCallError(send.error)
      ? send.error.fieldErrors.map((e) => [e.field.replace(/^answers\./, ''), e.message])
      : [],
  );
  const shownErrors = { ...serverErrors, ...errors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = Object.fromEntries(
      survey.questions
        .filter((q) => q.required && (answers[q.id] === undefined || answers[q.id] === ''))
        .map((q) => [q.id, 'Choose an answer.']),
    );
    setErrors(missing);
    if (Object.keys(missing).length) {
      document.getElementById(`survey-${Object.keys(missing)[0]}`)?.scrollIntoView?.({ block: 'center' });
      return;
    }
    send.mutate();
  };
  const set = (id: string, value: number | string) => {
    setAnswers((previous) => ({ ...previous, [id]: value }));
    setErrors((previous) => {
      const next = { ...previous };
      delete next[id];
      return next;
    });
  };

  return (
    <form onSubmit={submit} noValidate style={{ maxWidth: 560 }}>
      <Flex vertical gap={24}>
        <Typography.Paragraph style={{ margin: 0, fontSize: 16 }}>
          {`Hello ${survey.firstName}, thank you for taking a minute to tell us how we are doing.`}
        </Typography.Paragraph>
        {survey.questions.map((question) =>
          question.kind === 'text' ? (
            <div key={question.id}>
              <label htmlFor={`survey-${question.id}`} style={{ fontWeight: 600, fontSize: 16 }}>
                {question.label}
                {question.required ? '' : ' (optional)'}
              </label>
              <Input.TextArea
                id={`survey-${question.id}`}
                value={(answers[question.id] as string | undefined) ?? ''}
                maxLength={question.maxLength}
                showCount
                rows={4}
                style={{ marginTop: 8, fontSize: 16 }}
                onChange={(event) => set(question.id, event.target.value)}
              />
              {shownErrors[question.id] ? (
                <Typography.Text type="danger">{shownErrors[question.id]}</Typography.Text>
              ) : null}
            </div>
          ) : (
            <ScaleQuestion
              key={question.id}
              question={question}
              value={answers[question.id] as number | undefined}
              error={shownErrors[question.id]}
              onChange={(value) => set(question.id, value)}
            />
          ),
        )}
        {send.isError && !Object.keys(serverErrors).length ? (
          <Alert type="error" showIcon role="alert" title={linkProblem(send.error).message} />
        ) : null}
        {Object.keys(shownErrors).length ? (
          <Alert type="error" showIcon role="alert" title="Please answer the questions marked above." />
        ) : null}
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={send.isPending}
          style={{ height: 48 }}
        >
          Send answers
        </Button>
      </Flex>
    </form>
  );
}

export default function PublicSurveyPage() {
  const [{ token }] = useUrlState(tokenSchema);
  const survey = useQuery({ ...surveyQueries.publicSurvey(token ?? ''), enabled: !!token });

  if (!token)
    return (
      <PageFrame title={TITLE}>
        <ErrorState title="Link not valid" message={SURVEY_MESSAGES.unknownToken} />
      </PageFrame>
    );
  if (survey.isPending)
    return (
      <PageFrame title={TITLE}>
        <Spin aria-label="Loading the survey" />
      </PageFrame>
    );
  if (survey.isError) {
    const problem = linkProblem(survey.error);
    return (
      <PageFrame title={TITLE}>
        <ErrorState title={problem.title} message={problem.message} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={survey.data.title}>
      <SurveyForm token={token} survey={survey.data} />
    </PageFrame>
  );
}
