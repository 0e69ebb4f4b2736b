import { publishErrorToast, publishToast } from '@carelane/shared-session';
import { act, render, screen } from '@testing-library/react';
import { ShellProviders } from './ShellProviders';
import { ToastOutlet, showInfoToast } from './toasts';

jest.setTimeout(20_000);

describe('ToastOutlet', () => {
  it('shows the success, error and info toasts, the first one as soon as the toasts load', async () => {
    render(
      <ShellProviders onError={jest.fn()}>
        <ToastOutlet />
      </ShellProviders>,
    );
    act(() => publishToast('Login successful.'));
    expect(await screen.findByText('Login successful.')).toBeTruthy();
    act(() => {
      publishErrorToast('Sorry, the user could not be saved.');
      showInfoToast('Searching everything from here comes with a later release.');
    });
    expect(await screen.findByText('Sorry, the user could not be saved.')).toBeTruthy();
    expect(
      await screen.findByText('Searching everything from here comes with a later release.'),
    ).toBeTruthy();
  });

  it('shows the toasts it starts with (signed in on the static page: Login successful.)', async () => {
    render(
      <ShellProviders onError={jest.fn()}>
        <ToastOutlet first={[{ kind: 'success', text: 'Login successful.' }]} />
      </ShellProviders>,
    );
    expect(await screen.findByText('Login successful.')).toBeTruthy();
  });
});
