import { render, screen } from '@testing-library/react';
import { VISIT_STATUSES, visitStatusLabel } from '@carelane/shared-domain';
import { visitTagLabel } from './visit-status';
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

  it("adds ', Facility Unaccepted' when the facility's confirmation is not recorded at all", () => {
    expect(tag({ status: 'Staffed', episodeType: 'shift' }).text).toBe('Staffed, Facility Unaccepted');
  });

  it('adds no suffix to a confirmed shift, a visit, or another status of a shift', () => {
    expect(tag({ status: 'Staffed', episodeType: 'Shift', shiftConfirmedByFacility: true }).text).toBe(
      'Staffed',
    );
    expect(tag({ status: 'Staffed', episodeType: 'Visit', shiftConfirmedByFacility: false }).text).toBe(
      'Staffed',
    );
    expect(tag({ status: 'NotesDue', episodeType: 'Shift', shiftConfirmedByFacility: false }).text).toBe(
      'Notes Due',
    );
  });

  it("shows NotesApproved with a late cancellation as 'Late Cancelled', coloured like a late cancellation", () => {
    const lateCancelled = tag({ status: 'NotesApproved', lateCancellation: true });
    expect(lateCancelled.text).toBe('Late Cancelled');
    expect(lateCancelled.color).toBe(tag({ status: 'LateCanceled' }).color);
    expect(tag({ status: 'NotesApproved', lateCancellation: false })).toMatchObject({
      text: 'Notes Approved',
      color: 'green',
    });
  });

  it("shows other statuses with shared-domain's readable label, each with an antd colour", () => {
    expect(tag({ status: 'Missed' })).toMatchObject({ text: 'Missed', color: 'red' });
    expect(tag({ status: 'Missed' }).className).toContain('ant-tag-red');
    expect(tag({ status: 'NotesInReview' })).toMatchObject({ text: 'Notes In Review', color: 'purple' });
    expect(tag({ status: 'VisitOverdue' }).text).toBe('Visit Overdue');
    for (const status of VISIT_STATUSES) expect(visitTagLabel({ status })).toBe(visitStatusLabel({ status }));
  });

  it('shows an unknown status as it is, in the default colour', () => {
    render(<VisitStatusTag status="Archived" />);
    expect(screen.getByText('Archived')).toBeTruthy();
    expect(tag({ status: 'Archived' }).color).toBe('default');
  });
});
