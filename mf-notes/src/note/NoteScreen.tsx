// The visit note page (issue 12): the visit and EVV cards, the note form (kept on the device and autosaved), the
// review loop and the history. /note switches to the mobile layout on a phone; /noteMobile always uses it.
import {
  NOTE_TEXTS,
  fieldsOf,
  formatDateTime,
  type NoteDetail,
  type NoteDefinition,
  type NoteValues,
} from '@carelane/shared-domain';
import {
  isApiCallError,
  publishErrorToast,
  publishToast,
  useSession,
  useUrlState,
} from '@carelane/shared-session';
import { EmptyState, loadState, PageFrame } from '@carelane/shared-ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Flex, Grid, Popconfirm, Row, Skeleton, Typography } from 'antd';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { z } from 'zod';
import NoteForm from '../form/NoteForm';
import { ConflictView } from './ConflictView';
import { noteCalls, noteQueries, type NoteAction } from './note-queries';
import { CommentModal, NoteComments, RejectModal } from './ReviewPanel';
import { RevisionsDrawer } from './RevisionsDrawer';
import { useNoteAutosave, type AutosaveSnapshot } from './use-note-autosave';
import { EvvCard, VisitCard } from './VisitCards';

const paramsSchema = z.object({ visitId: z.coerce.number().int().positive().optional() });

type Layout = 'desktop' | 'mobile';

const ACTION_TEXTS: Record<NoteAction | 'reject', { done: string; failed: string }> = {
  submit: { done: NOTE_TEXTS.submitted, failed: NOTE_TEXTS.submitFailed },
  approve: { done: NOTE_TEXTS.completed, failed: NOTE_TEXTS.completeFailed },
  reopen: { done: NOTE_TEXTS.reopened, failed: NOTE_TEXTS.reopenFailed },
  reject: { done: NOTE_TEXTS.rejected, failed: 'Sorry, Notes could not be rejected.' },
};

type ActionFailure = { text: string; errors: { field: string; message: string }[] };

/** The visible save status; the device-only state is read out (aria-live polite). */
function SaveStatus({ state }: { state: AutosaveSnapshot }) {
  const offline = state.status === 'offline';
  const quiet =
    state.status === 'saving'
      ? 'Saving…'
      : state.status === 'saved' && !state.dirty
        ? 'All changes saved.'
        : state.dirty && state.status !== 'conflict'
          ? 'Unsaved changes'
          : '';
  return (
    <Flex gap={8} align="center" wrap style={{ minHeight: 24 }}>
      <div role="status" aria-live="polite" aria-atomic="true">
        {offline ? (
          <Typography.Text strong style={{ color: '#ad4e00' }}>
            {NOTE_TEXTS.savedOnDevice}
          </Typography.Text>
        ) : null}
      </div>
      {!offline && quiet ? <Typography.Text type="secondary">{quiet}</Typography.Text> : null}
    </Flex>
  );
}

function fieldLabelOf(definition: NoteDefinition) {
  const labels = new Map(fieldsOf(definition).map((field) => [field.id, field.label]));
  return (path: string) => {
    const id = (path.startsWith('values.') ? path.slice(7) : path).split(/[.[]/)[0] ?? path;
    return labels.get(id) ?? id;
  };
}

function ActionBar({ mobile, children }: { mobile: boolean; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label="Note actions"
      style={{
        position: mobile ? 'fixed' : 'sticky',
        bottom: 0,
        left: mobile ? 0 : undefined,
        right: mobile ? 0 : undefined,
        zIndex: 10,
        background: '#fff',
        borderTop: '1px solid #d9d9d9',
        padding: mobile ? '8px 12px calc(8px + env(safe-area-inset-bottom))' : '12px 0',
        marginTop: 16,
      }}
    >
      <Flex gap={8} wrap justify={mobile ? 'stretch' : 'flex-start'}>
        {children}
      </Flex>
    </div>
  );
}

function NoteBody({ visitId, detail, layout }: { visitId: number; detail: NoteDetail; layout: Layout }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const mobile = layout === 'mobile';
  const { controller, state } = useNoteAutosave(
    visitId,
    detail,
    session?.constants.autoSaveIntervalSeconds ?? 30,
  );
  const [busy, setBusy] = useState<NoteAction | 'reject' | 'save' | null>(null);
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [commentOn, setCommentOn] = useState<{ id: string | null; label: string } | null>(null);
  const [history, setHistory] = useState(false);
  const { definition, visit } = detail;
  const labelOf = useMemo(() => fieldLabelOf(definition), [definition]);

  const fieldExtras = useMemo(() => {
    if (!detail.canReview) return undefined;
    return Object.fromEntries(
      fieldsOf(definition).map((field) => [
        field.id,
        <Button
          key={field.id}
          size="small"
          onClick={() => setCommentOn({ id: field.id, label: field.label })}
          aria-label={`Comment on ${field.label}`}
        >
          Comment
        </Button>,
      ]),
    );
  }, [definition, detail.canReview]);

  const refetch = () => queryClient.invalidateQueries({ queryKey: ['visit'] });

  const act = async (action: NoteAction): Promise<void> => {
    setBusy(action);
    setFailure(null);
    const texts = ACTION_TEXTS[action];
    try {
      let version = detail.note?.version ?? 0;
      if (action === 'submit' && controller) {
        if (!(await controller.settle())) {
          const text = NOTE_TEXTS.submitFailed;
          setFailure({ text, errors: [] });
          publishErrorToast(text);
          return;
        }
        version = controller.getSnapshot().baseVersion;
      }
      const result = await noteCalls.act(visitId, action, version);
      publishToast(action === 'submit' ? result.message || texts.done : texts.done);
      await refetch();
    } catch (error) {
      const text = isApiCallError(error) && error.text ? `${texts.failed} ${error.text}` : texts.failed;
      setFailure({ text, errors: isApiCallError(error) ? [...error.fieldErrors] : [] });
      publishErrorToast(text);
    } finally {
      setBusy(null);
    }
  };

  const reject = async (reason: string): Promise<boolean> => {
    setBusy('reject');
    setFailure(null);
    try {
      await noteCalls.reject(visitId, detail.note?.version ?? 0, reason);
      publishToast(NOTE_TEXTS.rejected);
      await refetch();
      return true;
    } catch (error) {
      const base = ACTION_TEXTS.reject.failed;
      const text = isApiCallError(error) && error.text ? `${base} ${error.text}` : base;
      setFailure({ text, errors: [] });
      publishErrorToast(text);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    if (!controller) return;
    setBusy('save');
    setFailure(null);
    try {
      await controller.saveNow();
    } finally {
      setBusy(null);
    }
  };

  // Stable props for the form, so a keystroke re-renders only what changed in it.
  const errors = useMemo(
    () => [...state.fieldErrors, ...(failure?.errors ?? [])],
    [state.fieldErrors, failure],
  );
  const onChange = useCallback((values: NoteValues) => controller?.change(values), [controller]);
  const onFieldBlur = useCallback(() => controller?.blur(), [controller]);
  const editable = detail.canEdit && state.ready && !state.conflict;
  const anyBusy = busy !== null;
  const buttonSize = mobile ? 'large' : 'middle';
  const showComments = detail.note !== null && (detail.canReview || visit.status !== 'NotesDue');

  return (
    <PageFrame
      title="Visit note"
      subtitle={definition.title}
      actions={
        <Button onClick={() => setHistory(true)} size={buttonSize}>
          History
        </Button>
      }
    >
      <div style={{ paddingBottom: mobile ? 96 : 0 }}>
        <Flex vertical gap={16}>
          <SaveStatus state={state} />
          {state.failure ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={state.failure.text}
              description={state.failure.detail || undefined}
            />
          ) : null}
          {failure ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={failure.text}
              description={
                failure.errors.length ? (
                  <ul style={{ margin: 0, paddingLeft: 20 }}>
                    {failure.errors.map((item) => (
                      <li
                        key={`${item.field}:${item.message}`}
                      >{`${labelOf(item.field)}: ${item.message}`}</li>
                    ))}
                  </ul>
                ) : undefined
              }
            />
          ) : null}
          {state.unsentOnDevice ? (
            <Alert
              type="warning"
              showIcon
              title="This device holds changes to this note that were never sent, and the note can no longer be edited. They are kept on this device; ask the care coordinator to re-open the note to send them."
            />
          ) : null}
          {visit.status === 'NotesRejected' && detail.canEdit ? (
            <Alert
              type="warning"
              showIcon
              title="This note was sent back to you. Read the reviewer's reason and comments, fix the note and submit it again."
            />
          ) : null}
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <VisitCard visit={visit} />
            </Col>
            <Col xs={24} lg={12}>
              <EvvCard visit={visit} locationExpiryInMins={session?.constants.locationExpiryInMins ?? 15} />
            </Col>
          </Row>
          {showComments ? <NoteComments visitId={visitId} definition={definition} /> : null}
          {detail.note ? (
            <Typography.Text type="secondary">
              {`Version ${state.baseVersion || detail.note.version}, last saved by ${detail.note.savedByName} at ${formatDateTime(detail.note.savedAt)}`}
            </Typography.Text>
          ) : null}
          {!state.ready || !controller ? (
            <Skeleton active />
          ) : state.conflict ? (
            <ConflictView
              definition={definition}
              conflict={state.conflict}
              onKeepMine={() => controller.keepMine()}
              onTakeServer={() => controller.takeServer()}
              stacked={mobile}
            />
          ) : (
            <NoteForm
              definition={definition}
              values={state.values}
              onChange={onChange}
              onFieldBlur={onFieldBlur}
              readOnly={!editable}
              layout={layout}
              fieldExtras={fieldExtras}
              errors={errors}
            />
          )}
        </Flex>
        <ActionBar mobile={mobile}>
          {detail.canEdit ? (
            <>
              <Button
                size={buttonSize}
                onClick={() => void save()}
                disabled={anyBusy || !editable}
                aria-busy={busy === 'save'}
              >
                Save
              </Button>
              <Popconfirm
                title="Submit this note?"
                description="After submitting, the note can no longer be changed."
                okText="Submit"
                cancelText="Cancel"
                onConfirm={() => act('submit')}
                disabled={anyBusy || !editable}
              >
                <Button
                  type="primary"
                  size={buttonSize}
                  disabled={anyBusy || !editable}
                  aria-busy={busy === 'submit'}
                >
                  Submit
                </Button>
              </Popconfirm>
            </>
          ) : null}
          {detail.canReview ? (
            <>
              <Popconfirm
                title="Approve this note?"
                okText="Approve"
                cancelText="Cancel"
                onConfirm={() => act('approve')}
                disabled={anyBusy}
              >
                <Button type="primary" size={buttonSize} disabled={anyBusy} aria-busy={busy === 'approve'}>
                  Approve
                </Button>
              </Popconfirm>
              <Button
                danger
                size={buttonSize}
                disabled={anyBusy}
                aria-busy={busy === 'reject'}
                onClick={() => setRejecting(true)}
              >
                Reject
              </Button>
              <Button
                size={buttonSize}
                disabled={anyBusy}
                onClick={() => setCommentOn({ id: null, label: 'the note' })}
              >
                Comment on the note
              </Button>
            </>
          ) : null}
          {detail.canReopen ? (
            <Popconfirm
              title="Re-open this note?"
              description="The clinician can then change it again."
              okText="Re-open"
              cancelText="Cancel"
              onConfirm={() => act('reopen')}
              disabled={anyBusy}
            >
              <Button size={buttonSize} disabled={anyBusy} aria-busy={busy === 'reopen'}>
                Re-open
              </Button>
            </Popconfirm>
          ) : null}
        </ActionBar>
      </div>
      <RejectModal open={rejecting} onClose={() => setRejecting(false)} onReject={reject} />
      <CommentModal visitId={visitId} field={commentOn} onClose={() => setCommentOn(null)} />
      <RevisionsDrawer
        visitId={visitId}
        open={history}
        onClose={() => setHistory(false)}
        definition={definition}
        layout={layout}
      />
    </PageFrame>
  );
}

function NoteForVisit({ visitId, layout }: { visitId: number; layout: Layout }) {
  const query = useQuery(noteQueries.detail(visitId));
  const shown = loadState(query, 'the note', { keepStale: true });
  if (shown.fallback) return <PageFrame title="Visit note">{shown.fallback}</PageFrame>;
  return <NoteBody visitId={visitId} detail={shown.data} layout={layout} />;
}

/** The note page; `layout` 'mobile' always uses the phone layout, otherwise it follows the screen width. */
export function NoteScreen({ layout }: { layout?: Layout }) {
  const [{ visitId }] = useUrlState(paramsSchema);
  const screens = Grid.useBreakpoint();
  const shown: Layout = layout ?? (screens.xs === true ? 'mobile' : 'desktop');
  if (!visitId)
    return (
      <PageFrame title="Visit note">
        <EmptyState title="No visit chosen" description="Open a note from a visit in your visits list." />
      </PageFrame>
    );
  return <NoteForVisit key={visitId} visitId={visitId} layout={shown} />;
}
