import { render, screen } from '@testing-library/react';
import { VISIT_STATUSES, visitStatusLabel } from './visit-status';
import { VisitStatusTag, type VisitStatusTagProps } from './VisitStatusTag';

function tag(props: VisitStatusTagProps) {
  const { container, unmount } = render(<VisitStatusTag {...props} />);
  const element = container.querySelector('.carelane-visit-status') as HTMLElement;
  const shown = { text: element.textContent, color: element.dataset.color, className: element.className };
  unmount();
  return shown;
}

describe('VisitStatusTag', () => {
  it("shows Active as 'Published'", () => {
    expect(tag({ status: 'Active' })).toMatchObject({ text: 'Published', color: 'blue' });
  });

  it("adds ', Facility Unaccepted' to a Staffed shift the facility has not confirmed", () => {
    expect(tag({ status: 'Staffed', episodeType: 'Shift', shiftConfirmedByFacility: false }).text).toBe(
      'Staffed, Facility Unaccepted',
    );
  });

  it('adds no suffix to a confirmed shift, a visit, or another status of a shift', () => {
    expect(tag({ status: 'Staffed', episodeType: 'Shift', shiftConfirmedByFacility: true }).text).toBe(
      'Staffed',
    );
    expect(tag({ status: 'Staffed', episodeType: 'Visit', shiftConfirmedByFacility: false }).text).toBe(
      'Staffed',
    );
    expect(tag({ status: 'NotesDue', episodeType: 'Shift', shiftConfirmedByFacility: false }).text).toBe(
      'NotesDue',
    );
  });

  it("shows NotesApproved with a late cancellation as 'Late Cancelled', coloured like a late cancellation", () => {
    const lateCancelled = tag({ status: 'NotesApproved', lateCancellation: true });
    expect(lateCancelled.text).toBe('Late Cancelled');
    expect(lateCancelled.color).toBe(tag({ status: 'LateCanceled' }).color);
    expect(tag({ status: 'NotesApproved', lateCancellation: false })).toMatchObject({
      text: 'NotesApproved',
      color: 'green',
    });
  });

  it('shows other statuses as they are, each with an antd colour', () => {
    expect(tag({ status: 'Missed' })).toMatchObject({ text: 'Missed', color: 'red' });
    expect(tag({ status: 'Missed' }).className).toContain('ant-tag-red');
    expect(tag({ status: 'NotesInReview' })).toMatchObject({ text: 'NotesInReview', color: 'purple' });
    for (const status of VISIT_STATUSES) {
      if (status !== 'Active') expect(visitStatusLabel({ status })).toBe(status);
    }
  });

  it('shows an unknown status as it is, in the default colour', () => {
    render(<VisitStatusTag status="Archived" />);
    expect(screen.getByText('Archived')).toBeTruthy();
    expect(tag({ status: 'Archived' }).color).toBe('default');
  });
});
