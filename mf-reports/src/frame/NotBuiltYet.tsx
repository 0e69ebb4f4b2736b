import { Alert, Typography } from 'antd';
import type { AreaRoute } from './area-routes';

/** What each route shows until its page is built: the area's frame, the page title and a plain notice. */
export function NotBuiltYet({ route, areaTitle }: { route: AreaRoute; areaTitle: string }) {
  return (
    <section className="carelane-page" style={{ padding: 24 }}>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {route.title}
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        title="Not built yet"
        description={`This page of ${areaTitle} comes with a later release.`}
      />
    </section>
  );
}
