// The cells of an inbox row: when it came, who sent it, its text, and its status.
import { formatPhone, type InboxItem, type SmsBlock } from '@carelane/shared-domain';
import { AreaLink } from '@carelane/shared-ui';
import { Flex, Tag, Typography } from 'antd';
import { Moment } from '../common/Moment';

export const CHANNEL_LABELS: Record<InboxItem['channel'], string> = { sms: 'SMS', email: 'Email' };

/** The number (NNN-NNN-NNNN) or address the message came from. */
export const senderAddress = (item: InboxItem) =>
  item.channel === 'sms' ? formatPhone(item.from) : item.from;

/** The matched clinician or user by name with what they are, else the number or address as an unknown sender. */
export function SenderCell({ item }: { item: InboxItem }) {
  const { sender } = item;
  if (sender.kind === 'unknown' || !sender.name)
    return (
      <Flex vertical gap={2} align="flex-start">
        <span>{senderAddress(item)}</span>
        <Tag>Unknown sender</Tag>
      </Flex>
    );
  const name =
    sender.kind === 'clinician' && sender.providerId !== null ? (
      <AreaLink to={`/provider?providerId=${sender.providerId}`}>{sender.name}</AreaLink>
    ) : (
      <span>{sender.name}</span>
    );
  return (
    <Flex vertical gap={2} align="flex-start">
      {name}
      <Flex gap={4} wrap align="center">
        <Tag color={sender.kind === 'clinician' ? 'blue' : 'purple'}>
          {sender.kind === 'clinician' ? 'Clinician' : 'User'}
        </Tag>
        <Typography.Text type="secondary">{senderAddress(item)}</Typography.Text>
      </Flex>
    </Flex>
  );
}

/** The email's subject in bold, then the text, a few lines of it until the reader asks for all. */
export function MessageText({ item }: { item: InboxItem }) {
  return (
    <div style={{ maxWidth: 480, minWidth: 0 }}>
      {item.subject ? (
        <Typography.Text strong style={{ display: 'block' }}>
          {item.subject}
        </Typography.Text>
      ) : null}
      <Typography.Paragraph
        ellipsis={{
          rows: 3,
          expandable: 'collapsible',
          // antd names the button by its locale ('Expand' / 'Collapse'): its text says the same (WCAG 2.5.3).
          symbol: (expanded) => (expanded ? 'Collapse' : 'Expand'),
        }}
        style={{ margin: 0, whiteSpace: 'pre-wrap' }}
      >
        {item.body}
      </Typography.Paragraph>
    </div>
  );
}

/** Pending or Handled (by whom and when), and the STOP / START keyword the message was. */
export function StatusCell({ item }: { item: InboxItem }) {
  return (
    <Flex vertical gap={2} align="flex-start">
      <Flex gap={4} wrap>
        <Tag color={item.status === 'Pending' ? 'gold' : 'green'}>{item.status}</Tag>
        {item.keyword ? <Tag color={item.keyword === 'STOP' ? 'red' : 'cyan'}>{item.keyword}</Tag> : null}
      </Flex>
      {item.status === 'Handled' && item.handledAt ? (
        <Typography.Text type="secondary">
          Handled{item.handledByName ? ` by ${item.handledByName}` : ''} at <Moment at={item.handledAt} />
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** Why SMS cannot reach a clinician (SPEC §5). */
export const blockReason = (block: SmsBlock) =>
  block.reason === 'optedOut' ? 'Replied STOP' : `No answer to ${block.unansweredCount} recent SMS`;
