// /referralSourceConversion (issue 26, decision 053): the stages as every funnel, then a row per organization with
// its stage counts and conversion, worst first and sortable; an organization's count opens its records of the
// stage (the stage records endpoint with its referralSourceId).
import { jsonResponse } from '@carelane/shared-session/testing';
import { paging, renderPage, type ApiCall } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { lookupAnswer } from '../report-kit/report-test-lookups';
import { ReferralSourceConversionPage } from './FunnelReportPage';

jest.setTimeout(90_000);

const FUNNEL = '/api/admin/reports/funnels/referralSourceConversion';
const period = { from: dayjs().subtract(6, 'day').format('YYYY-MM-DD'), to: dayjs().format('YYYY-MM-DD') };
const prior = {
  from: dayjs().subtract(13, 'day').format('YYYY-MM-DD'),
  to: dayjs().subtract(7, 'day').format('YYYY-MM-DD'),
};
const stage = (id: string, count: number, before: number) => ({
  id,
  current: { count, medianHours: null },
  prior: { count: before, medianHours: null },
});

// The API's order is worst first: Bayou (0 of 2), Cedar (1 of 2), Alamo (3 of 4).
const ROWS = [
  { referralSourceId: 12, organizationName: 'Bayou Care', counts: [2, 1, 0] },
  { referralSourceId: 13, organizationName: 'Cedar Home Health', counts: [2, 2, 1] },
  { referralSourceId: 11, organizationName: 'Alamo Nursing', counts: [4, 4, 3] },
];

function answer(call: ApiCall) {
  const lookup = lookupAnswer(call);
  if (lookup) return lookup;
  if (call.url.pathname === FUNNEL)
    return jsonResponse({
      funnel: 'referralSourceConversion',
      period,
      prior,
      stages: [stage('requested', 8, 3), stage('staffed', 7, 2), stage('completed', 4, 1)],
    });
  if (call.url.pathname === `${FUNNEL}/organizations`)
    return jsonResponse({ funnel: 'referralSourceConversion', period, rows: ROWS });
  if (call.url.pathname.startsWith(`${FUNNEL}/stages/`))
    return jsonResponse({ subject: 'visits', rows: [], paging: paging(1) });
  return undefined;
}

const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);

describe('/referralSourceConversion', () => {
  it("lists the organizations worst first with their conversion, sorts them, and opens an organization's stage", async () => {
    const page = renderPage(<ReferralSourceConversionPage />, {
      url: '/referralSourceConversion?providerTypeId=7',
      route: answer,
    });
    await screen.findByRole('table', { name: 'Organization conversion stages' });
    const table = await screen.findByRole('table', { name: 'Organization conversion by organization' });
    await waitFor(() => expect(names(table)).toEqual(['Bayou Care', 'Cedar Home Health', 'Alamo Nursing']));
    const bayou = within(table).getByText('Bayou Care').closest('tr')!;
    expect(bayou.textContent).toContain('0.0 %');
    expect(within(table).getByText('Alamo Nursing').closest('tr')!.textContent).toContain('75.0 %');
    const call = page.calls.find((c) => c.url.pathname === `${FUNNEL}/organizations`)!;
    expect(call.url.searchParams.get('providerTypeId')).toBe('7');
    expect(call.url.searchParams.get('from')).toBe(period.from);

    fireEvent.click(within(table).getByText('Organization'));
    await waitFor(() => expect(names(table)).toEqual(['Alamo Nursing', 'Bayou Care', 'Cedar Home Health']));
    expect(globalThis.location.search).toContain('orgSort=organization');

    fireEvent.click(within(table).getByRole('button', { name: '1 Staffed, Bayou Care: show them' }));
    await waitFor(() =>
      expect(page.calls.some((c) => c.url.pathname === `${FUNNEL}/stages/staffed/records`)).toBe(true),
    );
    const drill = page.calls.find((c) => c.url.pathname === `${FUNNEL}/stages/staffed/records`)!;
    expect(drill.url.searchParams.get('referralSourceId')).toBe('12');
    expect(drill.url.searchParams.get('providerTypeId')).toBe('7');
    expect(globalThis.location.search).toContain('stageOrg=12');
    page.done();
  });
});
