import { getBus } from '@carelane/shared-session';
import { act, render, screen } from '@testing-library/react';
import { EventStreamAlert } from './EventStreamAlert';

const TEXT = 'Live updates may be late.';

afterEach(() => act(() => getBus().eventStream$.next('closed')));

describe('EventStreamAlert', () => {
  it('warns only while the event stream is down', () => {
    render(<EventStreamAlert message={TEXT} />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => getBus().eventStream$.next('connecting'));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => getBus().eventStream$.next('down'));
    expect(screen.getByRole('alert').textContent).toContain(TEXT);
    act(() => getBus().eventStream$.next('open'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('calls onReconnect when the stream is open again after being down, not on the first open', () => {
    const onReconnect = jest.fn();
    render(<EventStreamAlert message={TEXT} onReconnect={onReconnect} />);
    act(() => getBus().eventStream$.next('connecting'));
    act(() => getBus().eventStream$.next('open'));
    expect(onReconnect).not.toHaveBeenCalled();
    act(() => getBus().eventStream$.next('down'));
    act(() => getBus().eventStream$.next('open'));
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });
});
