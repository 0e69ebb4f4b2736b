// The visit the note is for, and its EVV record (issue 12 "Time in / time out"): the six EVV elements, time in
// and out against the scheduled time, where the device was at check-in and check-out, and the flags a reviewer
// acknowledges before approving (decision 038).
import {
  formatDate,
  formatDateTime,
  formatVisitTime,
  viewerTimeZone,
  type NoteEvvFlag,
  type NoteVisit,
} from '@carelane/shared-domain';
import { visitStatusColor } from '@carelane/shared-ui';
import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { memo } from 'react';

/** Time in more than this many minutes from the scheduled start (or out this far past the end) is flagged. */
export const EVV_TOLERANCE_MINUTES = 15;

export type EvvCheck = {
  /** Minutes between time in and the scheduled start (negative: early); null before check-in. */
  minutesFromStart: number | null;
  /** Time in is more than EVV_TOLERANCE_MINUTES from the scheduled start. */
  startFlagged: boolean;
  /** The visit began before or ended after its scheduled window (beyond the tolerance). */
  outsideWindow: boolean;
};

const minutesBetween = (later: string, earlier: string) => dayjs(later).diff(dayjs(earlier), 'minute', true);

/** Time in / time out checked against the scheduled time. */
export function checkEvv(
  visit: Pick<NoteVisit, 'scheduledStart' | 'scheduledEnd' | 'timeIn' | 'timeOut'>,
): EvvCheck {
  const minutesFromStart =
    visit.timeIn === null ? null : Math.round(minutesBetween(visit.timeIn, visit.scheduledStart));
  const startFlagged = minutesFromStart !== null && Math.abs(minutesFromStart) > EVV_TOLERANCE_MINUTES;
  const early = minutesFromStart !== null && minutesFromStart < -EVV_TOLERANCE_MINUTES;
  const late =
    visit.timeOut !== null && minutesBetween(visit.timeOut, visit.scheduledEnd) > EVV_TOLERANCE_MINUTES;
  return { minutesFromStart, startFlagged, outsideWindow: early || late };
}

/**
 * A time on the visit's clock (its organization's), the zone named when the viewer's differs (decision 039). A copy
 * kept on the device before visits carried their zone shows the viewer's clock.
 */
function visitTime(visit: Partial<Pick<NoteVisit, 'timeZone'>>) {
  const viewer = viewerTimeZone();
  return (value: string | null) => (value ? formatVisitTime(value, visit.timeZone ?? viewer, viewer) : '—');
}

function fromStartText(minutes: number): string {
  if (minutes === 0) return 'on time';
  const amount = Math.abs(minutes);
  return `${amount} min ${minutes > 0 ? 'after' : 'before'} the scheduled start`;
}

/** Memoized, as EvvCard: the note page re-renders around the form at every save. */
export const VisitCard = memo(function VisitCard({ visit }: { visit: NoteVisit }) {
  const time = visitTime(visit);
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>Visit</h2>}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'patient', label: 'Patient', children: visit.patientName },
          { key: 'date', label: 'Date of service', children: formatDate(visit.dateOfService) },
          {
            key: 'scheduled',
            label: 'Scheduled',
            children: `${time(visit.scheduledStart)} – ${time(visit.scheduledEnd)}`,
          },
          { key: 'clinician', label: 'Clinician', children: `${visit.providerName} (${visit.providerType})` },
          { key: 'type', label: 'Visit type', children: visit.visitType },
          { key: 'organization', label: 'Organization', children: visit.referralSourceName },
          {
            key: 'status',
            label: 'Status',
            children: (
              <Tag
                color={visitStatusColor({ status: visit.status, lateCancellation: visit.lateCancellation })}
              >
                {visit.statusLabel}
              </Tag>
            ),
          },
        ]}
      />
    </Card>
  );
});

function Flag({ children }: { children: string }) {
  return <Tag color="orange">{children}</Tag>;
}

/** The visit's EVV flags; none in a copy kept on the device before flags existed. */
export const evvFlagsOf = (visit: NoteVisit): NoteEvvFlag[] =>
  (visit as Partial<Pick<NoteVisit, 'evvFlags'>>).evvFlags ?? [];

const miles = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} mi`;

/** What a flag says: how far the tap was, the limit, and whether a reviewer acknowledged it. */
export function evvFlagText(flag: NoteEvvFlag): string {
  const far = `More than ${flag.limitMiles} mi away`;
  return flag.acknowledgedAt
    ? `${far}: acknowledged by ${flag.acknowledgedByName ?? 'a reviewer'}, ${formatDateTime(flag.acknowledgedAt)}`
    : `${far}: needs review`;
}

/** The EVV card: time in/out vs the schedule, and the check-in/check-out locations against the patient's address. */
export const EvvCard = memo(function EvvCard({
  visit,
  locationExpiryInMins,
}: {
  visit: NoteVisit;
  locationExpiryInMins: number;
}) {
  const check = checkEvv(visit);
  const time = visitTime(visit);
  const where = (kind: 'checkIn' | 'checkOut') => {
    const record = visit.evv.find((item) => item.kind === kind);
    if (!record) return <Typography.Text type="secondary">Not recorded</Typography.Text>;
    if (record.location === 'telehealth') return <Tag color="blue">Telehealth (video call)</Tag>;
    if (record.latitude === null || record.longitude === null) return <Flag>No location</Flag>;
    const flags = evvFlagsOf(visit).filter((flag) => flag.element === kind);
    return (
      <Flex gap={6} wrap align="center">
        <span>
          {record.distanceMiles === null
            ? 'Distance unknown'
            : `${miles(record.distanceMiles)} from the patient's address`}
        </span>
        {record.locationFresh ? (
          <Tag color="green">{`Location fresh (within ${locationExpiryInMins} min)`}</Tag>
        ) : (
          <Flag>{`Location older than ${locationExpiryInMins} min`}</Flag>
        )}
        {flags.map((flag) => (
          <Tag key={flag.id} color={flag.acknowledgedAt ? 'blue' : 'red'}>
            {evvFlagText(flag)}
          </Tag>
        ))}
      </Flex>
    );
  };
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>Electronic visit verification</h2>}>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'in',
            label: 'Time in',
            children: (
              <Flex gap={6} wrap align="center">
                <span>
                  {time(visit.timeIn)}
                  {check.minutesFromStart !== null ? ` (${fromStartText(check.minutesFromStart)})` : ''}
                </span>
                {check.startFlagged ? (
                  <Flag>{`More than ${EVV_TOLERANCE_MINUTES} min off schedule`}</Flag>
                ) : null}
              </Flex>
            ),
          },
          {
            key: 'out',
            label: 'Time out',
            children: (
              <Flex gap={6} wrap align="center">
                <span>{time(visit.timeOut)}</span>
                {check.outsideWindow ? <Flag>Outside the scheduled window</Flag> : null}
              </Flex>
            ),
          },
          { key: 'checkIn', label: 'Check-in location', children: where('checkIn') },
          { key: 'checkOut', label: 'Check-out location', children: where('checkOut') },
          {
            key: 'address',
            label: "Patient's address",
            children: visit.address ?? <Typography.Text type="secondary">No address on file</Typography.Text>,
          },
        ]}
      />
    </Card>
  );
});
