// The funnel pages of other subjects than visits (issue 26, decision 053): /episodeFunnel, /patientFunnel,
// /referralSourceFunnel, /providerFunnel and /communicationFunnel are the config-driven funnel page. Each shows its
// stages with the conversion shared-domain computes, sends only the filters its subject records, and a stage's
// count opens its records (service requests, patients, organizations, clinicians or messages) in the drawer, with
// the subject's columns and their CSV.
import { FUNNELS, type FunnelKey } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { captureDownloads, paging, renderPage, type ApiCall } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { ReactElement } from 'react';
import { lookupAnswer } from '../report-kit/report-test-lookups';
import {
  CommunicationFunnelPage,
  EpisodeFunnelPage,
  PatientFunnelPage,
  ProviderFunnelPage,
  ReferralSourceFunnelPage,
} from './FunnelReportPage';

jest.setTimeout(90_000);

const period = { from: dayjs().subtract(6, 'day').format('YYYY-MM-DD'), to: dayjs().format('YYYY-MM-DD') };
const prior = {
  from: dayjs().subtract(13, 'day').format('YYYY-MM-DD'),
  to: dayjs().subtract(7, 'day').format('YYYY-MM-DD'),
};

type Case = {
  key: FunnelKey;
  page: ReactElement;
  subject: string;
  counts: number[];
  /** The second stage's conversion from the first, as the table shows it. */
  conversion: string;
  /** A record of the subject and the texts its row shows. */
  row: {
    name: string;
    organizationName: string | null;
    status: string;
    at: string | null;
    detail: string | null;
  };
  shows: string[];
  heading: string;
};

const CASES: Case[] = [
  {
    key: 'episodeFunnel',
    page: <EpisodeFunnelPage />,
    subject: 'episodes',
    counts: [3, 2, 1, 0],
    conversion: '66.7 %',
    row: {
      name: 'Wound care',
      organizationName: 'Bayou Care',
      status: 'Active',
      at: '2026-11-02T15:00:00Z',
      detail: 'Erin Lee',
    },
    shows: ['Wound care', 'Bayou Care', 'Erin Lee'],
    heading: 'Service request',
  },
  {
    key: 'patientFunnel',
    page: <PatientFunnelPage />,
    subject: 'patients',
    counts: [3, 2, 1, 1],
    conversion: '66.7 %',
    row: {
      name: 'Pia Park',
      organizationName: 'Bayou Care',
      status: 'ACTIVE',
      at: '2026-11-02T15:00:00Z',
      detail: null,
    },
    shows: ['Pia Park', 'Bayou Care'],
    heading: 'Patient',
  },
  {
    key: 'referralSourceFunnel',
    page: <ReferralSourceFunnelPage />,
    subject: 'organizations',
    counts: [3, 2, 2, 1, 0],
    conversion: '66.7 %',
    row: { name: 'Bayou Care', organizationName: 'Bayou Care', status: 'ACTIVE', at: null, detail: 'Done' },
    shows: ['Bayou Care', 'Done'],
    heading: 'Onboarding step',
  },
  {
    key: 'providerFunnel',
    page: <ProviderFunnelPage />,
    subject: 'clinicians',
    counts: [4, 3, 2, 1, 1],
    conversion: '75.0 %',
    row: {
      name: 'Ann Ames',
      organizationName: null,
      status: 'Done',
      at: '2026-11-02T15:00:00Z',
      detail: 'TX',
    },
    shows: ['Ann Ames', 'TX'],
    heading: 'Signed up',
  },
  {
    key: 'communicationFunnel',
    page: <CommunicationFunnelPage />,
    subject: 'messages',
    counts: [4, 3, 2],
    conversion: '75.0 %',
    row: {
      name: 'email to a@b.test',
      organizationName: null,
      status: 'SENT',
      at: '2026-11-02T15:00:00Z',
      detail: 'Hello',
    },
    shows: ['email to a@b.test', 'SENT', 'Hello'],
    heading: 'Queued',
  },
];

function route(c: Case) {
  const path = `/api/admin/reports/funnels/${c.key}`;
  const funnel = FUNNELS.find((f) => f.key === c.key)!;
  return (call: ApiCall) => {
    const lookup = lookupAnswer(call);
    if (lookup) return lookup;
    if (call.url.pathname === path)
      return jsonResponse({
        funnel: c.key,
        period,
        prior,
        stages: funnel.stages.map((s, i) => ({
          id: s.id,
          current: { count: c.counts[i], medianHours: null },
          prior: { count: 0, medianHours: null },
        })),
      });
    if (call.url.pathname.startsWith(`${path}/stages/`))
      return jsonResponse({ subject: c.subject, rows: [{ id: 1, ...c.row }], paging: paging(1) });
    return undefined;
  };
}

describe.each(CASES)('/$key', (c) => {
  const funnel = FUNNELS.find((f) => f.key === c.key)!;
  const path = `/api/admin/reports/funnels/${c.key}`;

  it("shows the stages, sends only the subject's filters, and opens a stage's records with their CSV", async () => {
    const page = renderPage(c.page, {
      url: `${funnel.path}?providerTypeId=7&referralSourceId=5&state=tx`,
      route: route(c),
    });
    const table = await screen.findByRole('table', { name: `${funnel.title} stages` });
    const second = within(table).getByText(funnel.stages[1]!.label).closest('tr')!;
    expect(second.textContent).toContain(c.conversion);
    const call = page.calls.find((x) => x.url.pathname === path)!;
    expect(call.url.searchParams.get('from')).toBe(period.from);
    for (const [name, value] of [
      ['providerTypeId', '7'],
      ['referralSourceId', '5'],
      ['state', 'TX'],
    ] as const)
      expect(call.url.searchParams.get(name)).toBe(
        (funnel.filters as readonly string[]).includes(name) ? value : null,
      );

    const first = funnel.stages[0]!;
    fireEvent.click(
      within(table).getByRole('button', { name: `${c.counts[0]} ${first.label}, this period: show them` }),
    );
    const drawer = await screen.findByRole('table', { name: new RegExp(`^${first.label}, `) });
    await waitFor(() => expect(within(drawer).getByText(c.shows[0]!)).toBeTruthy());
    for (const text of c.shows) expect(within(drawer).getAllByText(text).length).toBeGreaterThan(0);
    expect(within(drawer).getByText(c.heading)).toBeTruthy();
    const drill = page.calls.find((x) => x.url.pathname === `${path}/stages/${first.id}/records`)!;
    expect(drill.url.searchParams.get('period')).toBe('current');

    const { saved, restore } = captureDownloads();
    const exports = screen.getAllByRole('button', { name: 'Export CSV' });
    fireEvent.click(exports[exports.length - 1]!);
    await waitFor(() => expect(saved).toHaveLength(1));
    const csv = await saved[0]!.text();
    expect(csv).toContain(c.heading);
    expect(csv).toContain(c.shows[0]!);
    restore();
    page.done();
  });
});
