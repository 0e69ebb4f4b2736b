// The fit score's "Broadcast" (issue 27, decision 065): sends the visit to the selectable clinicians listed, after
// a confirmation. The server queues it (202); its `message` is a toast when all went, or the partial SMS text as a
// warning that stays in the panel, with a link to the broadcast's delivery on /broadcast.
import {
  BROADCAST_MESSAGES,
  broadcastResultSchema,
  type BroadcastResult,
  type MatchCandidate,
} from '@carelane/shared-domain';
import { apiClient, errorMessage, publishErrorToast, publishToast } from '@carelane/shared-session';
import { AreaLink } from '@carelane/shared-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button } from 'antd';
import { useRef, useState } from 'react';

export const BROADCAST_LABEL = 'Broadcast';
export const BROADCAST_CONFIRM_LABEL = 'Send broadcast';
export const SEE_DELIVERY = 'See delivery';

type Send = { providerIds: number[]; idempotencyKey: string };

const newKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export const confirmTitle = (count: number) =>
  `Send this visit to the ${count} clinician${count === 1 ? '' : 's'} listed?`;

/** The button, its confirmation and the POST; `onPartial` receives the answer when SMS missed some. */
export function BroadcastButton({
  visitId,
  candidates,
  disabled,
  onPartial,
}: {
  visitId: number;
  candidates: MatchCandidate[];
  disabled?: boolean;
  onPartial: (result: BroadcastResult) => void;
}) {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  // One key per confirmation, kept after a failed send so the same send tried again is the same broadcast.
  const pendingKey = useRef<string | null>(null);
  const providerIds = candidates.filter((c) => c.selectable).map((c) => c.providerUserId);
  const send = useMutation({
    mutationFn: (input: Send) =>
      apiClient.post('/api/messaging/broadcasts', { visitIds: [visitId], ...input }, broadcastResultSchema),
    onSuccess: (result) => {
      pendingKey.current = null;
      void queryClient.invalidateQueries({ queryKey: ['broadcast'] });
      if (result.message === BROADCAST_MESSAGES.sent) publishToast(result.message);
      else onPartial(result);
    },
    onError: (error) => publishErrorToast(errorMessage(error, 'the broadcast', 'sent')),
  });
  const confirm = () => {
    const idempotencyKey = pendingKey.current ?? newKey();
    pendingKey.current = idempotencyKey;
    modal.confirm({
      title: confirmTitle(providerIds.length),
      content:
        'Each clinician gets the visit by email, SMS and the app as they allow. Follow the delivery on the Broadcast page.',
      okText: BROADCAST_CONFIRM_LABEL,
      onOk: () => send.mutateAsync({ providerIds, idempotencyKey }).catch(() => undefined),
    });
  };
  return (
    <Button
      onClick={confirm}
      loading={send.isPending}
      disabled={disabled || providerIds.length === 0}
      title={providerIds.length === 0 ? 'No selectable clinician is listed' : undefined}
    >
      {BROADCAST_LABEL}
    </Button>
  );
}

/** The partial answer, kept on screen: the server's exact text and the way to the delivery. */
export function BroadcastPartialAlert({ result }: { result: BroadcastResult }) {
  return (
    <Alert
      type="warning"
      showIcon
      title={result.message}
      action={<AreaLink to={`/broadcast?id=${result.broadcast.id}`}>{SEE_DELIVERY}</AreaLink>}
    />
  );
}

/** The action and its lasting warning, as the panel shows them. */
export function BroadcastAction({
  visitId,
  candidates,
  disabled,
}: {
  visitId: number;
  candidates: MatchCandidate[];
  disabled?: boolean;
}) {
  const [partial, setPartial] = useState<BroadcastResult | null>(null);
  return (
    <>
      <div>
        <BroadcastButton
          visitId={visitId}
          candidates={candidates}
          disabled={disabled}
          onPartial={setPartial}
        />
      </div>
      {partial ? <BroadcastPartialAlert result={partial} /> : null}
    </>
  );
}
