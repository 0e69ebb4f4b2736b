// The inbox's filters, all in the URL: status (SPEC §4: Pending by default), channel and the search text (written
// to the URL a moment after typing stops). Each change goes back to the first page.
import { INBOUND_CHANNELS, INBOX_STATUS_FILTERS } from '@carelane/shared-domain';
import type { UrlValue } from '@carelane/shared-session';
import { ListFilters } from '@carelane/shared-ui';
import { Input, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { CHANNEL_LABELS } from './inbox-cells';
import type { InboxFilters as Filters } from './inbox-queries';

export const SEARCH_DEBOUNCE_MS = 400;

type SetFilters = (update: Partial<Record<keyof Filters, UrlValue>>) => void;

const statusOptions = INBOX_STATUS_FILTERS.map((status) => ({ value: status, label: status }));
const channelOptions = [
  { value: 'All', label: 'All channels' },
  ...INBOUND_CHANNELS.map((channel) => ({ value: channel, label: CHANNEL_LABELS[channel] })),
];

/** The search box: the URL follows the text once typing pauses. */
function SearchBox({ search, setFilters }: { search: string | undefined; setFilters: SetFilters }) {
  const [text, setText] = useState(search ?? '');
  const written = useRef(search ?? '');
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === written.current) return undefined;
    const timer = setTimeout(() => {
      written.current = trimmed;
      setFilters({ search: trimmed || null, pageNumber: null });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, setFilters]);
  return (
    <Input.Search
      aria-label="Search messages"
      placeholder="Text, subject, number, address or name"
      allowClear
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(value) => {
        written.current = value.trim();
        setFilters({ search: value.trim() || null, pageNumber: null });
      }}
      style={{ width: 300 }}
    />
  );
}

export function InboxFilters({ filters, setFilters }: { filters: Filters; setFilters: SetFilters }) {
  return (
    <ListFilters label="Inbox filters">
      <Select
        aria-label="Status"
        value={filters.status}
        options={statusOptions}
        onChange={(status: string) => setFilters({ status, pageNumber: null })}
        style={{ width: 140 }}
      />
      <Select
        aria-label="Channel"
        value={filters.channel ?? 'All'}
        options={channelOptions}
        onChange={(channel: string) =>
          setFilters({ channel: channel === 'All' ? null : channel, pageNumber: null })
        }
        style={{ width: 160 }}
      />
      <SearchBox search={filters.search} setFilters={setFilters} />
    </ListFilters>
  );
}
