import { ADDRESS_AUTOCOMPLETE_DEBOUNCE_MS } from '@carelane/shared-domain';
import { AutoComplete } from 'antd';
import { useEffect, useRef, useState } from 'react';
import {
  type Address,
  addressLabel,
  type AddressSuggestion,
  fetchAddressSuggestions,
  type FetchSuggestions,
} from './fetch-address-suggestions';

export type AddressLogger = { error: (message: string, ...details: unknown[]) => void };

export type AddressAutocompleteProps = {
  /** The address text shown; a new value replaces what is typed. */
  value?: string;
  /** Called with the parts of the suggestion the user picked. */
  onSelect: (address: Address) => void;
  /** Called with the text as the user types. */
  onChange?: (text: string) => void;
  /** Defaults to `GET /api/maps/autocomplete?q=`; areas may pass their API client's call instead. */
  fetchSuggestions?: FetchSuggestions;
  /** Defaults to 200 ms (SPEC §9). */
  debounceMs?: number;
  /** Where failures go; defaults to console. */
  logger?: AddressLogger;
  placeholder?: string;
  /** Names the input for screen readers when there is no visible label; defaults to 'Address'. */
  ariaLabel?: string;
  id?: string;
  disabled?: boolean;
};

type Option = { value: string; label: string; key: string; address: AddressSuggestion };

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** An address input that asks the maps service for suggestions once the user pauses typing. */
export function AddressAutocomplete({
  value,
  onSelect,
  onChange,
  fetchSuggestions = fetchAddressSuggestions,
  debounceMs = ADDRESS_AUTOCOMPLETE_DEBOUNCE_MS,
  logger = console,
  placeholder = 'Start typing an address',
  ariaLabel = 'Address',
  id,
  disabled,
}: AddressAutocompleteProps) {
  const [text, setText] = useState(value ?? '');
  const [seenValue, setSeenValue] = useState(value);
  const [options, setOptions] = useState<Option[]>([]);
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; request?: AbortController }>({});

  if (value !== seenValue) {
    setSeenValue(value);
    setText(value ?? '');
  }

  useEffect(() => {
    const current = pending.current;
    return () => {
      clearTimeout(current.timer);
      current.request?.abort();
    };
  }, []);

  const load = async (query: string) => {
    const request = new AbortController();
    pending.current.request = request;
    try {
      const found = await fetchSuggestions(query, request.signal);
      if (request.signal.aborted) return;
      const seen = new Set<string>();
      const next: Option[] = [];
      for (const suggestion of found) {
        const label = addressLabel(suggestion);
        if (seen.has(label)) continue;
        seen.add(label);
        next.push({ value: label, label, key: String(next.length), address: suggestion });
      }
      setOptions(next);
    } catch (error) {
      if (request.signal.aborted || isAbort(error)) return;
      // The typed text is left out on purpose: it may be a patient's address.
      logger.error(error instanceof Error ? error.message : 'Address autocomplete failed', error);
      setOptions([]);
    }
  };

  const search = (typed: string) => {
    const { timer, request } = pending.current;
    clearTimeout(timer);
    request?.abort();
    const query = typed.trim();
    if (!query) {
      setOptions([]);
      return;
    }
    pending.current.timer = setTimeout(() => void load(query), debounceMs);
  };

  return (
    <AutoComplete<string, Option>
      id={id}
      aria-label={ariaLabel}
      className="carelane-address-autocomplete"
      style={{ width: '100%' }}
      value={text}
      options={options}
      placeholder={placeholder}
      disabled={disabled}
      showSearch={{ onSearch: search, filterOption: false }}
      onChange={(next) => {
        setText(next);
        onChange?.(next);
      }}
      onSelect={(_value, option) => {
        const { label: _label, ...address } = option.address;
        setOptions([]);
        onSelect(address);
      }}
    />
  );
}
