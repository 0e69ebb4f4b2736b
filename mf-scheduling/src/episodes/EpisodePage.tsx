import { useUrlState } from '@carelane/shared-session';
import { AreaLink, PageFrame, loadState } from '@carelane/shared-ui';
import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { z } from 'zod';
import { todayIso } from '../patients/form-kit';
import { episodeQueries } from './episode-queries';
import { CareTeamConversation } from './CareTeamConversation';
import { EpisodeFiles } from './EpisodeFiles';
import { EpisodeForm } from './EpisodeForm';
import { EpisodeStatusTag } from './EpisodeTable';
import { EpisodeVisits } from './EpisodeVisits';

/** `?id=` opens a service request; without it, a new one (for `?patientId=` when given). */
const paramsSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  patientId: z.coerce.number().int().positive().optional(),
});

/** The notes' print page (mf-notes) for this service request, from its start once it has started. */
export function printAllNotesPath(episode: { id: number; startDate: string }): string {
  const from = episode.startDate <= todayIso() ? `&startDate=${episode.startDate}` : '';
  return `/notesPrint?episodeId=${episode.id}${from}`;
}

export default function EpisodePage() {
  const [{ id, patientId }] = useUrlState(paramsSchema);
  const episode = useQuery({ ...episodeQueries.one(id ?? 0), enabled: id !== undefined });
  if (id === undefined) {
    return (
      <PageFrame title="New service request">
        <EpisodeForm episode={null} patientId={patientId} onReload={() => undefined} />
      </PageFrame>
    );
  }
  const loaded = loadState(episode, 'the service request');
  if (!loaded.data) return <PageFrame title="Service request">{loaded.fallback}</PageFrame>;
  const e = loaded.data;
  return (
    <PageFrame
      title={`#${e.id} ${e.title}`}
      actions={
        <Flex gap={8} align="center" wrap>
          <Typography.Text type="secondary">{e.referralSource.name}</Typography.Text>
          <EpisodeStatusTag status={e.status} />
          <AreaLink to={printAllNotesPath(e)}>Print all notes</AreaLink>
          <CareTeamConversation episode={e} />
        </Flex>
      }
    >
      <EpisodeForm key={e.version} episode={e} onReload={() => void episode.refetch()} />
      <EpisodeVisits episode={e} />
      <EpisodeFiles episode={e} />
    </PageFrame>
  );
}
