import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShellProviders } from './ShellProviders';

jest.setTimeout(20_000);

describe('ShellProviders', () => {
  it('shows the error state with Retry for a render error, reports it, and renders again on Retry', async () => {
    let broken = true;
    function Fragile() {
      if (broken) throw new Error('boom');
      return <p>Loaded again</p>;
    }
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // React reports caught errors
    const onError = jest.fn();
    render(
      <ShellProviders onError={onError}>
        <Fragile />
      </ShellProviders>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Sorry, this page could not be shown.');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }), expect.anything());
    broken = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Loaded again')).toBeTruthy();
  });
});
