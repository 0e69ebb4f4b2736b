// The service request's care-team conversation (SPEC §3 episode careTeamTopicId; decision 059): a link to it once
// it exists, else a button that opens it (the chat API makes it, or finds the one another member just made). Staff
// open it on /collaboration, everyone else on /messages; membership is the server's to decide.
import { chatTopicSchema, type Episode } from '@carelane/shared-domain';
import {
  apiClient,
  canOpen,
  errorMessage,
  navigateTo,
  publishErrorToast,
  useSession,
} from '@carelane/shared-session';
import { AreaLink } from '@carelane/shared-ui';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { z } from 'zod';

const openedSchema = z.object({ topic: chatTopicSchema });

export const conversationPath = (topicId: number, collaboration: boolean) =>
  `/${collaboration ? 'collaboration' : 'messages'}?topic=${topicId}`;

export function CareTeamConversation({ episode }: { episode: Pick<Episode, 'id' | 'careTeamTopicId'> }) {
  const session = useSession();
  const collaboration = !!session && canOpen(session, 'collaboration');
  const open = useMutation({
    mutationFn: () =>
      apiClient.post('/api/chat/topics', { kind: 'careTeam', episodeId: episode.id }, openedSchema),
    onSuccess: ({ topic }) => navigateTo(conversationPath(topic.id, collaboration)),
    onError: (error) => publishErrorToast(errorMessage(error, 'the care team conversation', 'opened')),
  });
  if (!session || !canOpen(session, 'messages')) return null;
  if (episode.careTeamTopicId !== null)
    return (
      <AreaLink to={conversationPath(episode.careTeamTopicId, collaboration)}>
        Care team conversation
      </AreaLink>
    );
  return (
    <Button size="small" loading={open.isPending} onClick={() => open.mutate()}>
      Start the care team conversation
    </Button>
  );
}
