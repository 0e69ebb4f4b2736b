// The two-pane chat of /messages and /collaboration: my topics beside the open one (`?topic=`), searched by `?q=`
// and paged by `?page=`. On a phone the panes stack: the list, then the open topic with a way back. New messages
// arrive live through the event stream (every chat query key starts with 'chatMessage', the entity announced);
// while the stream is down the page says so, and it refetches when the stream is back.
import { CHAT_SEARCH_MAX_LENGTH, type ChatTopicKind } from '@carelane/shared-domain';
import { useUrlState } from '@carelane/shared-session';
import { EventStreamAlert, loadState, PageFrame, refresh, useNarrowScreen } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex } from 'antd';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { CHAT_ENTITY, chatQueries } from './chat-queries';
import { TopicList } from './TopicList';
import { TopicPane } from './TopicPane';
import { useOutbox } from './use-outbox';

/** SPEC §8, exact. */
export const STREAM_DOWN_MESSAGE =
  'Something is not right with messaging. You may not receive messages on time.';

const paramsSchema = z.object({
  topic: z.coerce.number().int().positive().optional(),
  q: z.string().trim().max(CHAT_SEARCH_MAX_LENGTH).optional(),
  page: z.coerce.number().int().positive().default(1),
});

export type ChatViewProps = {
  title: string;
  /** Only topics of this kind (the collaboration page lists care-team topics). */
  kind?: ChatTopicKind;
  /** What the list holds, for its label and empty state. */
  noun: string;
  /** More above the panes (the collaboration page's "open a service request's topic"). */
  extra?: ReactNode;
};

export function ChatView({ title, kind, noun, extra }: ChatViewProps) {
  const [{ topic: topicId, q, page }, setParams] = useUrlState(paramsSchema);
  const narrow = useNarrowScreen();
  const outbox = useOutbox();
  const topics = useQuery(chatQueries.topics(page, kind));
  const listLoaded = loadState(topics, `your ${noun}`, { keepStale: true });
  const open = (id: number) => setParams({ topic: id, q: null });
  const list = listLoaded.data ? (
    <TopicList
      list={listLoaded.data}
      openTopicId={topicId}
      onOpen={open}
      onPage={(pageNumber) => setParams({ page: pageNumber })}
      noun={noun}
    />
  ) : (
    listLoaded.fallback
  );
  const pane =
    topicId !== undefined ? (
      <TopicPane
        key={topicId}
        topicId={topicId}
        search={q ?? ''}
        onSearch={(search) => setParams({ q: search }, { replace: true })}
        onBack={narrow ? () => setParams({ topic: null, q: null }) : undefined}
        outbox={outbox}
      />
    ) : null;
  return (
    <PageFrame title={title}>
      <Flex vertical gap={16}>
        <EventStreamAlert message={STREAM_DOWN_MESSAGE} onReconnect={() => refresh(CHAT_ENTITY)} />
        {extra}
        {narrow ? (
          (pane ?? list)
        ) : (
          <Flex gap={24} align="flex-start">
            <div style={{ width: 320, flex: 'none' }}>{list}</div>
            <div style={{ flex: 1, minWidth: 0 }}>
              {pane ?? <Alert type="info" title="Choose a conversation to read and write in it." />}
            </div>
          </Flex>
        )}
      </Flex>
    </PageFrame>
  );
}
