import { publishErrorToast, publishToast } from '@carelane/shared-session';
import { act, render, screen } from '@testing-library/react';
import { ShellProviders } from './ShellProviders';
import { ToastOutlet } from './toasts';

// The toasts' code (antd's message) is loaded with the first toast; here its first load fails as it does offline.
const mockNetwork = { online: false };
jest.mock('./ToastHolder', () => {
  if (!mockNetwork.online) throw new Error('Loading chunk failed (offline)');
  return jest.requireActual('./ToastHolder');
});

jest.setTimeout(20_000);

describe('ToastOutlet after a failed load', () => {
  it('loads the toasts again once online, and shows what waited', async () => {
    render(
      <ShellProviders onError={jest.fn()}>
        <ToastOutlet />
      </ShellProviders>,
    );
    act(() => publishErrorToast('Please make sure you are online and then try again.'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Please make sure you are online and then try again.')).toBeNull();

    mockNetwork.online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Please make sure you are online and then try again.')).toBeTruthy();
    act(() => publishToast('Login successful.'));
    expect(await screen.findByText('Login successful.')).toBeTruthy();
  });
});
