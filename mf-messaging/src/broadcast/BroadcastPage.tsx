// `/broadcast` (issue 27, decision 065): the broadcasts of open visits sent from a visit's "Find clinicians", and
// at `?id=` one broadcast's delivery to each clinician, followed live while it sends.
import { useUrlState } from '@carelane/shared-session';
import { PageFrame } from '@carelane/shared-ui';
import { Alert, Flex } from 'antd';
import { BroadcastDetail } from './BroadcastDetail';
import { BroadcastList } from './BroadcastList';
import { broadcastUrlSchema } from './broadcast-queries';

export const BROADCAST_NOTE =
  'Broadcasts are sent from a visit’s “Find clinicians” (the fit score). This page follows their delivery.';

/** `/broadcast` */
export default function BroadcastPage() {
  const [url, setUrl] = useUrlState(broadcastUrlSchema);
  return (
    <PageFrame title="Broadcast">
      <Flex vertical gap={16}>
        <Alert type="info" showIcon title={BROADCAST_NOTE} />
        {url.id ? (
          <BroadcastDetail id={url.id} url={url} setUrl={setUrl} />
        ) : (
          <BroadcastList url={url} setUrl={setUrl} />
        )}
      </Flex>
    </PageFrame>
  );
}
