// The call itself, for the clinician and for the patient alike: everyone's video (ours small and muted), the
// connection quality of each, and the controls: mute, camera off, the device pickers, and leave or end. Every
// control is a labelled button or select, reachable by keyboard. Captions are out of scope (decision 068).
import type { TelehealthRoomState } from '@carelane/shared-domain';
import { Alert, Button, Flex, Select, Tag, Typography } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import type { CallMedia, Quality, Remote } from './use-call';

const QUALITY: Record<Quality, { text: string; color: string }> = {
  good: { text: 'Connection good', color: 'green' },
  fair: { text: 'Connection fair', color: 'gold' },
  poor: { text: 'Connection poor', color: 'red' },
  connecting: { text: 'Connecting…', color: 'default' },
};

function Video({ stream, label, muted }: { stream: MediaStream | null; label: string; muted?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      aria-label={label}
      autoPlay
      playsInline
      muted={muted}
      style={{
        width: '100%',
        aspectRatio: '4 / 3',
        background: '#1f1f1f',
        borderRadius: 8,
        objectFit: 'cover',
      }}
    />
  );
}

export type CallViewProps = {
  room: TelehealthRoomState | null;
  meId: number;
  media: CallMedia;
  remotes: Remote[];
  streamDown: boolean;
  onToggleMute: () => void;
  onToggleCamera: () => void;
  onChooseDevice: (kind: 'cameraId' | 'microphoneId', deviceId: string) => void;
  /** Leave (a guest) or End call (the host), with what it does. */
  closing: ReactNode;
};

export function CallView(props: CallViewProps) {
  const { room, meId, media, remotes } = props;
  const names = new Map(room?.participants.map((p) => [p.id, p.name]) ?? []);
  const options = (kind: MediaDeviceKind) =>
    media.devices
      .filter((device) => device.kind === kind && device.deviceId)
      .map((device, i) => ({ value: device.deviceId, label: device.label || `Device ${i + 1}` }));
  return (
    <Flex vertical gap={12}>
      {media.mediaError ? <Alert type="warning" showIcon title={media.mediaError} /> : null}
      {props.streamDown ? (
        <Alert type="warning" showIcon title="Reconnecting to the call…" role="status" />
      ) : null}
      <div
        style={{
          display: 'grid',
          gap: 8,
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
        }}
      >
        {remotes.map((remote) => {
          const name = names.get(remote.participantId) ?? 'Participant';
          return (
            <figure key={remote.participantId} style={{ margin: 0 }}>
              <Video stream={remote.stream} label={`Video of ${name}`} />
              <figcaption>
                <Flex gap={6} align="center" wrap>
                  <Typography.Text strong>{name}</Typography.Text>
                  <Tag color={QUALITY[remote.quality].color} role="status">
                    {QUALITY[remote.quality].text}
                  </Tag>
                </Flex>
              </figcaption>
            </figure>
          );
        })}
        <figure style={{ margin: 0, maxWidth: remotes.length ? 200 : undefined }}>
          <Video stream={media.local} label="Your video" muted />
          <figcaption>
            <Typography.Text>{`You${names.get(meId) ? ` (${names.get(meId)})` : ''}`}</Typography.Text>
          </figcaption>
        </figure>
      </div>
      {!remotes.length ? (
        <Typography.Text type="secondary" role="status">
          Nobody else is in the call yet.
        </Typography.Text>
      ) : null}
      <Flex gap={8} wrap align="center">
        <Button aria-pressed={media.muted} onClick={props.onToggleMute} disabled={!media.local}>
          {media.muted ? 'Unmute' : 'Mute'}
        </Button>
        <Button aria-pressed={media.cameraOff} onClick={props.onToggleCamera} disabled={!media.local}>
          {media.cameraOff ? 'Turn camera on' : 'Turn camera off'}
        </Button>
        <Select
          aria-label="Camera"
          style={{ minWidth: 160 }}
          value={media.cameraId}
          options={options('videoinput')}
          onChange={(value: string) => props.onChooseDevice('cameraId', value)}
          disabled={!media.local}
        />
        <Select
          aria-label="Microphone"
          style={{ minWidth: 160 }}
          value={media.microphoneId}
          options={options('audioinput')}
          onChange={(value: string) => props.onChooseDevice('microphoneId', value)}
          disabled={!media.local}
        />
        {props.closing}
      </Flex>
    </Flex>
  );
}
