// `/tc?visit=` (issue 28, decision 068): the video room of a telehealth visit. The visit's clinician hosts: they
// send the patient a join link, admit whoever waits, and end the call, which records the visit's time in and out
// and goes on to the visit's note. Staff who open it wait to be admitted like any guest.
import {
  formatVisitWindow,
  sendTelehealthLinkSchema,
  telehealthLinkSchema,
  telehealthRoomSchema,
  telehealthRoomStateSchema,
  TELEHEALTH_MESSAGES,
  type TelehealthRoom,
  type TelehealthRoomState,
} from '@carelane/shared-domain';
import { apiClient, navigateTo, publishToast, useUrlState } from '@carelane/shared-session';
import { ErrorState, PageFrame } from '@carelane/shared-ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Popconfirm, Spin, Typography } from 'antd';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { CallView } from './CallView';
import { useCall, useLocalMedia } from './use-call';

const urlSchema = z.object({ visit: z.coerce.number().int().positive().optional() });
const endSchema = z.object({ visitId: z.number(), message: z.string() });
const TITLE = 'Telehealth';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'The video visit could not be opened.';
}

function SendLink({ room }: { room: TelehealthRoom }) {
  const [phoneNumber, setPhone] = useState(room.patientPhone ?? '');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (body: { phoneNumber: string; email: string }) =>
      apiClient.post(`/api/telehealth/rooms/${room.roomId}/links`, body, telehealthLinkSchema),
    onSuccess: (answer) => publishToast(answer.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = sendTelehealthLinkSchema.safeParse({ phoneNumber, email });
    setProblem(checked.success ? null : (checked.error.issues[0]?.message ?? null));
    if (checked.success) send.mutate({ phoneNumber, email });
  };
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>Invite the patient</h2>}>
      <form onSubmit={submit} noValidate>
        <Flex vertical gap={8}>
          <label>
            Mobile phone
            <Input
              value={phoneNumber}
              onChange={(e) => setPhone(e.target.value)}
              inputMode="tel"
              autoComplete="off"
            />
          </label>
          <label>
            Email
            <Input value={email} onChange={(e) => setEmail(e.target.value)} type="email" autoComplete="off" />
          </label>
          {problem ? (
            <Typography.Text type="danger" role="alert">
              {problem}
            </Typography.Text>
          ) : null}
          {send.isError ? <Alert type="error" showIcon title={errorText(send.error)} /> : null}
          <Button htmlType="submit" loading={send.isPending}>
            Send join link
          </Button>
          {send.data ? (
            <label>
              Join link (works until the end of the visit’s day)
              <Input readOnly value={send.data.link} onFocus={(e) => e.target.select()} />
            </label>
          ) : null}
        </Flex>
      </form>
    </Card>
  );
}

function WaitingList({ room, state }: { room: TelehealthRoom; state: TelehealthRoomState | null }) {
  const admit = useMutation({
    mutationFn: (participantId: number) =>
      apiClient.post(
        `/api/telehealth/rooms/${room.roomId}/admit`,
        { participantId },
        telehealthRoomStateSchema,
      ),
  });
  const waiting = (state ?? room).participants.filter((p) => p.state === 'waiting');
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>Waiting room</h2>}>
      {admit.isError ? <Alert type="error" showIcon title={errorText(admit.error)} /> : null}
      {waiting.length ? (
        <ul aria-label="Waiting to join" style={{ paddingLeft: 0, listStyle: 'none', margin: 0 }}>
          {waiting.map((p) => (
            <li key={p.id}>
              <Flex gap={8} align="center" justify="space-between">
                <span>{`${p.name} is waiting`}</span>
                <Button
                  type="primary"
                  loading={admit.isPending && admit.variables === p.id}
                  onClick={() =>
                    admit.mutate(p.id, {
                      onSuccess: () => publishToast(TELEHEALTH_MESSAGES.admitted(p.name)),
                    })
                  }
                >
                  {`Admit ${p.name}`}
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">Nobody is waiting.</Typography.Text>
      )}
    </Card>
  );
}

function Room({ room }: { room: TelehealthRoom }) {
  const { media, toggleMute, toggleCamera, chooseDevice } = useLocalMedia(true);
  const call = useCall(
    room.roomId,
    room.me,
    { local: media.local, settled: !!media.local || !!media.mediaError },
    room.iceServers,
  );
  const host = room.me.role === 'host';
  const end = useMutation({
    mutationFn: () => apiClient.post(`/api/telehealth/rooms/${room.roomId}/end`, {}, endSchema),
    onSuccess: (answer) => {
      publishToast(answer.message);
      navigateTo(`/note?visitId=${answer.visitId}`);
    },
  });
  const { leave } = call;
  const state = call.room ?? room;
  const self = state.participants.find((p) => p.id === room.me.participantId);
  if (state.status === 'ended') return <Alert type="info" showIcon title={TELEHEALTH_MESSAGES.ended} />;
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ margin: 0 }}>
        {`${room.visitType} with ${room.patientName}, ${formatVisitWindow(room, room.timeZone)}`}
      </Typography.Paragraph>
      {end.isError ? <Alert type="error" showIcon title={errorText(end.error)} /> : null}
      {self?.state === 'waiting' ? (
        <Alert type="info" showIcon role="status" title="Waiting for the clinician to let you in…" />
      ) : null}
      <CallView
        room={state}
        meId={room.me.participantId}
        media={media}
        remotes={call.remotes}
        streamDown={call.streamDown}
        onToggleMute={toggleMute}
        onToggleCamera={toggleCamera}
        onChooseDevice={chooseDevice}
        closing={
          host ? (
            <Popconfirm
              title="End the call for everyone?"
              description="The call's start and end become the visit's time in and time out."
              okText="End call"
              onConfirm={() => end.mutate()}
            >
              <Button danger loading={end.isPending}>
                End call
              </Button>
            </Popconfirm>
          ) : (
            <Button
              danger
              onClick={() => {
                leave();
                navigateTo('/providervisits');
              }}
            >
              Leave
            </Button>
          )
        }
      />
      {host ? (
        <Flex gap={16} wrap align="start">
          <div style={{ flex: '1 1 280px' }}>
            <WaitingList room={room} state={call.room} />
          </div>
          <div style={{ flex: '1 1 280px' }}>
            <SendLink room={room} />
          </div>
        </Flex>
      ) : null}
    </Flex>
  );
}

export default function TelehealthPage() {
  const [{ visit }] = useUrlState(urlSchema);
  const opened = useQuery({
    queryKey: ['telehealthRoom', visit],
    queryFn: () => apiClient.post('/api/telehealth/rooms', { visitId: visit }, telehealthRoomSchema),
    enabled: visit !== undefined,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  if (visit === undefined)
    return (
      <PageFrame title={TITLE}>
        <ErrorState
          title="No visit chosen"
          message="A video visit opens from a telehealth visit: choose “Start video visit” on it in My visits."
        />
      </PageFrame>
    );
  return (
    <PageFrame title={TITLE} subtitle="Video visit">
      {opened.isPending ? <Spin aria-label="Opening the video visit" /> : null}
      {opened.isError ? <Alert type="error" showIcon role="alert" title={errorText(opened.error)} /> : null}
      {opened.data ? <Room room={opened.data} /> : null}
    </PageFrame>
  );
}
