// One participant's side of a telehealth call (decision 068): the camera and microphone, a peer connection to
// every other admitted participant (a mesh; between two, the later one offers), and the room's stream, which
// brings the roster and the offers, answers and ICE candidates addressed to us. The media never passes the server.
import {
  telehealthRoomStateSchema,
  telehealthSignalSchema,
  type TelehealthMembership,
  type TelehealthRoomState,
  type TelehealthSignal,
} from '@carelane/shared-domain';
import { useCallback, useEffect, useRef, useState } from 'react';

export type Quality = 'good' | 'fair' | 'poor' | 'connecting';
export type Remote = { participantId: number; stream: MediaStream; quality: Quality };
export type CallMedia = {
  local: MediaStream | null;
  mediaError: string | null;
  muted: boolean;
  cameraOff: boolean;
  devices: MediaDeviceInfo[];
  cameraId: string | undefined;
  microphoneId: string | undefined;
};

const roomPath = (roomId: number) => `/api/public/telehealth/rooms/${roomId}`;
const STATS_EVERY_MS = 2000;

/** The camera and microphone, with mute, camera off and the device picker. */
export function useLocalMedia(enabled: boolean) {
  const [media, setMedia] = useState<CallMedia>({
    local: null,
    mediaError: null,
    muted: false,
    cameraOff: false,
    devices: [],
    cameraId: undefined,
    microphoneId: undefined,
  });
  const [wanted, setWanted] = useState<{ cameraId?: string; microphoneId?: string }>({});
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: wanted.cameraId ? { deviceId: { exact: wanted.cameraId } } : true,
          audio: wanted.microphoneId ? { deviceId: { exact: wanted.microphoneId } } : true,
        });
        if (stopped) return stream.getTracks().forEach((track) => track.stop());
        const devices = await navigator.mediaDevices.enumerateDevices();
        setMedia((before) => {
          stream!.getAudioTracks().forEach((track) => (track.enabled = !before.muted));
          stream!.getVideoTracks().forEach((track) => (track.enabled = !before.cameraOff));
          return {
            ...before,
            local: stream,
            mediaError: null,
            devices,
            cameraId: stream!.getVideoTracks()[0]?.getSettings().deviceId,
            microphoneId: stream!.getAudioTracks()[0]?.getSettings().deviceId,
          };
        });
      } catch (error) {
        setMedia((before) => ({
          ...before,
          mediaError:
            error instanceof DOMException && error.name === 'NotAllowedError'
              ? 'Allow the camera and microphone in your browser to join the call.'
              : 'No camera or microphone could be opened.',
        }));
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [enabled, wanted]);

  const toggleMute = useCallback(
    () =>
      setMedia((before) => {
        before.local?.getAudioTracks().forEach((track) => (track.enabled = before.muted));
        return { ...before, muted: !before.muted };
      }),
    [],
  );
  const toggleCamera = useCallback(
    () =>
      setMedia((before) => {
        before.local?.getVideoTracks().forEach((track) => (track.enabled = before.cameraOff));
        return { ...before, cameraOff: !before.cameraOff };
      }),
    [],
  );
  const chooseDevice = useCallback(
    (kind: 'cameraId' | 'microphoneId', deviceId: string) =>
      setWanted((before) => ({ ...before, [kind]: deviceId })),
    [],
  );
  return { media, toggleMute, toggleCamera, chooseDevice };
}

/** Good, fair or poor from one peer's inbound video: packet loss and round trip of the last interval. */
export function qualityOf(sample: {
  packetsLost: number;
  packetsReceived: number;
  roundTripMs: number | null;
}): Quality {
  const total = sample.packetsLost + sample.packetsReceived;
  const loss = total > 0 ? sample.packetsLost / total : 0;
  const rtt = sample.roundTripMs ?? 0;
  if (loss > 0.1 || rtt > 600) return 'poor';
  if (loss > 0.03 || rtt > 300) return 'fair';
  return 'good';
}

async function measure(pc: RTCPeerConnection, last: { lost: number; received: number }): Promise<Quality> {
  const report = await pc.getStats();
  let lost = 0;
  let received = 0;
  let roundTripMs: number | null = null;
  report.forEach((stat: Record<string, unknown>) => {
    if (stat.type === 'inbound-rtp') {
      lost += Number(stat.packetsLost ?? 0);
      received += Number(stat.packetsReceived ?? 0);
    }
    if (stat.type === 'candidate-pair' && stat.nominated && typeof stat.currentRoundTripTime === 'number')
      roundTripMs = stat.currentRoundTripTime * 1000;
  });
  const sample = { packetsLost: lost - last.lost, packetsReceived: received - last.received, roundTripMs };
  last.lost = lost;
  last.received = received;
  return sample.packetsReceived === 0 ? 'connecting' : qualityOf(sample);
}

type Peer = {
  pc: RTCPeerConnection;
  offerer: boolean;
  pending: RTCIceCandidateInit[];
  stats: { lost: number; received: number };
};

/** Relays one message to another participant (a lost one is repaired by ICE restarts and new offers). */
async function sendSignal(
  roomId: number,
  key: string,
  signal: { to: number; kind: TelehealthSignal['kind']; payload: unknown },
): Promise<void> {
  await fetch(`${roomPath(roomId)}/signals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, to: signal.to, kind: signal.kind, payload: JSON.stringify(signal.payload) }),
  }).catch(() => undefined);
}

/** Leaving the call (a beacon, so it goes out as the tab closes); closing the tab leaves too. */
function useLeave(roomId: number, me: TelehealthMembership | null) {
  const leave = useCallback(() => {
    if (!me) return;
    navigator.sendBeacon?.(
      `${roomPath(roomId)}/leave`,
      new Blob([JSON.stringify({ key: me.key })], { type: 'application/json' }),
    );
  }, [me, roomId]);
  useEffect(() => {
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [leave]);
  return leave;
}

/** The other participants' media and connection quality, by participant. */
function useRemotes() {
  const [remotes, setRemotes] = useState<Remote[]>([]);
  const setRemote = useCallback((participantId: number, change: Partial<Remote> | null) => {
    setRemotes((before) => {
      const others = before.filter((remote) => remote.participantId !== participantId);
      if (change === null) return others;
      const current = before.find((remote) => remote.participantId === participantId);
      if (!current && !change.stream) return before;
      return [...others, { quality: 'connecting', ...current, ...change, participantId } as Remote].sort(
        (a, b) => a.participantId - b.participantId,
      );
    });
  }, []);
  return [remotes, setRemote] as const;
}

function useTrackSwap(peers: Map<number, Peer>, local: MediaStream | null) {
  // Another camera or microphone chosen: every connection sends the new tracks without a new handshake.
  useEffect(() => {
    if (!local) return;
    for (const peer of peers.values())
      for (const sender of peer.pc.getSenders()) {
        const track = local.getTracks().find((candidate) => candidate.kind === sender.track?.kind);
        if (track && track !== sender.track) void sender.replaceTrack(track);
      }
  }, [local]);
}

function useConnectionQuality(
  peers: Map<number, Peer>,
  setRemote: (participantId: number, change: Partial<Remote>) => void,
) {
  // The quality of each connection, from getStats every two seconds.
  useEffect(() => {
    const timer = setInterval(() => {
      for (const [participantId, peer] of peers)
        void measure(peer.pc, peer.stats).then((quality) => setRemote(participantId, { quality }));
    }, STATS_EVERY_MS);
    return () => clearInterval(timer);
  }, [setRemote]);
}

/**
 * The room's stream and the mesh. `room` is the roster as the server last told it; `remotes` the other
 * participants' media; `gone` is set when the call ended or our place in it was taken.
 */
export function useCall(
  roomId: number,
  me: TelehealthMembership | null,
  media: { local: MediaStream | null; settled: boolean },
  iceServers: RTCIceServer[],
) {
  const { local } = media;
  const [room, setRoom] = useState<TelehealthRoomState | null>(null);
  const [streamDown, setStreamDown] = useState(false);
  const peers = useRef(new Map<number, Peer>());

  const send = useCallback(
    (to: number, kind: TelehealthSignal['kind'], payload: unknown) =>
      me ? sendSignal(roomId, me.key, { to, kind, payload }) : Promise.resolve(),
    [me, roomId],
  );

  const [remotes, setRemote] = useRemotes();

  const offer = useCallback(
    async (participantId: number, peer: Peer, iceRestart = false) => {
      const description = await peer.pc.createOffer({ iceRestart });
      await peer.pc.setLocalDescription(description);
      await send(participantId, 'offer', peer.pc.localDescription);
    },
    [send],
  );

  const peerFor = useCallback(
    (participantId: number): Peer => {
      const existing = peers.current.get(participantId);
      if (existing) return existing;
      const pc = new RTCPeerConnection({ iceServers });
      const peer: Peer = {
        pc,
        offerer: !!me && me.participantId > participantId,
        pending: [],
        stats: { lost: 0, received: 0 },
      };
      if (local) local.getTracks().forEach((track) => pc.addTrack(track, local));
      else for (const kind of ['audio', 'video']) pc.addTransceiver(kind, { direction: 'recvonly' });
      pc.onicecandidate = (event) => {
        if (event.candidate) void send(participantId, 'candidate', event.candidate.toJSON());
      };
      pc.ontrack = (event) =>
        setRemote(participantId, { stream: event.streams[0] ?? new MediaStream([event.track]) });
      // A network change: the offerer restarts ICE; the other side answers the new offer.
      pc.oniceconnectionstatechange = () => {
        if (pc.iceConnectionState === 'failed' && peer.offerer) void offer(participantId, peer, true);
      };
      peers.current.set(participantId, peer);
      return peer;
    },
    [iceServers, local, me, offer, send, setRemote],
  );

  const drop = useCallback(
    (participantId: number) => {
      peers.current.get(participantId)?.pc.close();
      peers.current.delete(participantId);
      setRemote(participantId, null);
    },
    [setRemote],
  );

  const onRoom = useCallback(
    (state: TelehealthRoomState) => {
      setRoom(state);
      if (!me) return;
      const self = state.participants.find((p) => p.id === me.participantId);
      const inCall = state.status !== 'ended' && self?.state === 'admitted';
      const others = new Set(
        inCall
          ? state.participants
              .filter((p) => p.state === 'admitted' && p.id !== me.participantId)
              .map((p) => p.id)
          : [],
      );
      for (const id of [...peers.current.keys()]) if (!others.has(id)) drop(id);
      for (const id of others) {
        if (peers.current.has(id)) continue;
        const peer = peerFor(id);
        if (peer.offerer) void offer(id, peer);
      }
    },
    [drop, me, offer, peerFor],
  );

  const onSignal = useCallback(
    async (signal: TelehealthSignal) => {
      const peer = peerFor(signal.from);
      const payload = JSON.parse(signal.payload) as RTCSessionDescriptionInit & RTCIceCandidateInit;
      if (signal.kind === 'candidate') {
        if (peer.pc.remoteDescription) await peer.pc.addIceCandidate(payload).catch(() => undefined);
        else peer.pending.push(payload);
        return;
      }
      await peer.pc.setRemoteDescription(payload);
      for (const candidate of peer.pending.splice(0))
        await peer.pc.addIceCandidate(candidate).catch(() => undefined);
      if (signal.kind === 'offer') {
        await peer.pc.setLocalDescription(await peer.pc.createAnswer());
        await send(signal.from, 'answer', peer.pc.localDescription);
      }
    },
    [peerFor, send],
  );

  // The stream opens once we have our key and our camera (or know we have none): a message is handled in order.
  const handlers = useRef({ onRoom, onSignal });
  handlers.current = { onRoom, onSignal };
  const ready = !!me && media.settled;
  useEffect(() => {
    if (!me || !ready) return;
    const source = new EventSource(`${roomPath(roomId)}/stream?key=${encodeURIComponent(me.key)}`);
    let queue = Promise.resolve();
    source.addEventListener('room', (event) => {
      const parsed = telehealthRoomStateSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (parsed.success) queue = queue.then(() => handlers.current.onRoom(parsed.data));
    });
    source.addEventListener('signal', (event) => {
      const parsed = telehealthSignalSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (parsed.success)
        queue = queue.then(() => handlers.current.onSignal(parsed.data)).catch(() => undefined);
    });
    source.onopen = () => setStreamDown(false);
    source.onerror = () => setStreamDown(true);
    const all = peers.current;
    return () => {
      source.close();
      for (const peer of all.values()) peer.pc.close();
      all.clear();
    };
  }, [me, ready, roomId]);

  useTrackSwap(peers.current, local);
  useConnectionQuality(peers.current, setRemote);

  const leave = useLeave(roomId, me);

  return { room, remotes, streamDown, leave, peers };
}
