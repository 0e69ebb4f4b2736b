// Public `/tc/join?room=&token=` (issue 28, decision 068): the patient (or a family member) opens the link from
// their SMS or email, on a phone, without an account. The page shows only the visit's time and the clinician's
// first name, asks for their name, and waits in the waiting room until the clinician lets them in.
import {
  formatVisitMoment,
  telehealthJoinInfoSchema,
  telehealthMembershipSchema,
  TELEHEALTH_MESSAGES,
  type TelehealthJoinInfo,
  type TelehealthMembership,
} from '@carelane/shared-domain';
import { apiClient, isApiCallError, useUrlState } from '@carelane/shared-session';
import { ErrorState, PageFrame } from '@carelane/shared-ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Result, Spin, Typography } from 'antd';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { CallView } from './CallView';
import { useCall, useLocalMedia } from './use-call';

const urlSchema = z.object({
  room: z.coerce.number().int().positive().optional(),
  token: z.string().optional(),
});
const TITLE = 'Your video visit';

/** The server's words for a refused link (its field message when it names the token). */
export function joinFailure(error: unknown): string {
  if (!isApiCallError(error)) return TELEHEALTH_MESSAGES.linkInvalid;
  return error.fieldErrors[0]?.message ?? error.text;
}

function InCall({ info, me }: { info: TelehealthJoinInfo; me: TelehealthMembership }) {
  const { media, toggleMute, toggleCamera, chooseDevice } = useLocalMedia(true);
  const call = useCall(
    info.roomId,
    me,
    { local: media.local, settled: !!media.local || !!media.mediaError },
    info.iceServers,
  );
  const [left, setLeft] = useState(false);
  const { leave } = call;
  const self = call.room?.participants.find((p) => p.id === me.participantId);
  if (left) return <Result status="info" title="You left the video visit." />;
  if (call.room?.status === 'ended') return <Result status="info" title={TELEHEALTH_MESSAGES.ended} />;
  if (call.room && !self) return <Result status="info" title={TELEHEALTH_MESSAGES.notInRoom} />;
  const waiting = !call.room || self?.state === 'waiting';
  return (
    <Flex vertical gap={12}>
      {waiting ? (
        <Alert
          type="info"
          showIcon
          role="status"
          title={`Waiting for ${info.clinicianFirstName} to let you in…`}
          description="Keep this page open. Your camera is shown below so you can check it."
        />
      ) : null}
      <CallView
        room={call.room}
        meId={me.participantId}
        media={media}
        remotes={call.remotes}
        streamDown={call.streamDown}
        onToggleMute={toggleMute}
        onToggleCamera={toggleCamera}
        onChooseDevice={chooseDevice}
        closing={
          <Button
            danger
            onClick={() => {
              leave();
              setLeft(true);
            }}
          >
            Leave
          </Button>
        }
      />
    </Flex>
  );
}

function JoinForm({
  info,
  onJoin,
  token,
}: {
  info: TelehealthJoinInfo;
  token: string;
  onJoin: (m: TelehealthMembership) => void;
}) {
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  const join = useMutation({
    mutationFn: () =>
      apiClient.post(
        `/api/public/telehealth/rooms/${info.roomId}/guests`,
        { token, name: name.trim() },
        telehealthMembershipSchema,
        {
          quietUnauthorized: true,
        },
      ),
    onSuccess: onJoin,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setMissing(true);
    join.mutate();
  };
  return (
    <form onSubmit={submit} noValidate style={{ maxWidth: 420 }}>
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {`Video visit with ${info.clinicianFirstName}, ${formatVisitMoment(info.startAt, info.timeZone)}.`}
        </Typography.Paragraph>
        <label>
          Your name
          <Input
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setMissing(false);
            }}
            autoComplete="name"
            maxLength={80}
            aria-invalid={missing}
          />
        </label>
        {missing ? (
          <Typography.Text type="danger" role="alert">
            Enter your name.
          </Typography.Text>
        ) : null}
        {join.isError ? <Alert type="error" showIcon role="alert" title={joinFailure(join.error)} /> : null}
        <Button type="primary" htmlType="submit" loading={join.isPending}>
          Join the video visit
        </Button>
      </Flex>
    </form>
  );
}

export default function JoinPage() {
  const [{ room, token }] = useUrlState(urlSchema);
  const [me, setMe] = useState<TelehealthMembership | null>(null);
  const info = useQuery({
    queryKey: ['telehealthJoin', room, token],
    queryFn: ({ signal }) =>
      apiClient.get(`/api/public/telehealth/rooms/${room}`, telehealthJoinInfoSchema, {
        searchParams: { token: token ?? '' },
        signal,
        quietUnauthorized: true,
      }),
    enabled: !!room && !!token,
    retry: false,
  });
  if (!room || !token)
    return (
      <PageFrame title={TITLE}>
        <ErrorState title="Link incomplete" message={TELEHEALTH_MESSAGES.linkInvalid} />
      </PageFrame>
    );
  return (
    <PageFrame title={TITLE}>
      {info.isPending ? <Spin aria-label="Loading" /> : null}
      {info.isError ? <Alert type="error" showIcon role="alert" title={joinFailure(info.error)} /> : null}
      {info.data?.status === 'ended' ? <Result status="info" title={TELEHEALTH_MESSAGES.ended} /> : null}
      {info.data && info.data.status !== 'ended' ? (
        me ? (
          <InCall info={info.data} me={me} />
        ) : (
          <JoinForm info={info.data} token={token} onJoin={setMe} />
        )
      ) : null}
    </PageFrame>
  );
}
