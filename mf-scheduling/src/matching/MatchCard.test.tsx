import { fireEvent, render, screen } from '@testing-library/react';
import type { MatchCandidate } from '@carelane/shared-domain';
import { MatchCard } from './MatchCard';

const candidate: MatchCandidate = {
  providerUserId: 7,
  givenName: 'Ana',
  familyName: 'Lopez',
  providerType: 'RN',
  providerTypeId: 1,
  patientsCount: 2,
  visitsCount: 1,
  shiftsCount: 0,
  providerRatingDetails: {},
  skills: [{ name: 'Wound care' }],
  rating: 4.2,
  lastLogin: new Date().toISOString(),
  fitScore: 87,
  careCoordinator: null,
  vacations: [],
  coverage: '2COVERED',
  distanceMiles: 1.4,
  factors: [{ name: 'distance', points: 14.4, max: 20, reason: '1.4 miles away' }],
  amounts: { organizationAmount: 100, clinicianAmount: 60, netProfit: 40, requiredMargin: 20 },
  selectable: true,
  notSelectableReason: null,
};

describe('MatchCard', () => {
  it('with rates: organization amount, clinician amount and net profit; assign calls back', () => {
    const onSelect = jest.fn();
    render(<MatchCard candidate={candidate} rateVisibility="all" onSelect={onSelect} />);
    expect(screen.getByLabelText('Fit score 87 of 100')).toBeTruthy();
    expect(screen.getByText('$100.00')).toBeTruthy();
    expect(screen.getByText('$60.00')).toBeTruthy();
    expect(screen.getByText('$40.00')).toBeTruthy();
    expect(screen.getByText('4.2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Assign Ana Lopez' }));
    expect(onSelect).toHaveBeenCalledWith(candidate);
  });

  it('organization rates only: never the clinician pay or the profit', () => {
    render(
      <MatchCard
        candidate={{ ...candidate, amounts: { organizationAmount: 100 } }}
        rateVisibility="organization"
      />,
    );
    expect(screen.getByText('Organization amount')).toBeTruthy();
    expect(screen.queryByText('Clinician amount')).toBeNull();
    expect(screen.queryByText('Net profit')).toBeNull();
    expect(screen.queryByRole('button', { name: /Assign/ })).toBeNull();
  });

  it('simple card without rates', () => {
    render(<MatchCard candidate={{ ...candidate, amounts: null }} rateVisibility="none" />);
    expect(screen.queryByLabelText('Rates')).toBeNull();
    expect(screen.queryByText('Organization amount')).toBeNull();
    expect(screen.getByText('Ana Lopez')).toBeTruthy();
  });

  it('not selectable: the assign button is disabled and the card says why', () => {
    const onSelect = jest.fn();
    render(
      <MatchCard
        candidate={{
          ...candidate,
          selectable: false,
          notSelectableReason: 'Fixed rate cannot be more than $80.00',
        }}
        rateVisibility="all"
        onSelect={onSelect}
      />,
    );
    const button = screen.getByRole('button', { name: 'Assign Ana Lopez' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toBe(
      'Not selectable: Fixed rate cannot be more than $80.00',
    );
  });

  it("not credentialed on the visit's date: every viewer reads why (only money reasons are staff's)", () => {
    const reason = 'Not fully credentialed on 6/4/2030: Licence or certification expired on 6/3/2030.';
    const onSelect = jest.fn();
    const { unmount } = render(
      <MatchCard
        candidate={{ ...candidate, selectable: false, notSelectableReason: reason }}
        rateVisibility="all"
        onSelect={onSelect}
      />,
    );
    expect((screen.getByRole('button', { name: 'Assign Ana Lopez' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByRole('note').textContent).toBe(`Not selectable: ${reason}`);
    unmount();
    render(
      <MatchCard
        candidate={{
          ...candidate,
          amounts: { organizationAmount: 100 },
          selectable: false,
          notSelectableReason: reason,
        }}
        rateVisibility="organization"
      />,
    );
    expect(screen.getByRole('note').textContent).toBe(`Not selectable: ${reason}`);
  });

  it('shows the factor breakdown when expanded', () => {
    render(<MatchCard candidate={candidate} rateVisibility="all" />);
    fireEvent.click(screen.getByText('Why this score'));
    expect(screen.getByText(/distance: 1.4 miles away/)).toBeTruthy();
  });
});
