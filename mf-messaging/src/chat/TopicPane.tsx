// The open topic: its title (and a way back to the list on a phone), search in it, its messages oldest to
// newest with older ones 20 at a time, and the composer. Marks the topic read up to the newest message shown.
import { type ChatMessage, type ChatTopic } from '@carelane/shared-domain';
import { loadState } from '@carelane/shared-ui';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { chatQueries, markRead } from './chat-queries';
import { Composer } from './Composer';
import { MessageLog } from './MessageLog';
import type { Outbox } from './use-outbox';

export type TopicPaneProps = {
  topicId: number;
  search: string;
  onSearch: (search: string) => void;
  /** Back to the list (shown on a phone, where the panes stack). */
  onBack?: () => void;
  outbox: Outbox;
};

/** Marks the topic read up to `newestId` once per newer message (the server moves the mark only forward). */
function useMarkRead(topic: ChatTopic | undefined, newestId: number | undefined) {
  const marked = useRef(new Map<number, number>());
  useEffect(() => {
    if (!topic || newestId === undefined) return;
    const done = Math.max(topic.lastReadMessageId ?? 0, marked.current.get(topic.id) ?? 0);
    if (newestId <= done) return;
    marked.current.set(topic.id, newestId);
    markRead(topic.id, newestId).catch(() => marked.current.delete(topic.id));
  }, [topic, newestId]);
}

function SearchBox({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  return (
    <Input.Search
      aria-label="Search this conversation"
      placeholder="Search this conversation"
      allowClear
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(value) => onSearch(value.trim())}
      style={{ maxWidth: 320 }}
    />
  );
}

export function TopicPane({ topicId, search, onSearch, onBack, outbox }: TopicPaneProps) {
  const topicQuery = useQuery(chatQueries.topic(topicId));
  const messagesQuery = useInfiniteQuery(chatQueries.messages(topicId, search));
  // Pages come newest first; the screen shows oldest to newest.
  const messages = useMemo<ChatMessage[]>(
    () => (messagesQuery.data?.pages ?? []).flatMap((page) => page.rows).reverse(),
    [messagesQuery.data],
  );
  useMarkRead(search ? undefined : topicQuery.data, messages.at(-1)?.id);
  // On a phone the list made way for this pane: the keyboard goes on with its heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loadedId = topicQuery.data?.id;
  const stacked = onBack !== undefined;
  useEffect(() => {
    if (stacked && loadedId !== undefined) headingRef.current?.focus();
  }, [stacked, loadedId]);
  const loaded = loadState(topicQuery, 'the conversation', { keepStale: true });
  const back = onBack ? <Button onClick={onBack}>Back to conversations</Button> : null;
  if (!loaded.data)
    return (
      <Flex vertical gap={8}>
        {back}
        {loaded.fallback}
      </Flex>
    );
  const topic = loaded.data;
  const pending = outbox.pending.filter((item) => item.topicId === topicId);
  const messagesLoaded = loadState(messagesQuery, 'the messages', { keepStale: true });
  return (
    <Flex vertical gap={12} aria-label={topic.title} role="region">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex align="center" gap={8} wrap>
          {back}
          <Typography.Title
            level={2}
            ref={headingRef}
            tabIndex={-1}
            style={{ fontSize: 18, margin: 0, outline: 'none' }}
          >
            {topic.title}
          </Typography.Title>
        </Flex>
        <SearchBox search={search} onSearch={onSearch} />
      </Flex>
      {messagesLoaded.data ? (
        <MessageLog
          title={topic.title}
          messages={messages}
          pending={pending}
          searching={search !== ''}
          hasOlder={messagesQuery.hasNextPage}
          loadingOlder={messagesQuery.isFetchingNextPage}
          onLoadOlder={() => void messagesQuery.fetchNextPage()}
          onRetry={outbox.retry}
        />
      ) : (
        messagesLoaded.fallback
      )}
      <Composer topicId={topicId} onSend={(body, file) => outbox.send(topicId, body, file)} />
    </Flex>
  );
}
