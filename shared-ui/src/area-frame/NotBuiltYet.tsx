import { Alert } from 'antd';
import { PageFrame } from '../page-frame/PageFrame';
import type { AreaRoute } from './area-routes';

/** What each route shows until its page is built: the area's frame, the page title and a plain notice. */
export function NotBuiltYet({ route, areaTitle }: { route: AreaRoute; areaTitle: string }) {
  return (
    <PageFrame title={route.title} subtitle={areaTitle}>
      <Alert
        type="info"
        showIcon
        title="Not built yet"
        description={`This page of ${areaTitle} comes with a later release.`}
      />
    </PageFrame>
  );
}
