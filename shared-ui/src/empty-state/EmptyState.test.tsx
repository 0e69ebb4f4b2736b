import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('shows the title and the description', () => {
    render(<EmptyState title="No patients yet" description="Patients you add appear here." />);
    expect(screen.getByText('No patients yet')).toBeTruthy();
    expect(screen.getByText('Patients you add appear here.')).toBeTruthy();
  });

  it('offers the action', async () => {
    const onClick = jest.fn();
    render(<EmptyState title="No patients yet" action={<button onClick={onClick}>New patient</button>} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'New patient' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
