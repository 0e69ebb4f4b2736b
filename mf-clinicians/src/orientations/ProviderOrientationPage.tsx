import {
  clinicianOrientationSchema,
  formatDate,
  quizOutcomeText,
  quizResultSchema,
  ROLE,
  type ClinicianOrientation,
  type ClinicianOrientationList,
  type ClinicianOrientationRow,
  type QuizResult,
} from '@carelane/shared-domain';
import {
  apiClient,
  errorMessage,
  getQueryClient,
  isApiCallError,
  publishErrorToast,
  publishToast,
  useSession,
  useUrlState,
} from '@carelane/shared-session';
import { EmptyState, loadState, PageFrame, refresh } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Progress, Radio, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { orientationQueries, takePath } from './orientation-queries';
import { SectionContent } from './SectionContent';

const paramsSchema = z.object({ orientationId: z.coerce.number().int().positive().optional() });

const STATUS_TAG: Record<ClinicianOrientationRow['status'], { color: string; label: string }> = {
  NotStarted: { color: 'default', label: 'Not started' },
  InProgress: { color: 'gold', label: 'In progress' },
  Passed: { color: 'green', label: 'Passed' },
};

function OrientationList({
  list,
  open,
}: {
  list: ClinicianOrientationList;
  open: (orientationId: number) => void;
}) {
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      {list.complete ? (
        <Alert type="success" showIcon title="Every required orientation is done." />
      ) : (
        <Alert type="info" showIcon title="Finish your required orientations to complete onboarding." />
      )}
      {list.rows.length === 0 ? (
        <EmptyState title="No orientations for you yet." />
      ) : (
        <ul aria-label="Your orientations" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.rows.map((row) => {
            const tag = STATUS_TAG[row.status];
            const action =
              row.status === 'Passed' ? 'Review' : row.status === 'InProgress' ? 'Continue' : 'Start';
            return (
              <li key={row.orientationId} style={{ marginBottom: 12 }}>
                <Card size="small">
                  <Flex gap={12} wrap align="center" justify="space-between">
                    <div>
                      <Flex gap={8} wrap align="center">
                        <Typography.Text strong>{row.title}</Typography.Text>
                        <Tag color={tag.color}>{tag.label}</Tag>
                        {row.required ? <Tag color="blue">Required</Tag> : null}
                        {row.assigned && !row.required ? <Tag>Assigned</Tag> : null}
                      </Flex>
                      <Typography.Text type="secondary">
                        {[
                          `${row.sectionsViewed} of ${row.sectionCount} sections read`,
                          row.lastScore !== null
                            ? `last score ${row.lastScore}% (pass mark ${row.passMark}%)`
                            : null,
                          row.dueOn ? `due ${formatDate(row.dueOn)}` : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Typography.Text>
                    </div>
                    <Button
                      type={row.status === 'Passed' ? 'default' : 'primary'}
                      onClick={() => open(row.orientationId)}
                      aria-label={`${action} ${row.title}`}
                    >
                      {action}
                    </Button>
                  </Flex>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {list.evaluations.length ? (
        <Card title="Performance evaluations" size="small">
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {list.evaluations.map((e) => (
              <li key={e.id}>
                {e.note ?? 'Performance evaluation'}
                {e.dueOn ? `, due ${formatDate(e.dueOn)}` : ''} (assigned by {e.assignedByName})
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </Flex>
  );
}

function Quiz({ orientation, onBack }: { orientation: ClinicianOrientation; onBack: () => void }) {
  const [answers, setAnswers] = useState<Record<number, number>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<QuizResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const complete = orientation.questions.every((q) => answers[q.id] !== undefined);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const submit = async () => {
    if (!complete) {
      setFailure('Answer every question before you submit.');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const answer = await apiClient.post(
        `${takePath(orientation.providerId, orientation.orientationId)}/quiz`,
        { answers: orientation.questions.map((q) => ({ questionId: q.id, option: answers[q.id] })) },
        quizResultSchema,
      );
      setResult(answer);
      if (answer.passed) publishToast(quizOutcomeText(answer));
      refresh('orientationProgress');
    } catch (error) {
      const text = errorMessage(error, 'your answers', 'submitted');
      setFailure(text);
      publishErrorToast(text);
    } finally {
      setBusy(false);
    }
  };

  if (result)
    return (
      <div ref={resultRef} tabIndex={-1} aria-live="polite">
        <Card>
          <Typography.Title level={2} style={{ fontSize: 20 }}>
            {result.passed ? 'Passed' : 'Not passed yet'}
          </Typography.Title>
          <Progress
            percent={result.score}
            status={result.passed ? 'success' : 'exception'}
            aria-label={`Score ${result.score}%`}
          />
          <Typography.Paragraph>
            {quizOutcomeText(result)} ({result.correct} of {result.total} right)
          </Typography.Paragraph>
          <Flex gap={8} wrap>
            {result.passed ? null : (
              <Button
                type="primary"
                onClick={() => {
                  setAnswers({});
                  setResult(null);
                }}
              >
                Try the quiz again
              </Button>
            )}
            <Button onClick={onBack}>Back to my orientations</Button>
          </Flex>
        </Card>
      </div>
    );

  return (
    <Card>
      <Typography.Title level={2} style={{ fontSize: 20 }}>
        Quiz
      </Typography.Title>
      <Typography.Paragraph>
        Answer every question. You pass with {orientation.passMark}% or more.
      </Typography.Paragraph>
      <Flex vertical gap={16}>
        {orientation.questions.map((q, i) => (
          <fieldset key={q.id} style={{ border: 0, padding: 0, margin: 0 }}>
            <legend style={{ fontWeight: 600, fontSize: 15, marginBottom: 8 }}>
              {i + 1}. {q.question}
            </legend>
            <Radio.Group
              value={answers[q.id]}
              onChange={(event) => setAnswers({ ...answers, [q.id]: event.target.value as number })}
            >
              <Flex vertical gap={6}>
                {q.options.map((option, j) => (
                  <Radio key={j} value={j}>
                    {option}
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
          </fieldset>
        ))}
        {failure ? <Alert type="error" showIcon title={failure} role="alert" /> : null}
        <Flex gap={8} wrap>
          <Button type="primary" disabled={busy} aria-busy={busy} onClick={() => void submit()}>
            Submit answers
          </Button>
          <Button onClick={onBack}>Back to my orientations</Button>
        </Flex>
      </Flex>
    </Card>
  );
}

function TakeOrientation({
  providerId,
  orientationId,
  onBack,
}: {
  providerId: number;
  orientationId: number;
  onBack: () => void;
}) {
  const query = useQuery(orientationQueries.take(providerId, orientationId));
  const [current, setCurrent] = useState<number | 'quiz' | null>(null);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLDivElement>(null);
  const loaded = loadState(query, 'the orientation', { keepStale: true });
  const o = loaded.data;
  // Resume where they left off: the first section not read yet, else the quiz (or the first section once passed).
  // The resume point is fixed when the orientation first loads, so passing the quiz (which refetches it) does not
  // move the clinician off their result.
  const firstUnread = o ? o.sections.findIndex((s) => !s.viewed) : -1;
  const resumeFromData: number | 'quiz' =
    o && firstUnread === -1 && o.status !== 'Passed' ? 'quiz' : Math.max(firstUnread, 0);
  const [resumeAt, setResumeAt] = useState<number | 'quiz' | null>(null);
  useEffect(() => {
    if (o && resumeAt === null) setResumeAt(resumeFromData);
  }, [o, resumeAt, resumeFromData]);
  const position = current ?? resumeAt ?? resumeFromData;

  useEffect(() => {
    if (current !== null) headingRef.current?.focus();
  }, [current]);

  if (!o) return loaded.fallback!;
  const allRead = o.sections.every((s) => s.viewed);

  const readAndNext = async (index: number) => {
    const section = o.sections[index]!;
    setBusy(true);
    try {
      if (!section.viewed) {
        const updated = await apiClient.post(
          `${takePath(providerId, orientationId)}/sections/${section.id}/viewed`,
          {},
          clinicianOrientationSchema,
        );
        getQueryClient().setQueryData(orientationQueries.take(providerId, orientationId).queryKey, updated);
        refresh('orientationProgress');
      }
      setCurrent(index + 1 < o.sections.length ? index + 1 : 'quiz');
    } catch (error) {
      publishErrorToast(errorMessage(error, 'your progress', 'saved'));
    } finally {
      setBusy(false);
    }
  };

  const section = position === 'quiz' ? null : o.sections[position];
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <nav aria-label="Sections">
        <Flex gap={6} wrap>
          {o.sections.map((s, i) => (
            <Button
              key={s.id}
              size="small"
              type={position === i ? 'primary' : 'default'}
              aria-current={position === i ? 'step' : undefined}
              onClick={() => setCurrent(i)}
            >
              {i + 1}. {s.title}
              {s.viewed ? ' ✓' : ''}
            </Button>
          ))}
          <Button
            size="small"
            type={position === 'quiz' ? 'primary' : 'default'}
            aria-current={position === 'quiz' ? 'step' : undefined}
            disabled={!allRead}
            onClick={() => setCurrent('quiz')}
          >
            Quiz
          </Button>
        </Flex>
      </nav>
      {o.status === 'Passed' ? (
        <Alert type="success" showIcon title={`You passed this orientation with ${o.lastScore ?? 0}%.`} />
      ) : null}
      <div ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        {section ? (
          <Card>
            <Typography.Text type="secondary">
              Section {(position as number) + 1} of {o.sections.length}
            </Typography.Text>
            <SectionContent section={section} />
            <Flex gap={8} wrap>
              {/* Disabled while busy, not antd's `loading`: its icon can stay behind after a quick answer. */}
              <Button
                type="primary"
                disabled={busy}
                aria-busy={busy}
                onClick={() => void readAndNext(position as number)}
              >
                {(position as number) + 1 < o.sections.length ? 'Next section' : 'Go to the quiz'}
              </Button>
              <Button onClick={onBack}>Back to my orientations</Button>
            </Flex>
          </Card>
        ) : (
          <Quiz orientation={o} onBack={onBack} />
        )}
      </div>
    </Flex>
  );
}

/** `/providerOrientation`: the clinician walks their orientations (sections, then the quiz); resumable. */
export default function ProviderOrientationPage() {
  const [{ orientationId }, setParams] = useUrlState(paramsSchema);
  // Only a clinician has orientations of their own: for anyone else the call would only answer 404.
  const clinician = useSession()?.user.roleId === ROLE.CLINICIAN;
  const mine = useQuery({ ...orientationQueries.mine(), retry: false, enabled: clinician });
  const noRecord = isApiCallError(mine.error) && mine.error.status === 404;
  if (!clinician || noRecord)
    return (
      <PageFrame title="My orientation">
        <EmptyState
          title="Your account has no clinician record."
          description="Orientations are taken here by clinicians; staff manage them on the Orientations page."
        />
      </PageFrame>
    );
  const loaded = loadState(mine, 'your orientations', { keepStale: true });
  if (!loaded.data) return <PageFrame title="My orientation">{loaded.fallback}</PageFrame>;
  const list = loaded.data;
  const row = list.rows.find((r) => r.orientationId === orientationId);
  if (orientationId !== undefined && row)
    return (
      <PageFrame title={row.title} subtitle={row.description || undefined}>
        <TakeOrientation
          key={orientationId}
          providerId={list.providerId}
          orientationId={orientationId}
          onBack={() => setParams({ orientationId: null })}
        />
      </PageFrame>
    );
  return (
    <PageFrame title="My orientation" subtitle={list.providerName}>
      <OrientationList list={list} open={(id) => setParams({ orientationId: id })} />
    </PageFrame>
  );
}
