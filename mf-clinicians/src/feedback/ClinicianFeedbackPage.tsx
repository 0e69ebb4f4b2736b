// Public /clinicianFeedBack?token=… (issue 11, decision 025): a patient or supervisor rates a visit from the
// emailed link — the page shows only the visit's date and the clinician's first name, takes 1–5 stars and a
// comment, and works once. A failure reads 'Failed to provide ratings. ' + the server's text (SPEC §8).
import {
  clinicianFeedbackDetailsSchema,
  clinicianFeedbackResultSchema,
  FEEDBACK_MESSAGES,
  formatDate,
  type ClinicianFeedbackInput,
} from '@carelane/shared-domain';
import { apiClient, isApiCallError, useUrlState } from '@carelane/shared-session';
import { ErrorState, PageFrame } from '@carelane/shared-ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Rate, Result, Spin, Typography } from 'antd';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';

const tokenSchema = z.object({ token: z.string().optional() });
const TITLE = 'Rate your visit';
const STARS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** 'Failed to provide ratings. ' + what the server said (its field message without the field name). */
export function feedbackFailure(error: unknown): string {
  if (!isApiCallError(error)) return FEEDBACK_MESSAGES.failed.trim();
  const detail = error.fieldErrors.length
    ? error.fieldErrors.map((item) => item.message).join(', ')
    : error.text;
  return `${FEEDBACK_MESSAGES.failed}${detail}`.trim();
}

export default function ClinicianFeedbackPage() {
  const [{ token }] = useUrlState(tokenSchema);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const details = useQuery({
    queryKey: ['clinicianFeedback', token],
    queryFn: ({ signal }) =>
      apiClient.get('/api/public/clinicianFeedback', clinicianFeedbackDetailsSchema, {
        searchParams: { token: token ?? '' },
        signal,
        quietUnauthorized: true,
      }),
    enabled: !!token,
    retry: false,
  });
  const send = useMutation({
    mutationFn: (input: ClinicianFeedbackInput) =>
      apiClient.post('/api/public/clinicianFeedback', input, clinicianFeedbackResultSchema, {
        quietUnauthorized: true,
      }),
  });

  if (!token)
    return (
      <PageFrame title={TITLE}>
        <ErrorState
          title="Link incomplete"
          message={`${FEEDBACK_MESSAGES.failed}${FEEDBACK_MESSAGES.unknownToken}`}
        />
      </PageFrame>
    );
  if (send.isSuccess)
    return (
      <PageFrame title={TITLE}>
        <Result status="success" title={send.data.message} />
      </PageFrame>
    );
  if (details.isPending)
    return (
      <PageFrame title={TITLE}>
        <Spin aria-label="Loading" />
      </PageFrame>
    );
  if (details.isError)
    return (
      <PageFrame title={TITLE}>
        <Alert type="error" showIcon role="alert" title={feedbackFailure(details.error)} />
      </PageFrame>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setMissing(true);
      return;
    }
    send.mutate({ token, rating, ...(comment.trim() ? { comment: comment.trim() } : {}) });
  };
  return (
    <PageFrame title={TITLE}>
      <form onSubmit={submit} style={{ maxWidth: 480 }} noValidate>
        <Flex vertical gap={16}>
          <Typography.Paragraph style={{ margin: 0 }}>
            {`How was the visit of ${formatDate(details.data.dateOfService)} with ${details.data.clinicianFirstName}?`}
          </Typography.Paragraph>
          <div>
            <Typography.Text id="stars-label" strong>
              Your rating
            </Typography.Text>
            <div>
              <Rate
                aria-labelledby="stars-label"
                value={rating}
                tooltips={STARS}
                onChange={(value) => {
                  setRating(value);
                  setMissing(false);
                }}
                style={{ fontSize: 32 }}
              />
            </div>
            {missing ? (
              <Typography.Text type="danger" role="alert">
                Choose 1 to 5 stars.
              </Typography.Text>
            ) : null}
          </div>
          <label>
            <Typography.Text strong>Comment (optional)</Typography.Text>
            <Input.TextArea
              value={comment}
              maxLength={2000}
              rows={4}
              onChange={(event) => setComment(event.target.value)}
            />
          </label>
          {send.isError ? (
            <Alert type="error" showIcon role="alert" title={feedbackFailure(send.error)} />
          ) : null}
          <Button type="primary" htmlType="submit" size="large" loading={send.isPending}>
            Send rating
          </Button>
        </Flex>
      </form>
    </PageFrame>
  );
}
