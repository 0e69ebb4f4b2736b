import { render, screen } from '@testing-library/react';
import { RecordStatusTag } from './RecordStatusTag';

describe('RecordStatusTag', () => {
  it('shows ACTIVE in green', () => {
    render(<RecordStatusTag status="ACTIVE" />);
    expect(screen.getByText('ACTIVE').dataset.color).toBe('green');
  });

  it('shows any other status plainly, with its suffix', () => {
    render(<RecordStatusTag status="ARCHIVED" suffix=": Patient discharged" />);
    expect(screen.getByText('ARCHIVED: Patient discharged').dataset.color).toBe('default');
  });
});
