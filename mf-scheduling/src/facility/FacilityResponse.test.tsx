import { fireEvent, screen } from '@testing-library/react';
import { apiError } from '@carelane/shared-session/testing';
import { jsonResponse, renderPage, type ApiCall } from '../common/test-kit';
import ChangeVisitPage from './ChangeVisitPage';
import ConfirmationPage from './ConfirmationPage';
import RejectReasonPage from './RejectReasonPage';

jest.setTimeout(30_000);

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const assignment = (episodeType: string) => ({
  visitId: 11,
  episodeType,
  dateOfService: '2030-06-04',
  startAt: '2030-06-04T09:00:00.000Z',
  endAt: '2030-06-04T17:00:00.000Z',
  visitType: 'RN Shift',
  providerType: 'RN',
  clinicianName: 'Ana Lopez',
  status: 'Staffed',
  facilityResponse: null,
  shiftConfirmedByFacility: false,
});

function routeWith(episodeType: string, answer: (call: ApiCall) => Response) {
  return (call: ApiCall) => {
    if (call.method === 'GET' && call.url.pathname === '/api/public/facilityResponse')
      return jsonResponse({
        organizationName: 'Sunrise Home Health',
        expiresAt: '2030-06-01T00:00:00.000Z',
        assignments: [assignment(episodeType)],
      });
    if (call.method === 'POST' && call.url.pathname.startsWith('/api/public/facilityResponse/'))
      return answer(call);
    return undefined;
  };
}

describe('public facility pages', () => {
  it('accepts the assignments of the link', async () => {
    const page = renderPage(<ConfirmationPage />, {
      url: `/confirmation?token=${TOKEN}`,
      route: routeWith('Shift', () =>
        jsonResponse({ count: 1, message: 'Selected assignment(s) marked as accepted by facility.' }),
      ),
    });
    expect(await screen.findByText(/Ana Lopez/)).toBeTruthy();
    expect(screen.getByText(/Staffed, Facility Unaccepted/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept selected' }));
    expect(await screen.findByText('Selected assignment(s) marked as accepted by facility.')).toBeTruthy();
    const post = page.calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/public/facilityResponse/accept');
    expect(post.body).toEqual({ token: TOKEN, visitIds: [11] });
    page.done();
  });

  it('a failed shift confirmation says so with the server text', async () => {
    const page = renderPage(<ConfirmationPage />, {
      url: `/confirmation?token=${TOKEN}`,
      route: routeWith('Shift', () =>
        apiError(410, 'TOKEN_GONE', 'This link has already been used. Please contact your care coordinator.'),
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept selected' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Shift confirmation failed!. This link has already been used.',
    );
    page.done();
  });

  it('an expired link shows a clear message instead of the form', async () => {
    const page = renderPage(<ConfirmationPage />, {
      url: `/confirmation?token=${TOKEN}`,
      route: () =>
        apiError(410, 'TOKEN_GONE', 'This link has expired. Please contact your care coordinator.'),
    });
    expect(await screen.findByText(/This link has expired/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept selected' })).toBeNull();
    page.done();
  });

  it('a change request needs a date, a time or a note; a failure shows the update text', async () => {
    const page = renderPage(<ChangeVisitPage />, {
      url: `/changeVisit?token=${TOKEN}`,
      route: routeWith('Visit', () =>
        apiError(400, 'VALIDATION', 'note: give a new date, a new time or a note'),
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send change request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Give a new date, a new time or a note.');
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Afternoon please' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send change request' }));
    expect((await screen.findByText(/Assignment update failed!\./)).textContent).toContain(
      'Assignment update failed!.',
    );
    page.done();
  });

  it('rejecting needs a reason', async () => {
    const page = renderPage(<RejectReasonPage />, {
      url: `/rejectReason?token=${TOKEN}`,
      route: routeWith('Visit', (call) => {
        expect(call.body).toEqual({ token: TOKEN, visitIds: [11], reason: 'Not oriented' });
        return jsonResponse({
          count: 1,
          message: 'The assignment was rejected. The care coordinator has been told.',
        });
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline selected' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please give a reason.');
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Not oriented' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline selected' }));
    expect(
      await screen.findByText('The assignment was rejected. The care coordinator has been told.'),
    ).toBeTruthy();
    page.done();
  });
});
