import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, renderPage, type RenderedPage, type Route } from '@carelane/shared-ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ClinicianFeedbackPage from './ClinicianFeedbackPage';

jest.setTimeout(120_000);

let page: RenderedPage | undefined;
afterEach(() => page?.done());
const open = (url: string, route: Route) => {
  page = renderPage(<ClinicianFeedbackPage />, { url, route });
  return page;
};
const details = {
  dateOfService: '2026-11-20',
  clinicianFirstName: 'Casey',
  expiresAt: '2026-12-04T00:00:00.000Z',
};

describe('/clinicianFeedBack', () => {
  it("shows only the visit's date and the clinician's first name, and sends 1-5 stars with a comment", async () => {
    const view = open('/clinicianFeedBack?token=abc', (call) => {
      if (call.method === 'GET') return jsonResponse(details);
      return jsonResponse({ message: 'Thank you for your feedback.' });
    });
    expect(await screen.findByText('How was the visit of 11/20/2026 with Casey?')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('Choose 1 to 5 stars.')).toBeTruthy();
    expect(view.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(screen.getAllByRole('radio')[3]!);
    await user.type(screen.getByRole('textbox'), 'Kind and on time.');
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText('Thank you for your feedback.')).toBeTruthy();
    expect(view.calls.find((c) => c.method === 'POST')!.body).toEqual({
      token: 'abc',
      rating: 4,
      comment: 'Kind and on time.',
    });
  });

  it("shows 'Failed to provide ratings. ' and the server's text for a used link", async () => {
    open('/clinicianFeedBack?token=abc', (call) => {
      if (call.method === 'GET') return jsonResponse(details);
      return apiError(409, 'This feedback link has already been used.');
    });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('radio'))[4]!);
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(
      await screen.findByText('Failed to provide ratings. This feedback link has already been used.'),
    ).toBeTruthy();
  });

  it('shows at once that a visit already rated is not rated again', async () => {
    open('/clinicianFeedBack?token=again', () =>
      apiError(409, 'This visit has already been rated. Each visit is rated once.'),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Failed to provide ratings. This visit has already been rated. Each visit is rated once.',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Send rating' })).toBeNull();
  });

  it('shows the failure for an expired link at once', async () => {
    open('/clinicianFeedBack?token=old', () =>
      apiError(400, 'token: This feedback link has expired.', [
        { field: 'token', message: 'This feedback link has expired.' },
      ]),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Failed to provide ratings. This feedback link has expired.',
      ),
    );
  });
});
