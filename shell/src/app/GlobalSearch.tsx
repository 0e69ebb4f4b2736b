// The header's global search (issue 27): as you type (2+ characters, after a short pause) the server's hits in
// groups (patients, service requests, clinicians, organizations, invoices); choosing one opens its page. The
// server scopes what each role finds and records the patients named as a read.
import {
  SEARCH_GROUPS,
  SEARCH_GROUP_LABELS,
  globalSearchResponseSchema,
  type GlobalSearchResponse,
} from '@carelane/shared-domain';
import { apiClient } from '@carelane/shared-session';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Input, Typography, type GetRef } from 'antd';
import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { navigate } from '../routing/location';

/** How long typing must pause before the search is asked. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Fewer characters than this are not searched (the server answers 400 naming q). */
export const SEARCH_MIN_LENGTH = 2;
const SEARCH_ID = 'carelane-global-search';

type Focusable = { focus: () => void };

/** '/' anywhere but in a field focuses the global search box. */
function useSearchShortcut(input: RefObject<Focusable | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="textbox"]')) return;
      event.preventDefault();
      input.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [input]);
}

/** `value` once it has stayed the same for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type HitOption = { value: string; label: ReactNode };

/** The answer's groups as the list's option groups, the empty ones left out. */
function optionsOf(answer: GlobalSearchResponse | undefined) {
  if (!answer) return [];
  return SEARCH_GROUPS.flatMap((group) => {
    const hits = answer.groups[group];
    if (hits.length === 0) return [];
    return [
      {
        label: SEARCH_GROUP_LABELS[group],
        options: hits.map((hit): HitOption => ({
          // The path: unique among the hits, and what choosing one opens.
          value: hit.path,
          label: (
            <div>
              <div>{hit.title}</div>
              {hit.detail ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {hit.detail}
                </Typography.Text>
              ) : null}
            </div>
          ),
        })),
      },
    ];
  });
}

function useGlobalSearch(text: string) {
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = q.length >= SEARCH_MIN_LENGTH;
  const answer = useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/search', globalSearchResponseSchema, { searchParams: { q }, signal }),
    enabled,
    staleTime: 30_000,
  });
  const options = useMemo(() => (enabled ? optionsOf(answer.data) : []), [enabled, answer.data]);
  // "No matches" only for an answer to what is typed now, not while typing or asking.
  const answered = enabled && q === text.trim() && answer.isSuccess && !answer.isFetching;
  return { options, answered };
}

export function GlobalSearch() {
  const search = useRef<GetRef<typeof AutoComplete>>(null);
  useSearchShortcut(search);
  const [text, setText] = useState('');
  const { options, answered } = useGlobalSearch(text);
  return (
    <div data-unsaved-ignore style={{ width: '100%', maxWidth: 480 }}>
      <AutoComplete
        ref={search}
        id={SEARCH_ID}
        value={text}
        options={options}
        onChange={(value: string) => setText(value ?? '')}
        onSelect={(path: string) => {
          setText('');
          navigate(path);
        }}
        showSearch={{ filterOption: false }}
        // Enter opens only the option the arrow keys picked; with none picked it does nothing.
        defaultActiveFirstOption={false}
        notFoundContent={answered ? 'No matches' : null}
        virtual={false}
        popupMatchSelectWidth={false}
        styles={{ popup: { root: { minWidth: 320, maxWidth: 'calc(100vw - 16px)' } } }}
        style={{ width: '100%' }}
      >
        <Input.Search
          aria-label="Search"
          aria-keyshortcuts="/"
          placeholder="Search patients, clinicians, organizations…  (press /)"
          allowClear
        />
      </AutoComplete>
    </div>
  );
}
