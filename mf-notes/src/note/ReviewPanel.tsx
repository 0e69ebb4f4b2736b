// The review loop on the note page (issue 12 "Review loop"): the visit comments (paged 5, SPEC §9) shown to the
// reviewer and the clinician, the reviewer's comment on one field, and the reject reason that goes to the
// clinician.
import {
  NOTE_COMMENTS_PAGE_SIZE,
  NOTE_TEXTS,
  fieldsOf,
  formatDateTime,
  type NoteDefinition,
} from '@carelane/shared-domain';
import { errorMessage, publishErrorToast, publishToast } from '@carelane/shared-session';
import { useBusy } from '@carelane/shared-ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Form, Input, List, Modal, Pagination, Typography } from 'antd';
import { useId, useState } from 'react';
import { noteCalls, noteQueries } from './note-queries';

export function NoteComments({ visitId, definition }: { visitId: number; definition: NoteDefinition }) {
  const [pageNumber, setPageNumber] = useState(1);
  const query = useQuery(noteQueries.comments(visitId, pageNumber));
  const labels = new Map(fieldsOf(definition).map((field) => [field.id, field.label]));
  const total = query.data?.paging.totalCount ?? 0;
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>Comments</h2>}>
      {query.isError ? (
        <Alert type="error" showIcon title={errorMessage(query.error, 'the comments', 'loaded')} />
      ) : !query.data ? (
        <Typography.Text type="secondary">Loading comments…</Typography.Text>
      ) : total === 0 ? (
        <Typography.Text type="secondary">No comments yet.</Typography.Text>
      ) : (
        <>
          <List
            aria-label="Comments on this note"
            dataSource={query.data.rows}
            renderItem={(comment) => (
              <List.Item key={comment.id}>
                <div>
                  <Typography.Text strong>
                    {comment.fieldId
                      ? `On “${labels.get(comment.fieldId) ?? comment.fieldId}”`
                      : 'On the note'}
                  </Typography.Text>
                  <div style={{ whiteSpace: 'pre-wrap' }}>{comment.text}</div>
                  <Typography.Text type="secondary">
                    {comment.authorName}, {formatDateTime(comment.createdAt)}
                  </Typography.Text>
                </div>
              </List.Item>
            )}
          />
          {total > NOTE_COMMENTS_PAGE_SIZE ? (
            <Pagination
              size="small"
              current={pageNumber}
              pageSize={NOTE_COMMENTS_PAGE_SIZE}
              total={total}
              onChange={setPageNumber}
              showSizeChanger={false}
              aria-label="Comment pages"
            />
          ) : null}
        </>
      )}
    </Card>
  );
}

/** The comments on one field, under it: author, time and text, newest first. */
export function FieldComments({
  label,
  comments,
}: {
  label: string;
  comments: readonly { id: number; text: string; authorName: string; createdAt: string }[];
}) {
  return (
    <ul
      aria-label={`Comments on ${label}`}
      style={{
        listStyle: 'none',
        margin: 0,
        padding: '4px 8px',
        borderLeft: '3px solid #faad14',
        background: '#fffbe6',
      }}
    >
      {comments.map((comment) => (
        <li key={comment.id} style={{ fontSize: 13 }}>
          <Typography.Text type="secondary">
            {`${comment.authorName}, ${formatDateTime(comment.createdAt)}: `}
          </Typography.Text>
          <span style={{ whiteSpace: 'pre-wrap' }}>{comment.text}</span>
        </li>
      ))}
    </ul>
  );
}

/** The reviewer's comment on one field (or the whole note when field is null). */
export function CommentModal({
  visitId,
  field,
  onClose,
}: {
  visitId: number;
  field: { id: string | null; label: string } | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const { busy, run } = useBusy();
  const [failure, setFailure] = useState<string | null>(null);
  const inputId = useId();
  const close = () => {
    setText('');
    setFailure(null);
    onClose();
  };
  const send = async () => {
    if (!field) return;
    if (!text.trim()) {
      setFailure('Write a comment first.');
      return;
    }
    setFailure(null);
    await run(async () => {
      try {
        await noteCalls.comment(visitId, field.id, text.trim());
        publishToast(NOTE_TEXTS.commentAdded);
        void queryClient.invalidateQueries({ queryKey: ['visit', 'note', visitId, 'comments'] });
        close();
      } catch (error) {
        const message = errorMessage(error, 'the comment', 'added');
        setFailure(message);
        publishErrorToast(message);
      }
    });
  };
  return (
    <Modal
      open={field !== null}
      title={field ? `Comment on ${field.label}` : 'Comment'}
      onCancel={close}
      onOk={() => void send()}
      okText="Add comment"
      okButtonProps={{ disabled: busy, 'aria-busy': busy }}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void send()}>
        <Form.Item
          label="Comment"
          htmlFor={inputId}
          required
          validateStatus={failure ? 'error' : undefined}
          help={failure}
        >
          <Input.TextArea
            id={inputId}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={4}
            maxLength={2000}
            autoFocus
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Reject: the reason (required) goes to the clinician. */
export function RejectModal({
  open,
  onClose,
  onReject,
}: {
  open: boolean;
  onClose: () => void;
  /** Resolves true when the note was rejected. */
  onReject: (reason: string) => Promise<boolean>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusy();
  const inputId = useId();
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const send = async () => {
    if (!reason.trim()) {
      setError('Give the reason the clinician will read.');
      return;
    }
    if (await run(() => onReject(reason.trim()))) close();
  };
  return (
    <Modal
      open={open}
      title="Reject the note"
      onCancel={close}
      onOk={() => void send()}
      okText="Reject"
      okButtonProps={{ danger: true, disabled: busy, 'aria-busy': busy }}
      destroyOnHidden
    >
      <Typography.Paragraph>The note goes back to the clinician with your reason.</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item
          label="Reason"
          htmlFor={inputId}
          required
          validateStatus={error ? 'error' : undefined}
          help={error}
        >
          <Input.TextArea
            id={inputId}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (event.target.value.trim()) setError(null);
            }}
            rows={4}
            maxLength={2000}
            autoFocus
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
