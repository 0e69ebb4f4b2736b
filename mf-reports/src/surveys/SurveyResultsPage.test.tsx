import type { SurveyResponses, SurveySummary } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { paging, renderPage, type ApiCall, type RenderedPage } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { lookupAnswer } from '../report-kit/report-test-lookups';
import { OrganizationSurveyPage } from './SurveyResultsPage';

jest.setTimeout(90_000);

const SUMMARY = '/api/admin/reports/surveys/summary';
const RESPONSES = '/api/admin/reports/surveys/responses';

function summaryAnswer(call: ApiCall): SurveySummary {
  const params = call.url.searchParams;
  const current = {
    responses: 3,
    answered: 3,
    satisfied: 2,
    promoters: 2,
    passives: 0,
    detractors: 1,
    comments: 1,
  };
  return {
    period: { from: params.get('from')!, to: params.get('to')! },
    prior: { from: '2026-11-19', to: '2026-11-25' },
    surveys: [
      {
        survey: 'organization',
        current,
        prior: {
          ...current,
          responses: 0,
          answered: 0,
          satisfied: 0,
          promoters: 0,
          detractors: 0,
          comments: 0,
        },
        distribution: [
          {
            questionId: 'satisfaction',
            values: [1, 2, 3, 4, 5].map((value) => ({ value, count: value === 5 ? 2 : value === 2 ? 1 : 0 })),
          },
          {
            questionId: 'recommend',
            values: Array.from({ length: 11 }, (_, value) => ({
              value,
              count: value === 10 ? 2 : value === 3 ? 1 : 0,
            })),
          },
        ],
        trend: [],
      },
    ],
  };
}

function responsesAnswer(call: ApiCall): SurveyResponses {
  const params = call.url.searchParams;
  const total = params.get('questionId') ? 2 : 3;
  return {
    rows: Array.from({ length: total }, (_, i) => ({
      id: i + 1,
      survey: 'organization',
      submittedAt: '2026-12-01T15:00:00.000Z',
      respondentName: `Olive Org ${i + 1}`,
      organizationName: 'Sunrise Home Health',
      providerTypeName: null,
      satisfaction: 5,
      recommend: 10,
      comment: null,
    })),
    paging: paging(total, Number(params.get('pageNumber') ?? 1)),
  };
}

function open(url: string): RenderedPage {
  return renderPage(<OrganizationSurveyPage />, {
    url,
    route: (call) => {
      const path = call.url.pathname;
      if (path === SUMMARY) return jsonResponse(summaryAnswer(call));
      if (path === RESPONSES) return jsonResponse(responsesAnswer(call));
      return lookupAnswer(call);
    },
  });
}

describe('/organizationSurvey', () => {
  it("shows each question's answers and opens those behind a count, whose total is the count", async () => {
    const page = open('/organizationSurvey?referralSourceId=3');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Organization survey results' }),
    ).toBeTruthy();
    const summaryCall = page.calls.find((c) => c.url.pathname === SUMMARY)!.url.searchParams;
    expect(summaryCall.get('survey')).toBe('organization');
    expect(summaryCall.get('referralSourceId')).toBe('3');
    expect((await screen.findByTestId('csat-organization')).textContent).toBe('66.7 %');
    expect(screen.getByTestId('nps-organization').textContent).toBe('+33');
    const table = screen.getByRole('table', {
      name: 'Answers to “How satisfied are you with how Carelane staffed your service request?”',
    });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toContain('5 – Very satisfied2');
    fireEvent.click(
      screen.getByRole('button', {
        name: '2 answered 10, How likely are you to recommend Carelane to another organization?',
      }),
    );
    await waitFor(() => expect(new URLSearchParams(location.search).get('drillQuestion')).toBe('recommend'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('2 answers')).toBeTruthy();
    const drill = page.calls.filter((c) => c.url.pathname === RESPONSES).at(-1)!.url.searchParams;
    expect([drill.get('questionId'), drill.get('value'), drill.get('survey')]).toEqual([
      'recommend',
      '10',
      'organization',
    ]);
    expect(await screen.findByRole('table', { name: 'Organization survey answers' })).toBeTruthy();
    page.done();
  });
});
