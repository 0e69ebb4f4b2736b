// My topics, latest activity first, 20 a page: title, last message and the unread badge; the open one is marked.
import { CHAT_UNREAD_CAP, type ChatTopic, type ChatTopicList } from '@carelane/shared-domain';
import { EmptyState, VISUALLY_HIDDEN } from '@carelane/shared-ui';
import { Badge, Button, Flex, Typography } from 'antd';

export type TopicListProps = {
  list: ChatTopicList;
  openTopicId: number | undefined;
  onOpen: (topicId: number) => void;
  onPage: (pageNumber: number) => void;
  /** What the list holds, for its label and empty state ("conversations", "care-team conversations"). */
  noun: string;
};

/** A count the server stopped at CHAT_UNREAD_CAP reads "99+". */
const unreadText = (count: number) => (count >= CHAT_UNREAD_CAP ? `${CHAT_UNREAD_CAP - 1}+` : String(count));

function lastMessageText(topic: ChatTopic): string {
  const last = topic.lastMessage;
  if (!last) return 'No messages yet';
  // A message that is only a file says which file.
  const text = last.body || (last.attachment ? `📎 ${last.attachment.fileName}` : '');
  return `${last.authorName}: ${text}`;
}

/**
 * The button's name is its own text (WCAG 2.5.3, label in name): the title, the unread count for screen readers
 * (the badge shows it), then the last message.
 */
function TopicButton({ topic, open, onOpen }: { topic: ChatTopic; open: boolean; onOpen: () => void }) {
  return (
    <Button
      type="text"
      block
      aria-current={open ? 'true' : undefined}
      onClick={onOpen}
      style={{
        height: 'auto',
        padding: '8px 12px',
        textAlign: 'left',
        whiteSpace: 'normal',
        background: open ? '#e6f4ff' : undefined,
      }}
    >
      <Flex justify="space-between" align="center" gap={8} style={{ width: '100%' }}>
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong={topic.unreadCount > 0}>
            {topic.title}
            {topic.unreadCount > 0 ? (
              <span style={VISUALLY_HIDDEN}>{` (${unreadText(topic.unreadCount)} unread)`}</span>
            ) : null}
          </Typography.Text>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 1 }} style={{ margin: 0 }}>
            {lastMessageText(topic)}
          </Typography.Paragraph>
        </div>
        {topic.unreadCount > 0 ? (
          <Badge count={topic.unreadCount} overflowCount={CHAT_UNREAD_CAP - 1} aria-hidden />
        ) : null}
      </Flex>
    </Button>
  );
}

export function TopicList({ list, openTopicId, onOpen, onPage, noun }: TopicListProps) {
  if (list.rows.length === 0)
    return (
      <EmptyState
        title={`No ${noun} yet.`}
        description="A conversation starts when a service request's care team or a colleague writes to you."
      />
    );
  return (
    <nav aria-label={`Your ${noun}`}>
      <Typography.Text type="secondary">
        {list.totalUnreadMessages > 0 ? `${list.totalUnreadMessages} unread in all` : 'All read'}
      </Typography.Text>
      <ul style={{ listStyle: 'none', margin: '8px 0', padding: 0 }}>
        {list.rows.map((topic) => (
          <li key={topic.id} style={{ marginBottom: 4 }}>
            <TopicButton topic={topic} open={topic.id === openTopicId} onOpen={() => onOpen(topic.id)} />
          </li>
        ))}
      </ul>
      {list.paging.pageCount > 1 ? (
        <Flex align="center" justify="space-between" gap={8}>
          <Button
            size="small"
            disabled={list.paging.pageNumber <= 1}
            onClick={() => onPage(list.paging.pageNumber - 1)}
          >
            Newer conversations
          </Button>
          <Typography.Text type="secondary">
            Page {list.paging.pageNumber} of {list.paging.pageCount}
          </Typography.Text>
          <Button
            size="small"
            disabled={list.paging.pageNumber >= list.paging.pageCount}
            onClick={() => onPage(list.paging.pageNumber + 1)}
          >
            Older conversations
          </Button>
        </Flex>
      ) : null}
    </nav>
  );
}
