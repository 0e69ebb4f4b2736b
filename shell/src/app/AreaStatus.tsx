import { Flex, Spin } from 'antd';
import { useSyncExternalStore } from 'react';
import type { AreaDeployment } from '../deployment/remotes-file';
import { areaState, areasSnapshot, isAreaMounted, retryArea, subscribeAreas } from '../federation/areas';
import { DYNAMIC_PAGE_LOADING_FAILED } from '../federation/client-log';
import { LazyErrorState } from './LazyErrorState';

/** Above the area slot: nothing once the area is mounted; a spinner while it loads; the error page with Retry. */
export function AreaStatus({ area }: { area: AreaDeployment }) {
  useSyncExternalStore(subscribeAreas, areasSnapshot, areasSnapshot);
  const state = areaState(area.name);
  if (state.state === 'failed') {
    return (
      <div data-area-error={area.name}>
        <LazyErrorState
          title="This page could not be loaded"
          message={`${DYNAMIC_PAGE_LOADING_FAILED}: ${area.title} is not available right now. The other pages still work. Check your connection and try again.`}
          onRetry={() => void retryArea(area.name)}
        />
      </div>
    );
  }
  if (isAreaMounted(area.name)) return null;
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }} role="status" aria-live="polite">
      <Spin tip={`Loading ${area.title}…`} size="large">
        <div style={{ width: 240, height: 80 }} />
      </Spin>
    </Flex>
  );
}
