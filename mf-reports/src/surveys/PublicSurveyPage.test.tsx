import { jsonResponse } from '@carelane/shared-session/testing';
import {
  apiError,
  phoneScreen,
  renderPage,
  type RenderedPage,
  type Route,
} from '@carelane/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PublicSurveyPage from './PublicSurveyPage';

jest.setTimeout(120_000);

let page: RenderedPage | undefined;
afterEach(() => page?.done());
const open = (url: string, route: Route) => {
  page = renderPage(<PublicSurveyPage />, { url, route });
  return page;
};

const survey = {
  survey: 'clinician',
  title: 'Clinician survey',
  firstName: 'Casey',
  questions: [
    {
      id: 'satisfaction',
      label: 'How satisfied are you with working with Carelane?',
      kind: 'csat',
      required: true,
    },
    {
      id: 'recommend',
      label: 'How likely are you to recommend Carelane to a fellow clinician?',
      kind: 'nps',
      required: true,
    },
    { id: 'comment', label: 'What could we do better?', kind: 'text', required: false, maxLength: 2000 },
  ],
  expiresAt: '2026-12-16T00:00:00.000Z',
};

describe('/survey/clinician', () => {
  it('shows the questions as labelled radio groups, needs both scales, and thanks after sending', async () => {
    const restore = phoneScreen();
    try {
      const view = open('/survey/clinician?token=abc', (call) => {
        if (call.method === 'GET') return jsonResponse(survey);
        return jsonResponse({ message: 'Thank you. Your answers were received.' }, 201);
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Clinician survey' })).toBeTruthy();
      expect(screen.getByText(/Hello Casey/)).toBeTruthy();
      const user = userEvent.setup({ pointerEventsCheck: 0 });
      await user.click(screen.getByRole('button', { name: 'Send answers' }));
      expect(await screen.findByText('Please answer the questions marked above.')).toBeTruthy();
      expect(screen.getAllByText('Choose an answer.')).toHaveLength(2);
      expect(view.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

      const satisfaction = screen.getByRole('radiogroup', {
        name: 'How satisfied are you with working with Carelane?',
      });
      await user.click(within(satisfaction).getByRole('radio', { name: '4 – Satisfied' }));
      await user.click(within(satisfaction).getByRole('radio', { name: '5 – Very satisfied' }));
      expect(within(satisfaction).getByRole('radio', { name: '5 – Very satisfied' })).toHaveProperty(
        'checked',
        true,
      );
      expect(screen.getAllByText('Choose an answer.')).toHaveLength(1);
      const recommend = screen.getByRole('radiogroup', {
        name: 'How likely are you to recommend Carelane to a fellow clinician?',
      });
      expect(within(recommend).getAllByRole('radio')).toHaveLength(11);
      await user.click(within(recommend).getByRole('radio', { name: '9' }));
      const comment = screen.getByRole('textbox', { name: 'What could we do better? (optional)' });
      await user.type(comment, 'More weekend visits.');
      expect(screen.getByText('20 / 2000')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Send answers' }));
      expect(await screen.findByText('Thank you. Your answers were received.')).toBeTruthy();
      const post = view.calls.find((c) => c.method === 'POST')!;
      expect(post.url.pathname).toBe('/api/public/surveys/abc');
      expect(post.body).toEqual({
        answers: { satisfaction: 5, recommend: 9, comment: 'More weekend visits.' },
      });
    } finally {
      restore();
    }
  });

  it('says a link without a token is not valid, asking nothing', async () => {
    const view = open('/survey/clinician', () => undefined);
    expect(await screen.findByText('This survey link is not valid.')).toBeTruthy();
    expect(view.calls).toHaveLength(0);
  });

  it.each([
    [404, 'This survey link is not valid.', 'Link not valid'],
    [410, 'This survey link has already been used.', 'Already answered'],
    [410, 'This survey link has expired.', 'Link expired'],
  ])('says what a %s link means: %s', async (status, text, title) => {
    open('/survey/clinician?token=old', () => apiError(status, text));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(text));
    expect(screen.getByText(title)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send answers' })).toBeNull();
  });

  it("shows the server's reason next to the question it names", async () => {
    open('/survey/clinician?token=abc', (call) => {
      if (call.method === 'GET') return jsonResponse(survey);
      return apiError(400, 'answers.recommend: must be a whole number from 0 to 10', [
        { field: 'answers.recommend', message: 'must be a whole number from 0 to 10' },
      ]);
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('radio', { name: '3 – Neutral' }));
    await user.click(screen.getByRole('radio', { name: '7' }));
    await user.click(screen.getByRole('button', { name: 'Send answers' }));
    expect(await screen.findByText('must be a whole number from 0 to 10')).toBeTruthy();
  });
});
