import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddressAutocomplete, type AddressAutocompleteProps } from './AddressAutocomplete';
import { type AddressSuggestion } from './fetch-address-suggestions';

const CONGRESS: AddressSuggestion = {
  addressLine1: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zipcode: '78701',
  latitude: 30.2634,
  longitude: -97.7445,
  county: 'Travis',
  country: 'US',
};
const MAIN: AddressSuggestion = {
  addressLine1: '1200 Main St',
  city: 'Houston',
  state: 'TX',
  zipcode: '77002',
  latitude: 29.7535,
  longitude: -95.3677,
};

// jsdom has no Response; the component reads only ok, status and json().
const jsonResponse = (body: unknown, status = 200) =>
  ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response;

let fetchMock: jest.Mock;
const originalFetch = globalThis.fetch;

beforeEach(() => {
  jest.useFakeTimers();
  fetchMock = jest.fn();
  globalThis.fetch = fetchMock;
});

afterEach(() => {
  jest.useRealTimers();
  globalThis.fetch = originalFetch;
});

function setup(props: Partial<AddressAutocompleteProps> = {}) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const onSelect = jest.fn();
  const logger = { error: jest.fn() };
  render(<AddressAutocomplete onSelect={onSelect} logger={logger} {...props} />);
  const input = screen.getByRole('combobox', { name: 'Address' }) as HTMLInputElement;
  return { user, onSelect, logger, input };
}

/** Titles of the suggestions in an open list (a closed list keeps its last items, hidden). */
const visibleSuggestions = () =>
  Array.from(document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) [title]')).map(
    (item) => item.getAttribute('title'),
  );

const requestedQueries = () =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').searchParams.get('q'));

describe('AddressAutocomplete', () => {
  it('asks the maps service once, 200 ms after fast typing stops', async () => {
    fetchMock.mockResolvedValue(jsonResponse([CONGRESS]));
    const { user, input } = setup();
    await user.type(input, '100 Congress');
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => jest.advanceTimersByTimeAsync(199));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/maps/autocomplete?q=100%20Congress');
    expect(init.method).toBe('GET');
    expect(requestedQueries()).toEqual(['100 Congress']);
  });

  it('asks again when the user pauses, then types more', async () => {
    fetchMock.mockImplementation(async () => jsonResponse([]));
    const { user, input } = setup();
    await user.type(input, '100');
    await act(() => jest.advanceTimersByTimeAsync(250));
    await user.type(input, ' Congress');
    await act(() => jest.advanceTimersByTimeAsync(250));
    expect(requestedQueries()).toEqual(['100', '100 Congress']);
  });

  it('does not ask for blank text', async () => {
    const { user, input } = setup();
    await user.type(input, '   ');
    await act(() => jest.advanceTimersByTimeAsync(500));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the suggestions and gives the parts of the one picked', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ suggestions: [CONGRESS, MAIN, { addressLine1: 'broken' }] }));
    const { user, input, onSelect } = setup();
    await user.type(input, '1');
    await act(() => jest.advanceTimersByTimeAsync(200));
    expect(await screen.findByTitle('100 Congress Ave, Austin, TX 78701')).toBeTruthy();
    expect(screen.getByTitle('1200 Main St, Houston, TX 77002')).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('true');
    // The malformed suggestion is dropped.
    expect(visibleSuggestions()).toEqual([
      '100 Congress Ave, Austin, TX 78701',
      '1200 Main St, Houston, TX 77002',
    ]);
    await user.click(screen.getByTitle('1200 Main St, Houston, TX 77002'));
    expect(onSelect).toHaveBeenCalledWith({
      addressLine1: '1200 Main St',
      city: 'Houston',
      state: 'TX',
      zipcode: '77002',
      latitude: 29.7535,
      longitude: -95.3677,
    });
    expect(input.value).toBe('1200 Main St, Houston, TX 77002');
    await act(() => jest.advanceTimersByTimeAsync(500));
    expect(fetchMock).toHaveBeenCalledTimes(1); // picking is not a new search
  });

  it('gives county and country when the service knows them', async () => {
    fetchMock.mockResolvedValue(jsonResponse([CONGRESS]));
    const { user, input, onSelect } = setup();
    await user.type(input, '100');
    await act(() => jest.advanceTimersByTimeAsync(200));
    await user.click(await screen.findByTitle('100 Congress Ave, Austin, TX 78701'));
    expect(onSelect).toHaveBeenCalledWith(CONGRESS);
  });

  it('logs an error and shows no suggestions when the maps service answers 500', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse([CONGRESS])).mockResolvedValueOnce(jsonResponse({}, 500));
    const { user, input, logger } = setup();
    await user.type(input, '100');
    await act(() => jest.advanceTimersByTimeAsync(200));
    expect(await screen.findByTitle('100 Congress Ave, Austin, TX 78701')).toBeTruthy();
    await user.type(input, ' C');
    await act(() => jest.advanceTimersByTimeAsync(200));
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0][0]).toBe(
      'Address autocomplete failed: the maps service answered HTTP 500',
    );
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(visibleSuggestions()).toEqual([]);
  });

  it('logs to console.error by default', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(jsonResponse({}, 503));
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<AddressAutocomplete onSelect={jest.fn()} />);
    await user.type(screen.getByRole('combobox'), 'x');
    await act(() => jest.advanceTimersByTimeAsync(200));
    expect(consoleError).toHaveBeenCalledWith(
      'Address autocomplete failed: the maps service answered HTTP 503',
      expect.any(Error),
    );
  });

  it('logs a network failure from a custom source too', async () => {
    const fetchSuggestions = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    const { user, input, logger } = setup({ fetchSuggestions });
    await user.type(input, '12');
    await act(() => jest.advanceTimersByTimeAsync(200));
    expect(fetchSuggestions).toHaveBeenCalledWith('12', expect.any(AbortSignal));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(logger.error).toHaveBeenCalledWith('Failed to fetch', expect.any(TypeError));
  });

  it('ignores an answer that arrives after the user typed more', async () => {
    let answerFirst: (value: AddressSuggestion[]) => void = () => undefined;
    const fetchSuggestions = jest
      .fn()
      .mockImplementationOnce(() => new Promise<AddressSuggestion[]>((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce([MAIN]);
    const { user, input } = setup({ fetchSuggestions });
    await user.type(input, '1');
    await act(() => jest.advanceTimersByTimeAsync(200));
    await user.type(input, '2');
    await act(() => jest.advanceTimersByTimeAsync(200));
    await act(async () => answerFirst([CONGRESS]));
    expect(await screen.findByTitle('1200 Main St, Houston, TX 77002')).toBeTruthy();
    expect(visibleSuggestions()).toEqual(['1200 Main St, Houston, TX 77002']);
  });

  it('uses the debounce it is given', async () => {
    fetchMock.mockResolvedValue(jsonResponse([]));
    const { user, input } = setup({ debounceMs: 500 });
    await user.type(input, 'Main');
    await act(() => jest.advanceTimersByTimeAsync(499));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
