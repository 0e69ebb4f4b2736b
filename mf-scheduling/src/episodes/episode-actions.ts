// The service request page's writes, with the SPEC §8 toasts and failure texts.
import { episodeSchema, type Episode, type EpisodeUpdate } from '@carelane/shared-domain';
import { apiClient, errorMessage, publishErrorToast, publishToast } from '@carelane/shared-session';

export const EPISODE_TOASTS = {
  saved: 'Service Request saved.',
  published: 'Service Request saved. Notifications sent to all matching clinicians.',
  held: 'Service Request has been put on hold.',
  deleted: 'Service Request deleted.',
  /** Our texts: SPEC §8 has no toast for completing or archiving a service request. */
  completed: 'Service Request completed.',
  archived: 'Service Request archived.',
} as const;
export const THING = 'Service Request';

export type ActionOutcome = { ok: true; episode: Episode } | { ok: false; error: unknown; text: string };

async function run(
  call: () => Promise<Episode>,
  success: string,
  failedAction: 'saved' | 'published' | 'deleted' | 'completed' | 'archived',
): Promise<ActionOutcome> {
  try {
    const episode = await call();
    publishToast(success);
    return { ok: true, episode };
  } catch (error) {
    const text = errorMessage(error, THING, failedAction);
    publishErrorToast(text);
    return { ok: false, error, text };
  }
}

export const saveEpisode = (id: number | null, body: Record<string, unknown>) =>
  run(
    () =>
      id === null
        ? apiClient.post('/api/admin/episodes', body, episodeSchema)
        : apiClient.put(`/api/admin/episodes/${id}`, body as EpisodeUpdate, episodeSchema),
    EPISODE_TOASTS.saved,
    'saved',
  );

/** Saves the form first (so what is published is what is shown), then publishes. */
export const publishEpisode = (id: number, body: Record<string, unknown>) =>
  run(
    async () => {
      const saved = await apiClient.put(`/api/admin/episodes/${id}`, body, episodeSchema);
      return apiClient.post(`/api/admin/episodes/${id}/publish`, { version: saved.version }, episodeSchema);
    },
    EPISODE_TOASTS.published,
    'published',
  );

export const holdEpisode = (episode: Episode) =>
  run(
    () =>
      apiClient.post(`/api/admin/episodes/${episode.id}/hold`, { version: episode.version }, episodeSchema),
    EPISODE_TOASTS.held,
    'saved',
  );

export const deleteEpisode = (episode: Episode) =>
  run(
    () =>
      apiClient.post(`/api/admin/episodes/${episode.id}/delete`, { version: episode.version }, episodeSchema),
    EPISODE_TOASTS.deleted,
    'deleted',
  );

export const completeEpisode = (episode: Episode) =>
  run(
    () =>
      apiClient.post(
        `/api/admin/episodes/${episode.id}/complete`,
        { version: episode.version },
        episodeSchema,
      ),
    EPISODE_TOASTS.completed,
    'completed',
  );

export const archiveEpisode = (episode: Episode, reason: string) =>
  run(
    () =>
      apiClient.post(
        `/api/admin/episodes/${episode.id}/archive`,
        { version: episode.version, reason },
        episodeSchema,
      ),
    EPISODE_TOASTS.archived,
    'archived',
  );
