import type { SurveyCounts, SurveyResponses, SurveySummary } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import {
  captureDownloads,
  paging,
  phoneScreen,
  renderPage,
  type ApiCall,
  type RenderedPage,
} from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { callsTo, lookupAnswer, pageSearch } from '../report-kit/report-test-lookups';
import CsatScoresPage from './CsatScoresPage';

jest.setTimeout(90_000);

const SUMMARY = '/api/admin/reports/surveys/summary';
const RESPONSES = '/api/admin/reports/surveys/responses';

const counts = (c: Partial<SurveyCounts> = {}): SurveyCounts => ({
  responses: 0,
  answered: 0,
  satisfied: 0,
  promoters: 0,
  passives: 0,
  detractors: 0,
  comments: 0,
  ...c,
});

/** The worked example of decision 049: ten clinician answers, 6 satisfied, 4 promoters, 2 passives, 4 detractors. */
function summaryAnswer(call: ApiCall, empty = false): SurveySummary {
  const params = call.url.searchParams;
  const clinician = empty
    ? counts()
    : counts({
        responses: 10,
        answered: 10,
        satisfied: 6,
        promoters: 4,
        passives: 2,
        detractors: 4,
        comments: 3,
      });
  const weeks = Array.from({ length: 12 }, (_, i) => ({
    from: dayjs('2026-09-16')
      .add(i * 7, 'day')
      .format('YYYY-MM-DD'),
    to: dayjs('2026-09-22')
      .add(i * 7, 'day')
      .format('YYYY-MM-DD'),
  }));
  return {
    period: { from: params.get('from')!, to: params.get('to')! },
    prior: { from: '2026-11-19', to: '2026-11-25' },
    surveys: (['clinician', 'organization'] as const).map((survey) => ({
      survey,
      current:
        survey === 'clinician'
          ? clinician
          : empty
            ? counts()
            : counts({ responses: 3, answered: 3, satisfied: 2, promoters: 2, passives: 1 }),
      prior:
        survey === 'clinician' && !empty
          ? counts({ responses: 2, answered: 2, satisfied: 1, promoters: 1, detractors: 1 })
          : counts(),
      distribution: [
        { questionId: 'satisfaction', values: [1, 2, 3, 4, 5].map((value) => ({ value, count: 0 })) },
        { questionId: 'recommend', values: Array.from({ length: 11 }, (_, value) => ({ value, count: 0 })) },
      ],
      trend: weeks.map((w, i) => ({
        ...w,
        ...(i === 11 ? (survey === 'clinician' ? clinician : counts()) : counts()),
      })),
    })),
  };
}

function responsesAnswer(call: ApiCall): SurveyResponses {
  const params = call.url.searchParams;
  const total = params.get('band') === 'satisfied' ? 6 : 3;
  return {
    rows: Array.from({ length: Math.min(total, 10) }, (_, i) => ({
      id: i + 1,
      survey: 'clinician',
      submittedAt: '2026-12-01T15:00:00.000Z',
      respondentName: `Casey Rivera ${i + 1}`,
      organizationName: null,
      providerTypeName: 'RN',
      satisfaction: 5,
      recommend: 10,
      comment: i === 0 ? '=cmd|calc' : `Comment ${i + 1}`,
    })),
    paging: paging(total, Number(params.get('pageNumber') ?? 1)),
  };
}

function open(url: string, options: { empty?: boolean } = {}): RenderedPage {
  return renderPage(<CsatScoresPage />, {
    url,
    route: (call) => {
      const path = call.url.pathname;
      if (path === SUMMARY) return jsonResponse(summaryAnswer(call, options.empty));
      if (path === RESPONSES) return jsonResponse(responsesAnswer(call));
      return lookupAnswer(call);
    },
  });
}

const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

describe('CsatScoresPage', () => {
  it("shows both surveys' CSAT and NPS against the prior period, the weekly trend and the comments", async () => {
    const page = open('/csatscores');
    expect(await screen.findByRole('heading', { level: 1, name: 'Satisfaction scores' })).toBeTruthy();
    await waitFor(() => expect(callsTo(page, SUMMARY)).toHaveLength(1));
    const params = callsTo(page, SUMMARY)[0]!.url.searchParams;
    expect([params.get('from'), params.get('to')]).toEqual([day(-6), day(0)]);
    // 6 of 10 satisfied: 60.0 %; 4 promoters − 4 detractors of 10: 0. Prior: 1 of 2, 1 − 1 of 2.
    expect((await screen.findByTestId('csat-clinician')).textContent).toBe('60.0 %');
    expect(screen.getByTestId('nps-clinician').textContent).toBe('0');
    expect(screen.getByText('+10.0 pts, higher than the prior period')).toBeTruthy();
    expect(screen.getByTestId('csat-organization').textContent).toBe('66.7 %');
    expect(screen.getByTestId('nps-organization').textContent).toBe('+67');
    const chart = await screen.findByRole('img', { name: /^CSAT by week/ });
    expect(chart.getAttribute('aria-label')).toContain('Clinicians 60.0 %');
    const trend = screen.getByRole('table', { name: 'CSAT and NPS by week' });
    expect(within(trend).getAllByRole('row')).toHaveLength(13);
    const comments = await screen.findByRole('table', { name: 'Survey comments' });
    expect(within(comments).getByText('Comment 2')).toBeTruthy();
    const commentCall = callsTo(page, RESPONSES).at(-1)!.url.searchParams;
    expect(commentCall.get('commented')).toBe('true');
    page.done();
  });

  it('opens the answers behind the CSAT, whose total is the figure, with the figure in the URL', async () => {
    const page = open(`/csatscores?from=${day(-29)}&to=${day(0)}`);
    fireEvent.click(await screen.findByRole('button', { name: '6 satisfied of 10, Clinician survey' }));
    await waitFor(() => expect(pageSearch().get('drill')).toBe('satisfied'));
    expect(pageSearch().get('drillSurvey')).toBe('clinician');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('6 answers')).toBeTruthy();
    const params = callsTo(page, RESPONSES).find((c) => c.url.searchParams.get('band'))!.url.searchParams;
    expect(params.get('band')).toBe('satisfied');
    expect(params.get('survey')).toBe('clinician');
    expect(params.get('from')).toBe(day(-29));
    page.done();
  });

  it('exports every comment as formula-safe CSV', async () => {
    const page = open('/csatscores?from=2026-11-26&to=2026-12-02');
    await screen.findByRole('table', { name: 'Survey comments' });
    const { saved, restore } = captureDownloads();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('survey-comments-2026-11-26-to-2026-12-02.csv');
    const lines = (await saved[0]!.text())
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(
      'Answered,Survey,Respondent,Organization,Provider type,Satisfaction,Recommend,Comment',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(",'=cmd|calc");
    restore();
    page.done();
  });

  it('says why there is nothing to show when nobody answered', async () => {
    const page = open('/csatscores', { empty: true });
    expect(await screen.findByText('No survey answers in this period')).toBeTruthy();
    expect(screen.getByText(/on the day they were given/)).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^CSAT by week/ })).toBeNull();
    page.done();
  });

  it('works on a phone: the comments as cards', async () => {
    const restore = phoneScreen();
    try {
      const page = open('/csatscores');
      const list = await screen.findByRole('list', { name: 'Survey comments' });
      expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(0);
      expect(await screen.findByTestId('csat-clinician')).toBeTruthy();
      page.done();
    } finally {
      restore();
    }
  });
});
