// One visit on the clinician's phone: who and where (the address opens the maps app), when, its status, and
// Check in / Check out with a confirmation; the tap sends the device's position and time (the EVV record).
import {
  evvActionOf,
  formatVisitTime,
  isNoteEditable,
  isNoteSubmitted,
  viewerTimeZone,
  type EvvResult,
  type ProviderVisitRow,
  type VisitAddress,
  type VisitStatus,
} from '@carelane/shared-domain';
import { errorMessage, publishErrorToast, publishToast } from '@carelane/shared-session';
import { AreaLink, VisitStatusTag } from '@carelane/shared-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { currentPosition, evvCall, PositionUnavailable } from './provider-visit-queries';

export function addressText(address: VisitAddress): string {
  const street = [address.addressLine1, address.addressLine2].filter(Boolean).join(', ');
  const town = [address.city, [address.state, address.zipcode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [street, town].filter(Boolean).join(', ');
}

/** A maps link that opens the phone's maps app at the address (or the point when there is no street). */
export function mapsUrl(address: VisitAddress): string | null {
  const text = addressText(address);
  const query =
    text ||
    (address.latitude !== null && address.longitude !== null
      ? `${address.latitude},${address.longitude}`
      : '');
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : null;
}

/**
 * The visit's note (the notes area's `/note`): to write from the check-in on, or fix while due or rejected; to read
 * once submitted.
 */
function notesLinkText(status: VisitStatus): string | null {
  if (isNoteEditable(status)) return 'Write notes';
  if (isNoteSubmitted(status)) return 'View notes';
  return null;
}

/** A telehealth visit is held in /tc: its clinician starts or returns to it; staff join it while it may be on. */
function VideoVisitLink({
  visit,
  action,
  canAct,
}: {
  visit: ProviderVisitRow;
  action: 'checkIn' | 'checkOut' | null;
  canAct: boolean;
}) {
  const open = canAct ? action !== null : ['Staffed', 'VisitOverdue', 'AfterStaffed'].includes(visit.status);
  if (!open) return null;
  const text = !canAct
    ? 'Join the video visit'
    : action === 'checkIn'
      ? 'Start video visit'
      : 'Return to the video visit';
  return <AreaLink to={`/tc?visit=${visit.id}`}>{text}</AreaLink>;
}

const ACTIONS = {
  checkIn: { label: 'Check in', confirm: 'Check in to this visit now?', failed: 'checked in' },
  checkOut: { label: 'Check out', confirm: 'Check out of this visit now?', failed: 'checked out' },
} as const;

export function VisitCard({ visit, canAct }: { visit: ProviderVisitRow; canAct: boolean }) {
  const queryClient = useQueryClient();
  const action = canAct ? evvActionOf(visit.status) : null;
  const evv = useMutation({
    mutationFn: async (kind: 'checkIn' | 'checkOut'): Promise<EvvResult> => {
      const position = await currentPosition();
      return evvCall(visit.id, kind, { ...position, at: new Date().toISOString(), version: visit.version });
    },
    onSuccess: (result) => {
      publishToast(result.message);
      void queryClient.invalidateQueries({ queryKey: ['visit'] });
    },
    onError: (error, kind) =>
      publishErrorToast(
        error instanceof PositionUnavailable
          ? error.message
          : errorMessage(error, 'the visit', ACTIONS[kind].failed),
      ),
  });
  const where = addressText(visit.address);
  const maps = mapsUrl(visit.address);
  const who = visit.placeName ?? visit.patientName ?? visit.organizationName;
  const notesLink = notesLinkText(visit.status);
  // On the visit's clock (its organization's), the zone named when the phone's clock differs (decision 039).
  const viewer = viewerTimeZone();
  const time = (at: string) => formatVisitTime(at, visit.timeZone, viewer);
  return (
    <Card size="small" aria-label={`Visit ${who} ${time(visit.startAt)}`} style={{ width: '100%' }}>
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="flex-start" gap={8}>
          <div>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {who}
            </Typography.Text>
            <div>
              <Typography.Text type="secondary">{visit.visitType}</Typography.Text>
            </div>
          </div>
          <VisitStatusTag
            status={visit.status}
            episodeType={visit.episodeType}
            shiftConfirmedByFacility={visit.shiftConfirmedByFacility}
            lateCancellation={visit.lateCancellation}
          />
        </Flex>
        <Typography.Text>{`${time(visit.startAt)} – ${time(visit.endAt)}`}</Typography.Text>
        {where ? (
          maps ? (
            <Typography.Link href={maps} target="_blank" rel="noopener noreferrer">
              {where}
            </Typography.Link>
          ) : (
            <Typography.Text>{where}</Typography.Text>
          )
        ) : (
          <Typography.Text type="secondary">No address on file</Typography.Text>
        )}
        {visit.timeIn ? (
          <Typography.Text type="secondary">
            {`Checked in ${time(visit.timeIn)}${visit.timeOut ? `, out ${time(visit.timeOut)}` : ''}`}
          </Typography.Text>
        ) : null}
        {notesLink ? <AreaLink to={`/note?visitId=${visit.id}`}>{notesLink}</AreaLink> : null}
        {visit.telehealth ? <VideoVisitLink visit={visit} action={action} canAct={canAct} /> : null}
        {action && !visit.telehealth ? (
          <Popconfirm
            title={ACTIONS[action].confirm}
            description="Your position and the time are recorded."
            okText={ACTIONS[action].label}
            cancelText="Not now"
            onConfirm={() => evv.mutate(action)}
          >
            {/* Not antd's `loading`: toggled within milliseconds its icon can stay behind ('loading Check out'). */}
            <Button
              type="primary"
              size="large"
              block
              disabled={evv.isPending}
              aria-busy={evv.isPending}
              style={{ minHeight: 44 }}
            >
              {ACTIONS[action].label}
            </Button>
          </Popconfirm>
        ) : null}
      </Flex>
    </Card>
  );
}
