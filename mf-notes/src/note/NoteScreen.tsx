// The visit note page (issue 12): the visit and EVV cards, the note form (kept on the device and autosaved), the
// review loop and the history. /note switches to the mobile layout on a phone; /noteMobile always uses it.
import {
  NOTE_TEXTS,
  fieldsOf,
  formatDateTime,
  type NoteDetail,
  type NoteDefinition,
  type noteCommentSchema,
  type NoteValues,
} from '@carelane/shared-domain';
import {
  getBus,
  isApiCallError,
  publishErrorToast,
  publishToast,
  useSession,
  useUrlState,
} from '@carelane/shared-session';
import { EmptyState, loadState, PageFrame } from '@carelane/shared-ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Flex, Grid, Popconfirm, Row, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { z } from 'zod';
import NoteForm, { type NoteFormProps } from '../form/NoteForm';
import { ConflictView } from './ConflictView';
import { draftStore, type NoteDetailSnapshot } from './draft-store';
import { noteCalls, noteQueries, type NoteAction } from './note-queries';
import { EvvFlagsReview } from './EvvFlagsReview';
import { CommentModal, FieldComments, NoteComments, RejectModal } from './ReviewPanel';
import { RevisionsDrawer } from './RevisionsDrawer';
import {
  isConnectivityFailure,
  useNoteAutosave,
  useNoteValues,
  type AutosavePageState,
  type NoteAutosave,
} from './use-note-autosave';
import { EvvCard, VisitCard, evvFlagsOf } from './VisitCards';

const paramsSchema = z.object({ visitId: z.coerce.number().int().positive().optional() });

type Layout = 'desktop' | 'mobile';
/** 'device': the page as last loaded, kept on this device, shown while the notes API cannot be reached. */
type Source = 'server' | 'device';

/** While the note cannot be loaded, it is asked for again this often (and at once when back online). */
const DETAIL_RETRY_MS = 3_000;

const ACTION_TEXTS: Record<NoteAction | 'reject', { done: string; failed: string }> = {
  submit: { done: NOTE_TEXTS.submitted, failed: NOTE_TEXTS.submitFailed },
  approve: { done: NOTE_TEXTS.completed, failed: NOTE_TEXTS.completeFailed },
  reopen: { done: NOTE_TEXTS.reopened, failed: NOTE_TEXTS.reopenFailed },
  reject: { done: NOTE_TEXTS.rejected, failed: NOTE_TEXTS.rejectFailed },
};

type ActionFailure = { text: string; errors: { field: string; message: string }[] };

/** Ours (issue 24): on a signature the server cleared because the note changed after it was signed. */
export const SIGN_AGAIN_TEXT = 'The note changed after it was signed. Sign it again.';

/** The visible save status; the device-only state is read out (aria-live polite). */
function SaveStatus({ state }: { state: AutosavePageState }) {
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

/** The form with the controller's values: a keystroke re-renders it, not the page around it. */
function LiveNoteForm({
  controller,
  ...props
}: Omit<NoteFormProps, 'values'> & { controller: NoteAutosave }) {
  return <NoteForm {...props} values={useNoteValues(controller)} />;
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
      className={mobile ? 'note-actions-mobile' : undefined}
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

type NoteComment = z.infer<typeof noteCommentSchema>;
type Busy = NoteAction | 'reject' | 'save' | null;
type CommentTarget = { id: string | null; label: string };

/** The note's comments (not from the device's copy), and the reason of the last rejection. */
function useNoteComments(visitId: number, detail: NoteDetail, onDevice: boolean) {
  const { visit } = detail;
  // Comments are read by the reviewer and the clinician once there is a note (not from the device's copy).
  const showComments = !onDevice && detail.note !== null && (detail.canReview || visit.status !== 'NotesDue');
  const allComments = useQuery({ ...noteQueries.allComments(visitId), enabled: showComments });
  const commentRows = allComments.data;
  const rejectReason = useMemo(
    () => (visit.status === 'NotesRejected' ? commentRows?.find((c) => c.fieldId === null) : undefined),
    [commentRows, visit.status],
  );
  return { showComments, commentRows, rejectReason };
}

/** What the form shows under each field: its comments and, for a reviewer, a button to comment on it. */
function useFieldExtras(
  definition: NoteDefinition,
  canReview: boolean,
  commentRows: NoteComment[] | undefined,
  onComment: (target: CommentTarget) => void,
) {
  return useMemo(() => {
    const byField = new Map<string, NoteComment[]>();
    for (const comment of commentRows ?? []) {
      if (comment.fieldId === null) continue;
      const list = byField.get(comment.fieldId) ?? [];
      list.push(comment);
      byField.set(comment.fieldId, list);
    }
    if (!canReview && byField.size === 0) return undefined;
    const extras: Record<string, ReactNode> = {};
    for (const field of fieldsOf(definition)) {
      const comments = byField.get(field.id);
      if (!canReview && !comments) continue;
      extras[field.id] = (
        <Flex key={field.id} vertical gap={4} align="flex-start">
          {comments ? <FieldComments label={field.label} comments={comments} /> : null}
          {canReview ? (
            <Button
              size="small"
              onClick={() => onComment({ id: field.id, label: field.label })}
              aria-label={`Comment on ${field.label}`}
            >
              Comment
            </Button>
          ) : null}
        </Flex>
      );
    }
    return extras;
  }, [definition, canReview, commentRows, onComment]);
}

/** Saving, submitting, reviewing and re-opening the note: which one runs, and the last one's failure. */
function useNoteActions(visitId: number, detail: NoteDetail, controller: NoteAutosave | null) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState<ActionFailure | null>(null);

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

  return { busy, failure, act, reject, save };
}

function NoteAlerts({
  state,
  failure,
  labelOf,
  sentBack,
  rejectReason,
}: {
  state: AutosavePageState;
  failure: ActionFailure | null;
  labelOf: (path: string) => string;
  sentBack: boolean;
  rejectReason: NoteComment | undefined;
}) {
  return (
    <>
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
                  <li key={`${item.field}:${item.message}`}>{`${labelOf(item.field)}: ${item.message}`}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}
      {state.resign.length ? <Alert type="warning" showIcon role="status" title={SIGN_AGAIN_TEXT} /> : null}
      {state.unsentOnDevice ? (
        <Alert
          type="warning"
          showIcon
          title="This device holds changes to this note that were never sent, and the note can no longer be edited. They are kept on this device; ask the care coordinator to re-open the note to send them."
        />
      ) : null}
      {sentBack ? (
        <Alert
          type="warning"
          showIcon
          title="This note was sent back to you. Read the reviewer's reason and comments, fix the note and submit it again."
          description={
            rejectReason ? (
              <div>
                <div style={{ whiteSpace: 'pre-wrap' }}>{`Reason: ${rejectReason.text}`}</div>
                <Typography.Text type="secondary">
                  {`${rejectReason.authorName}, ${formatDateTime(rejectReason.createdAt)}`}
                </Typography.Text>
              </div>
            ) : undefined
          }
        />
      ) : null}
    </>
  );
}

type ActionButtonsProps = {
  detail: NoteDetail;
  busy: Busy;
  editable: boolean;
  /** Submitting, reviewing and re-opening need the server; from the device's copy only saving is offered. */
  serverBusy: boolean;
  flagsToAcknowledge: boolean;
  buttonSize: 'large' | 'middle';
  onSave: () => void;
  onAct: (action: NoteAction) => Promise<void>;
  onReject: () => void;
  onComment: () => void;
};

function EditButtons({ detail, busy, editable, serverBusy, buttonSize, onSave, onAct }: ActionButtonsProps) {
  return (
    <>
      <Button
        size={buttonSize}
        onClick={onSave}
        disabled={busy !== null || !editable}
        aria-busy={busy === 'save'}
      >
        Save
      </Button>
      {detail.visit.status === 'AfterStaffed' ? (
        // Written during the visit; the state machine takes the notes for review after the check-out.
        <Typography.Text type="secondary">Check out of the visit to submit the note.</Typography.Text>
      ) : (
        <Popconfirm
          title="Submit this note?"
          description="After submitting, the note can no longer be changed."
          okText="Submit"
          cancelText="Cancel"
          onConfirm={() => onAct('submit')}
          disabled={serverBusy || !editable}
        >
          <Button
            type="primary"
            size={buttonSize}
            disabled={serverBusy || !editable}
            aria-busy={busy === 'submit'}
          >
            Submit
          </Button>
        </Popconfirm>
      )}
    </>
  );
}

function ReviewButtons({
  busy,
  serverBusy,
  flagsToAcknowledge,
  buttonSize,
  onAct,
  onReject,
  onComment,
}: ActionButtonsProps) {
  return (
    <>
      <Popconfirm
        title="Approve this note?"
        okText="Approve"
        cancelText="Cancel"
        onConfirm={() => onAct('approve')}
        disabled={serverBusy || flagsToAcknowledge}
      >
        <Button
          type="primary"
          size={buttonSize}
          disabled={serverBusy || flagsToAcknowledge}
          aria-busy={busy === 'approve'}
          aria-describedby={flagsToAcknowledge ? 'approve-waits-for-evv' : undefined}
        >
          Approve
        </Button>
      </Popconfirm>
      {flagsToAcknowledge ? (
        <Typography.Text id="approve-waits-for-evv" type="secondary">
          Acknowledge the EVV flags to approve.
        </Typography.Text>
      ) : null}
      <Button danger size={buttonSize} disabled={serverBusy} aria-busy={busy === 'reject'} onClick={onReject}>
        Reject
      </Button>
      <Button size={buttonSize} disabled={serverBusy} onClick={onComment}>
        Comment on the note
      </Button>
    </>
  );
}

function NoteActionButtons(props: ActionButtonsProps) {
  const { detail, busy, serverBusy, buttonSize, onAct } = props;
  return (
    <>
      {detail.canEdit ? <EditButtons {...props} /> : null}
      {detail.canReview ? <ReviewButtons {...props} /> : null}
      {detail.canReopen ? (
        <Popconfirm
          title="Re-open this note?"
          description="The clinician can then change it again."
          okText="Re-open"
          cancelText="Cancel"
          onConfirm={() => onAct('reopen')}
          disabled={serverBusy}
        >
          <Button size={buttonSize} disabled={serverBusy} aria-busy={busy === 'reopen'}>
            Re-open
          </Button>
        </Popconfirm>
      ) : null}
    </>
  );
}

function NoteBody({
  visitId,
  detail,
  layout,
  source,
}: {
  visitId: number;
  detail: NoteDetail;
  layout: Layout;
  source: Source;
}) {
  const session = useSession();
  const mobile = layout === 'mobile';
  const onDevice = source === 'device';
  const sourced = useMemo(() => ({ ...detail, source }), [detail, source]);
  const { controller, state } = useNoteAutosave(
    visitId,
    sourced,
    session?.constants.autoSaveIntervalSeconds ?? 30,
    session ? { userId: session.user.id } : {},
  );
  const { busy, failure, act, reject, save } = useNoteActions(visitId, detail, controller);
  const [rejecting, setRejecting] = useState(false);
  const [commentOn, setCommentOn] = useState<CommentTarget | null>(null);
  const [history, setHistory] = useState(false);
  const { definition, visit } = detail;
  const labelOf = useMemo(() => fieldLabelOf(definition), [definition]);
  const evvFlags = evvFlagsOf(visit);
  // The server refuses the approval while a flag is not acknowledged (decision 038).
  const flagsToAcknowledge = evvFlags.some((flag) => flag.acknowledgedAt === null);
  const { showComments, commentRows, rejectReason } = useNoteComments(visitId, detail, onDevice);
  const fieldExtras = useFieldExtras(definition, detail.canReview, commentRows, setCommentOn);

  // Stable props for the form, so a keystroke re-renders only what changed in it.
  const errors = useMemo(
    () => [
      ...state.fieldErrors,
      ...(failure?.errors ?? []),
      ...state.resign.map((id) => ({ field: `values.${id}`, message: SIGN_AGAIN_TEXT })),
    ],
    [state.fieldErrors, failure, state.resign],
  );
  const onChange = useCallback((values: NoteValues) => controller?.change(values), [controller]);
  const onFieldBlur = useCallback(() => controller?.blur(), [controller]);
  const editable = detail.canEdit && state.ready && !state.conflict;
  const buttonSize = mobile ? 'large' : 'middle';

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
          <NoteAlerts
            state={state}
            failure={failure}
            labelOf={labelOf}
            sentBack={visit.status === 'NotesRejected' && detail.canEdit}
            rejectReason={rejectReason}
          />
          {detail.canReview && !onDevice ? <EvvFlagsReview visitId={visitId} flags={evvFlags} /> : null}
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
            <LiveNoteForm
              controller={controller}
              definition={definition}
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
          <NoteActionButtons
            detail={detail}
            busy={busy}
            editable={editable}
            serverBusy={busy !== null || onDevice}
            flagsToAcknowledge={flagsToAcknowledge}
            buttonSize={buttonSize}
            onSave={() => void save()}
            onAct={act}
            onReject={() => setRejecting(true)}
            onComment={() => setCommentOn({ id: null, label: 'the note' })}
          />
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

/**
 * The note page this user last loaded for this visit, kept on the device (issue 12 "Never lose a note"): written
 * whenever the note loads while this user may edit it, deleted once they may not (submitted, approved, another
 * clinician's), read when the note cannot be loaded. Keyed by user, so no one sees another user's copy.
 */
function useDeviceSnapshot(userId: number | undefined, visitId: number, detail: NoteDetail | undefined) {
  const [kept, setKept] = useState<{ userId: number; snapshot: NoteDetailSnapshot | null } | null>(null);

  useEffect(() => {
    if (userId === undefined) return undefined;
    let live = true;
    draftStore()
      .getSnapshot(userId, visitId)
      .catch(() => undefined)
      .then((snapshot) => {
        // What the note's own load decided since is newer than what was read.
        if (live) setKept((now) => (now?.userId === userId ? now : { userId, snapshot: snapshot ?? null }));
      });
    return () => {
      live = false;
    };
  }, [userId, visitId]);

  useEffect(() => {
    if (userId === undefined || !detail || detail.visit.visitId !== visitId) return;
    const store = draftStore();
    if (detail.canEdit) {
      void store.putSnapshot(userId, detail).catch(() => undefined);
      setKept({ userId, snapshot: { key: '', userId, visitId, detail, storedAt: Date.now() } });
    } else {
      void store.removeSnapshot(userId, visitId).catch(() => undefined);
      setKept({ userId, snapshot: null });
    }
  }, [userId, visitId, detail]);

  if (userId === undefined) return { loaded: true, detail: undefined };
  if (kept?.userId !== userId) return { loaded: false, detail: undefined };
  return { loaded: true, detail: kept.snapshot?.detail };
}

/** The signed-in user's id; kept while the session is briefly gone (signing in again), changed for another user. */
function useSignedInUserId(): number | undefined {
  const [userId, setUserId] = useState(() => getBus().session$.getValue()?.user.id);
  useEffect(() => {
    const subscription = getBus().session$.subscribe((next) => {
      if (next) setUserId(next.user.id);
    });
    return () => subscription.unsubscribe();
  }, []);
  return userId;
}

function NoteForVisit({ visitId, layout }: { visitId: number; layout: Layout }) {
  const userId = useSignedInUserId();
  // Shown from the device while the server cannot be reached (set below, from the query's last answer).
  const [fromDeviceShown, setFromDeviceShown] = useState(false);
  const query = useQuery({
    ...noteQueries.detail(visitId),
    // Offline the request fails (it is not paused), so the page can open from the device.
    networkMode: 'always',
    // While the page is shown from the device, ask again every few seconds.
    refetchInterval: fromDeviceShown ? DETAIL_RETRY_MS : false,
    refetchIntervalInBackground: true,
  });
  // The server could not be reached: stays so while it is asked again (a refetch without data is 'pending'
  // again), until it answers or refuses.
  const [unreachable, setUnreachable] = useState(false);
  const nowUnreachable = query.data
    ? false
    : query.isError
      ? isConnectivityFailure(query.error)
      : unreachable;
  if (nowUnreachable !== unreachable) setUnreachable(nowUnreachable);
  const kept = useDeviceSnapshot(userId, visitId, query.data);
  const fromDevice = unreachable && !query.data ? kept.detail : undefined;
  if (Boolean(fromDevice) !== fromDeviceShown) setFromDeviceShown(Boolean(fromDevice));
  const { refetch } = query;

  // Back online or signed in again: ask at once.
  useEffect(() => {
    if (!fromDeviceShown) return undefined;
    const again = () => void refetch();
    globalThis.addEventListener?.('online', again);
    let first = true;
    const subscription = getBus().session$.subscribe((next) => {
      if (first) {
        first = false;
        return;
      }
      if (next) again();
    });
    return () => {
      globalThis.removeEventListener?.('online', again);
      subscription.unsubscribe();
    };
  }, [fromDeviceShown, refetch]);

  if (query.data) return <NoteBody visitId={visitId} detail={query.data} layout={layout} source="server" />;
  if (fromDevice) return <NoteBody visitId={visitId} detail={fromDevice} layout={layout} source="device" />;
  // Not loaded (yet): a skeleton while it loads or the device's copy is read, else the error with a retry.
  return (
    <PageFrame title="Visit note">
      {unreachable && !kept.loaded ? (
        <Skeleton active />
      ) : (
        (loadState(query, 'the note').fallback ?? <Skeleton active />)
      )}
    </PageFrame>
  );
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
