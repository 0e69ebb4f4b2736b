import { render, screen } from '@testing-library/react';
import { PageFrame } from './PageFrame';

describe('PageFrame', () => {
  it('shows the title as the one h1, naming the page region', () => {
    render(
      <PageFrame title="Invoices" subtitle="Newest first">
        <p>Content</p>
      </PageFrame>,
    );
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Invoices');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Invoices' }).textContent).toContain('Content');
    expect(screen.getByText('Newest first')).toBeTruthy();
  });

  it('shows the actions', () => {
    render(<PageFrame title="Patients" actions={<button>New patient</button>} />);
    expect(screen.getByRole('button', { name: 'New patient' })).toBeTruthy();
  });
});
