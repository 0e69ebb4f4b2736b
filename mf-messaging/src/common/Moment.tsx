// An instant as the messaging pages show it: 'M/D/YYYY h:mm A' in the reader's clock, machine-readable underneath.
import dayjs from 'dayjs';

export function Moment({ at }: { at: string }) {
  return <time dateTime={at}>{dayjs(at).format('M/D/YYYY h:mm A')}</time>;
}
