import type { Episode } from '@carelane/shared-domain';
import { navigateTo } from '@carelane/shared-session';
import { App, type FormInstance } from 'antd';
import { useState } from 'react';
import { refresh, showFieldErrors } from '@carelane/shared-ui';
import { isStale } from '../../patients/form-kit';
import {
  archiveEpisode,
  completeEpisode,
  deleteEpisode,
  holdEpisode,
  publishEpisode,
  saveEpisode,
  type ActionOutcome,
} from '../episode-actions';
import { aliasedFieldErrors, toBody, type EpisodeFormValues } from '../episode-form-model';

/**
 * The writes of the service request form (save, publish, hold, complete, archive, delete): which one runs, and
 * the failure or stale-edit text of the last one.
 */
export function useEpisodeActions(
  episode: Episode | null,
  form: FormInstance<EpisodeFormValues>,
  staff: boolean,
) {
  const { modal } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);

  const placeFieldErrors = (error: unknown) => {
    showFieldErrors(form, error);
    form.setFields(aliasedFieldErrors(error));
  };
  const settle = (name: string, outcome: ActionOutcome, after?: (episode: Episode) => void) => {
    // A failed publish may follow a successful save: reload so the next write sends the new version.
    if (outcome.ok || (name === 'publish' && !isStale(outcome.error))) refresh('episode');
    if (outcome.ok) {
      after?.(outcome.episode);
      return;
    }
    placeFieldErrors(outcome.error);
    if (isStale(outcome.error)) setStale(outcome.text);
    else setFailure(outcome.text);
  };
  const act = async (name: string, run: () => Promise<ActionOutcome>, after?: (episode: Episode) => void) => {
    setBusy(name);
    setFailure(null);
    setStale(null);
    settle(name, await run(), after);
    setBusy(null);
  };
  const body = () => toBody(form.getFieldsValue(true) as EpisodeFormValues, staff, !episode);
  const withVersion = () => ({ ...body(), version: episode!.version });

  const save = () =>
    void form.validateFields().then(
      () =>
        act(
          'save',
          () => saveEpisode(episode?.id ?? null, episode ? withVersion() : body()),
          (saved) => {
            if (!episode) navigateTo(`/episode?id=${saved.id}`);
          },
        ),
      () => undefined,
    );
  const publish = () =>
    void form.validateFields().then(
      () => act('publish', () => publishEpisode(episode!.id, withVersion())),
      () => undefined,
    );
  const hold = () => void act('hold', () => holdEpisode(episode!));
  const complete = () =>
    modal.confirm({
      title: 'Complete this service request?',
      content:
        'Its published visits that nobody took expire, and the service request can no longer be changed.',
      okText: 'Complete',
      onOk: () => act('complete', () => completeEpisode(episode!)),
    });
  const archive = async (reason: string) => {
    let archived = false;
    await act(
      'archive',
      () => archiveEpisode(episode!, reason),
      () => (archived = true),
    );
    return archived;
  };
  const remove = () =>
    modal.confirm({
      title: 'Delete this service request?',
      content: 'Its visits are deleted too. This cannot be undone.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () =>
        act(
          'delete',
          () => deleteEpisode(episode!),
          () => navigateTo('/episodes'),
        ),
    });

  return {
    busy,
    failure,
    stale,
    clearStale: () => setStale(null),
    save,
    publish,
    hold,
    complete,
    archive,
    remove,
  };
}

export type EpisodeActions = ReturnType<typeof useEpisodeActions>;
