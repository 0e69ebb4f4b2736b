import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, renderPage, type ApiCall } from '@carelane/shared-ui/testing';
import ProviderOrientationPage from './ProviderOrientationPage';
import { myList, takeView } from './test-fixtures';

jest.setTimeout(60_000);

const TAKE = '/api/operation/providers/9/orientations/4';

describe('ProviderOrientationPage', () => {
  it('walks the sections, resuming at the first unread, then takes the quiz and sees the score', async () => {
    let viewed = [11];
    let quizAnswers: unknown;
    const page = renderPage(<ProviderOrientationPage />, {
      url: '/providerOrientation',
      roleId: 4,
      route: (call: ApiCall) => {
        const path = call.url.pathname;
        if (path === '/api/operation/myOrientations')
          return jsonResponse(myList('InProgress', viewed.length));
        if (path === TAKE) return jsonResponse(takeView(viewed));
        if (path === `${TAKE}/sections/12/viewed`) {
          viewed = [11, 12];
          return jsonResponse(takeView(viewed));
        }
        if (path === `${TAKE}/quiz`) {
          quizAnswers = call.body;
          return jsonResponse({
            score: 67,
            correct: 2,
            total: 3,
            passMark: 67,
            passed: true,
            attempts: 1,
            passedAt: '2026-05-02T10:00:00.000Z',
          });
        }
        return undefined;
      },
    });
    expect(await screen.findByText('1 of 2 sections read')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Continue Welcome to Carelane' }));
    await waitFor(() => expect(globalThis.location.search).toBe('?orientationId=4'));
    // Resumes at section 2, the first not read.
    expect(await screen.findByRole('heading', { name: 'Your visits' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go to the quiz' }));
    expect(await screen.findByRole('heading', { name: 'Quiz' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('Answer every question before you submit.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'On arrival' }));
    await user.click(screen.getByRole('radio', { name: 'Next week' }));
    await user.click(screen.getByRole('radio', { name: 'Your coordinator' }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('Passed with 67%. (2 of 3 right)')).toBeTruthy();
    expect(page.toasts).toEqual(['Passed with 67%.']);
    expect(quizAnswers).toEqual({
      answers: [
        { questionId: 21, option: 0 },
        { questionId: 22, option: 1 },
        { questionId: 23, option: 1 },
      ],
    });
    page.done();
  });

  it('shows a failed attempt with the mark to reach, and lets the clinician try again', async () => {
    const page = renderPage(<ProviderOrientationPage />, {
      url: '/providerOrientation?orientationId=4',
      roleId: 4,
      route: (call: ApiCall) => {
        const path = call.url.pathname;
        if (path === '/api/operation/myOrientations') return jsonResponse(myList('InProgress', 2));
        if (path === TAKE) return jsonResponse(takeView([11, 12]));
        if (path === `${TAKE}/quiz`)
          return jsonResponse({
            score: 33,
            correct: 1,
            total: 3,
            passMark: 67,
            passed: false,
            attempts: 1,
            passedAt: null,
          });
        return undefined;
      },
    });
    expect(await screen.findByRole('heading', { name: 'Quiz' })).toBeTruthy();
    const user = userEvent.setup();
    for (const option of ['Never', 'Next week', 'Your coordinator'])
      await user.click(screen.getByRole('radio', { name: option }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(
      await screen.findByText(
        'Not passed: 33%. You need 67% to pass; read the sections again and retry. (1 of 3 right)',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try the quiz again' }));
    expect(await screen.findByRole('heading', { name: 'Quiz' })).toBeTruthy();
    expect(page.toasts).toEqual([]);
    page.done();
  });

  it('keeps the result on screen when the quiz was resumed and the passed orientation is fetched again', async () => {
    let passed = false;
    const page = renderPage(<ProviderOrientationPage />, {
      url: '/providerOrientation?orientationId=4',
      roleId: 4,
      route: (call: ApiCall) => {
        const path = call.url.pathname;
        if (path === '/api/operation/myOrientations')
          return jsonResponse(myList(passed ? 'Passed' : 'InProgress', 2));
        if (path === TAKE)
          return jsonResponse({
            ...takeView([11, 12]),
            ...(passed ? { status: 'Passed', lastScore: 100 } : {}),
          });
        if (path === `${TAKE}/quiz`) {
          passed = true;
          return jsonResponse({
            score: 100,
            correct: 3,
            total: 3,
            passMark: 67,
            passed: true,
            attempts: 1,
            passedAt: '2026-05-02T10:00:00.000Z',
          });
        }
        return undefined;
      },
    });
    expect(await screen.findByRole('heading', { name: 'Quiz' })).toBeTruthy();
    const user = userEvent.setup();
    for (const option of ['On arrival', 'Same day', 'Your coordinator'])
      await user.click(screen.getByRole('radio', { name: option }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('Passed with 100%. (3 of 3 right)')).toBeTruthy();
    expect(await screen.findByText('You passed this orientation with 100%.')).toBeTruthy();
    expect(screen.getByText('Passed with 100%. (3 of 3 right)')).toBeTruthy();
    page.done();
  });

  it('tells a non-clinician they have no clinician record, without asking the server for one', async () => {
    const page = renderPage(<ProviderOrientationPage />, {
      url: '/providerOrientation',
      roleId: 1,
      route: () => apiError(404, 'Your account has no clinician record.'),
    });
    expect(await screen.findByText('Your account has no clinician record.')).toBeTruthy();
    expect(
      screen.getByText(
        'Orientations are taken here by clinicians; staff manage them on the Orientations page.',
      ),
    ).toBeTruthy();
    expect(page.calls.map((call) => call.url.pathname)).not.toContain('/api/operation/myOrientations');
    page.done();
  });

  it('tells a clinician whose account has no clinician record so', async () => {
    const page = renderPage(<ProviderOrientationPage />, {
      url: '/providerOrientation',
      roleId: 4,
      route: () => apiError(404, 'Your account has no clinician record.'),
    });
    expect(await screen.findByText('Your account has no clinician record.')).toBeTruthy();
    page.done();
  });
});
