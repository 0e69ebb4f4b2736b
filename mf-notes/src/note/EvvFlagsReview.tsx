// The reviewer's side of the EVV flags (decision 038): each check-in or check-out recorded farther than the limit
// from the patient's address, and the explicit acknowledgement the server waits for before the notes can be
// approved (recorded with who and when).
import { EVV_MESSAGES, formatDateTime, type NoteEvvFlag } from '@carelane/shared-domain';
import { errorMessage, publishErrorToast, publishToast } from '@carelane/shared-session';
import { useBusy } from '@carelane/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex } from 'antd';
import { noteCalls } from './note-queries';

/** One flag as the reviewer reads it: which tap, when, how far, the limit. */
export function evvFlagLine(flag: NoteEvvFlag): string {
  const element = EVV_MESSAGES.elementNames[flag.element];
  return `${element} at ${formatDateTime(flag.at)}: ${flag.distanceMiles} mi from the patient's address (more than ${flag.limitMiles} mi)`;
}

export function EvvFlagsReview({ visitId, flags }: { visitId: number; flags: readonly NoteEvvFlag[] }) {
  const queryClient = useQueryClient();
  const { busy, run } = useBusy();
  const open = flags.filter((flag) => flag.acknowledgedAt === null);
  if (!open.length) return null;
  const acknowledge = () =>
    run(async () => {
      try {
        const result = await noteCalls.acknowledgeEvvFlags(
          visitId,
          open.map((flag) => flag.id),
        );
        publishToast(result.message);
        await queryClient.invalidateQueries({ queryKey: ['visit', 'note', visitId] });
      } catch (error) {
        publishErrorToast(errorMessage(error, 'the EVV flags', 'acknowledged'));
      }
    });
  return (
    <Alert
      type="warning"
      showIcon
      role="region"
      aria-label="EVV flags to review"
      title="Electronic visit verification: check before approving"
      description={
        <Flex vertical gap={8} align="flex-start">
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {open.map((flag) => (
              <li key={flag.id}>{evvFlagLine(flag)}</li>
            ))}
          </ul>
          <span>The notes can be approved once you have looked into it and acknowledged it.</span>
          <Button onClick={() => void acknowledge()} disabled={busy} aria-busy={busy}>
            {open.length > 1 ? 'Acknowledge the EVV flags' : 'Acknowledge the EVV flag'}
          </Button>
        </Flex>
      }
    />
  );
}
