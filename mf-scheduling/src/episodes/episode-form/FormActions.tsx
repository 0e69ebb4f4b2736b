import { navigateTo } from '@carelane/shared-session';
import { Button, Flex } from 'antd';
import { ArchiveWithReasonButton } from '../../common/reason-lists';
import { availableActions } from '../episode-form-model';
import type { Episode } from '@carelane/shared-domain';
import type { EpisodeActions } from './use-episode-actions';

export type FormActionsProps = {
  episode: Episode | null;
  editable: boolean;
  actions: EpisodeActions;
};

/** Save (or create) and the status actions the request allows now, then back to the list. */
export function FormActions({ episode, editable, actions }: FormActionsProps) {
  const { busy } = actions;
  const allowed = availableActions(episode);
  return (
    <Flex gap={8} wrap>
      {editable ? (
        <Button type="primary" htmlType="submit" loading={busy === 'save'}>
          {episode ? 'Save' : 'Create service request'}
        </Button>
      ) : null}
      {allowed.includes('publish') ? (
        <Button onClick={actions.publish} loading={busy === 'publish'}>
          Publish
        </Button>
      ) : null}
      {allowed.includes('hold') ? (
        <Button onClick={actions.hold} loading={busy === 'hold'}>
          Hold
        </Button>
      ) : null}
      {allowed.includes('complete') ? (
        <Button onClick={actions.complete} loading={busy === 'complete'}>
          Complete
        </Button>
      ) : null}
      {allowed.includes('archive') ? (
        <ArchiveWithReasonButton title="Archive this service request?" onArchive={actions.archive}>
          <p>
            It leaves the active lists and can no longer be changed; published visits that nobody took expire.
            Pick the reason.
          </p>
        </ArchiveWithReasonButton>
      ) : null}
      {allowed.includes('delete') ? (
        <Button danger onClick={actions.remove} loading={busy === 'delete'}>
          Delete
        </Button>
      ) : null}
      <Button disabled={false} onClick={() => navigateTo('/episodes')}>
        Back to service requests
      </Button>
    </Flex>
  );
}
