// The public facility pages (no sign-in): the assignments of the emailed link, and one answer — accept, ask
// for a change, or reject with a reason. The link works once.
import {
  FACILITY_MESSAGES,
  formatDate,
  visitStatusLabel,
  isVisitStatus,
  type FacilityAssignment,
} from '@carelane/shared-domain';
import { errorMessage, useUrlState } from '@carelane/shared-session';
import { EmptyState, ErrorState, PageFrame } from '@carelane/shared-ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, DatePicker, Flex, Input, Result, Spin, TimePicker, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { failureText } from '../visits/failure-text';
import { facilityQueries, sendFacilityAnswer, type FacilityAnswer } from './facility-queries';

const tokenSchema = z.object({ token: z.string().optional() });
export type FacilityMode = 'accept' | 'change' | 'reject';

const TITLES: Record<FacilityMode, string> = {
  accept: 'Confirm assignments',
  change: 'Request a change',
  reject: 'Decline assignments',
};

/** SPEC §8 failure texts: a shift's confirmation has its own. */
function failureOf(mode: FacilityMode, chosen: FacilityAssignment[]): string {
  if (mode !== 'accept') return FACILITY_MESSAGES.updateFailed;
  return chosen.some((a) => a.episodeType.toLowerCase() === 'shift')
    ? FACILITY_MESSAGES.shiftAcceptFailed
    : FACILITY_MESSAGES.acceptFailed;
}

const statusLabel = (a: FacilityAssignment) =>
  isVisitStatus(a.status)
    ? visitStatusLabel({
        status: a.status,
        episodeType: a.episodeType,
        shiftConfirmedByFacility: a.shiftConfirmedByFacility,
      })
    : a.status;

export function FacilityResponse({ mode }: { mode: FacilityMode }) {
  const [{ token }] = useUrlState(tokenSchema);
  const query = useQuery({ ...facilityQueries.assignments(token ?? ''), enabled: !!token });
  const [unchecked, setUnchecked] = useState<Set<number>>(new Set());
  const [date, setDate] = useState<Dayjs | null>(null);
  const [time, setTime] = useState<Dayjs | null>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const answer = useMutation({
    mutationFn: (input: FacilityAnswer) => sendFacilityAnswer(input),
    onError: (error, input) =>
      setProblem(
        failureText(
          failureOf(
            mode,
            assignments.filter((a) => input.visitIds.includes(a.visitId)),
          ),
          error,
        ),
      ),
  });
  const assignments = query.data?.assignments ?? [];
  const chosen = assignments.filter((a) => !unchecked.has(a.visitId));

  if (!token)
    return (
      <PageFrame title={TITLES[mode]}>
        <ErrorState title="Link incomplete" message={FACILITY_MESSAGES.unknownToken} />
      </PageFrame>
    );
  if (answer.isSuccess)
    return (
      <PageFrame title={TITLES[mode]}>
        <Result status="success" title={answer.data.message} />
      </PageFrame>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const visitIds = chosen.map((a) => a.visitId);
    if (!visitIds.length) return setProblem('Select at least one assignment.');
    if (mode === 'accept') return answer.mutate({ kind: 'accept', token, visitIds });
    if (mode === 'reject') {
      if (!text.trim()) return setProblem('Please give a reason.');
      return answer.mutate({ kind: 'reject', token, visitIds, reason: text.trim() });
    }
    if (!date && !time && !text.trim()) return setProblem('Give a new date, a new time or a note.');
    return answer.mutate({
      kind: 'change',
      token,
      visitIds,
      dateOfService: date?.format('YYYY-MM-DD'),
      startTime: time?.format('HH:mm'),
      note: text.trim() || undefined,
    });
  };

  return (
    <PageFrame title={TITLES[mode]}>
      {query.isError ? (
        <ErrorState
          title="This link cannot be used"
          message={errorMessage(query.error, 'the assignments', 'loaded')}
        />
      ) : query.isLoading ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin aria-label="Loading assignments" />
        </Flex>
      ) : !assignments.length ? (
        <EmptyState title="No assignments" description="This link names no assignment any more." />
      ) : (
        <form onSubmit={submit} aria-label={TITLES[mode]}>
          <Flex vertical gap={16} style={{ maxWidth: 720 }}>
            <Typography.Paragraph>
              {query.data?.organizationName}: the link works once and expires on{' '}
              {formatDate(query.data?.expiresAt ?? null)}.
            </Typography.Paragraph>
            <Flex vertical gap={8} role="group" aria-label="Assignments">
              {assignments.map((a) => (
                <Checkbox
                  key={a.visitId}
                  checked={!unchecked.has(a.visitId)}
                  onChange={(event) =>
                    setUnchecked((current) => {
                      const next = new Set(current);
                      if (event.target.checked) next.delete(a.visitId);
                      else next.add(a.visitId);
                      return next;
                    })
                  }
                >
                  {formatDate(`${a.dateOfService}T00:00:00`)} {dayjs(a.startAt).format('h:mm A')}–
                  {dayjs(a.endAt).format('h:mm A')} · {a.visitType} ({a.providerType}) ·{' '}
                  {a.clinicianName ?? 'Unassigned'} · {statusLabel(a)}
                </Checkbox>
              ))}
            </Flex>
            {mode === 'change' ? (
              <Flex gap={8} wrap>
                <DatePicker aria-label="New date" format="M/D/YYYY" value={date} onChange={setDate} />
                <TimePicker
                  aria-label="New start time"
                  format="HH:mm"
                  minuteStep={5}
                  value={time}
                  onChange={setTime}
                />
              </Flex>
            ) : null}
            {mode !== 'accept' ? (
              <Flex vertical gap={4}>
                <label htmlFor="facility-text">{mode === 'reject' ? 'Reason' : 'Note'}</label>
                <Input.TextArea
                  id="facility-text"
                  rows={3}
                  maxLength={mode === 'reject' ? 1000 : 2000}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                />
              </Flex>
            ) : null}
            {problem ? <Alert type="error" showIcon title={problem} role="alert" /> : null}
            <Flex>
              <Button type="primary" htmlType="submit" loading={answer.isPending} danger={mode === 'reject'}>
                {mode === 'accept'
                  ? 'Accept selected'
                  : mode === 'change'
                    ? 'Send change request'
                    : 'Decline selected'}
              </Button>
            </Flex>
          </Flex>
        </form>
      )}
    </PageFrame>
  );
}
