// The timeline's filters, all in the URL: the kinds shown (none chosen: every kind; the patient access log only for
// a patient) and the days from / to, either end open. Each change goes back to the first page.
import {
  DATE_FORMAT,
  TIMELINE_KIND_LABELS,
  TIMELINE_KINDS,
  type TimelineSubject,
} from '@carelane/shared-domain';
import type { UrlValue } from '@carelane/shared-session';
import { ListFilters } from '@carelane/shared-ui';
import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TimelineUrl } from './timeline-queries';

type SetUrl = (update: Partial<Record<keyof TimelineUrl, UrlValue>>) => void;

const ISO_DAY = 'YYYY-MM-DD';

/** The kinds a subject's timeline has: the access log is a patient's alone. */
export const kindOptions = (subject: TimelineSubject) =>
  TIMELINE_KINDS.filter((kind) => kind !== 'access' || subject === 'patient').map((kind) => ({
    value: kind,
    label: TIMELINE_KIND_LABELS[kind],
  }));

const dayValue = (iso: string | undefined) => (iso ? dayjs(iso) : null);
const isoOf = (date: Dayjs | null) => (date ? date.format(ISO_DAY) : null);

export function TimelineFilters({
  subject,
  url,
  setUrl,
}: {
  subject: TimelineSubject;
  url: TimelineUrl;
  setUrl: SetUrl;
}) {
  const options = kindOptions(subject);
  const chosen = (url.kinds ?? []).filter((kind) => options.some((option) => option.value === kind));
  // SPEC §5: an end before the start gives the one day of the start.
  const setFrom = (date: Dayjs | null) => {
    const from = isoOf(date);
    const to = from && url.to && url.to < from ? from : url.to;
    setUrl({ from, to, pageNumber: null });
  };
  const setTo = (date: Dayjs | null) => {
    const to = isoOf(date);
    setUrl({ to: to && url.from && to < url.from ? url.from : to, pageNumber: null });
  };
  return (
    <ListFilters label="Timeline filters">
      <Select
        mode="multiple"
        aria-label="Kinds"
        placeholder="All kinds"
        allowClear
        value={chosen}
        options={options}
        onChange={(kinds: string[]) =>
          setUrl({ kinds: kinds.length ? kinds.join(',') : null, pageNumber: null })
        }
        style={{ minWidth: 240, maxWidth: 480 }}
      />
      <DatePicker
        aria-label="From"
        placeholder="From"
        format={DATE_FORMAT}
        value={dayValue(url.from)}
        onChange={setFrom}
        style={{ width: 150 }}
      />
      <DatePicker
        aria-label="To"
        placeholder="To"
        format={DATE_FORMAT}
        value={dayValue(url.to)}
        onChange={setTo}
        style={{ width: 150 }}
      />
    </ListFilters>
  );
}
