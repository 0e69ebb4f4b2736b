import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorState } from './ErrorState';

describe('ErrorState', () => {
  it('shows the message as an alert, with a default title', () => {
    render(<ErrorState message="Sorry, invoices could not be loaded." />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(alert.textContent).toContain('Sorry, invoices could not be loaded.');
  });

  it("has no 'Retry' button without onRetry", () => {
    render(<ErrorState title="Not available" message="Try later." />);
    expect(screen.getByText('Not available')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it("calls onRetry from the 'Retry' button", async () => {
    const onRetry = jest.fn();
    render(<ErrorState message="Dynamic page loading failed" onRetry={onRetry} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
