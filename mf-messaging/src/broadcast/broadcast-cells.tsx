// The cells of /broadcast: the status tags, the delivery progress and the channels that reached a clinician.
import {
  TEMPLATE_CREDENTIAL_STATE_LABELS,
  type Broadcast,
  type BroadcastChannel,
  type BroadcastRecipientStatus,
  type BroadcastStatus,
} from '@carelane/shared-domain';
import { Flex, Progress, Tag } from 'antd';

const STATUS_COLORS: Record<BroadcastStatus, string> = {
  Queued: 'default',
  Sending: 'processing',
  Done: 'green',
};
export function BroadcastStatusTag({ status }: { status: BroadcastStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{status}</Tag>;
}

const RECIPIENT_COLORS: Record<BroadcastRecipientStatus, string> = {
  Pending: 'default',
  Sending: 'processing',
  Sent: 'green',
  Skipped: 'orange',
  Failed: 'red',
};
export function RecipientStatusTag({ status }: { status: BroadcastRecipientStatus }) {
  return <Tag color={RECIPIENT_COLORS[status]}>{status}</Tag>;
}

export const CHANNEL_LABELS: Record<BroadcastChannel, string> = { email: 'Email', sms: 'SMS', app: 'App' };
export function ChannelTags({ channels }: { channels: BroadcastChannel[] }) {
  if (channels.length === 0) return <span>None</span>;
  return (
    <Flex gap={4} wrap>
      {channels.map((channel) => (
        <Tag key={channel} color="blue">
          {CHANNEL_LABELS[channel]}
        </Tag>
      ))}
    </Flex>
  );
}

/** The credential state's name (decision 063's three), else the number. */
export const credentialStateLabel = (state: number) =>
  TEMPLATE_CREDENTIAL_STATE_LABELS[state as keyof typeof TEMPLATE_CREDENTIAL_STATE_LABELS] ??
  `Credential state ${state}`;

/** "3 sent / 1 skipped / 0 failed of 5". */
export const progressText = (b: Broadcast) =>
  `${b.sentCount} sent / ${b.skippedCount} skipped / ${b.failedCount} failed of ${b.recipientCount}`;

/** How far the delivery went: a bar of the recipients handled, with the figures as its text and name. */
export function BroadcastProgress({ broadcast }: { broadcast: Broadcast }) {
  const handled = broadcast.sentCount + broadcast.skippedCount + broadcast.failedCount;
  const percent = broadcast.recipientCount ? Math.round((handled / broadcast.recipientCount) * 100) : 100;
  const text = progressText(broadcast);
  return (
    <Flex vertical gap={2} style={{ minWidth: 160 }}>
      <Progress
        percent={percent}
        size="small"
        showInfo={false}
        status={broadcast.failedCount > 0 ? 'exception' : undefined}
        aria-label={`Delivery of broadcast ${broadcast.id}`}
      />
      <span>{text}</span>
    </Flex>
  );
}
