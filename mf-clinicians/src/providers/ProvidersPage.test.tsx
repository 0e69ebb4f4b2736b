import type { ProviderListItem } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, choose, paging, renderPage, type RenderedPage } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProvidersPage from './ProvidersPage';

jest.setTimeout(120_000);

const DAY = 86_400_000;
const casey: ProviderListItem = {
  id: 40,
  givenName: 'Casey',
  familyName: 'Rivera',
  providerTypeId: 1,
  providerType: 'RN',
  providerStatusId: 3,
  credentialState: 3,
  city: 'Austin',
  state: 'TX',
  zipcode: '78701',
  phoneNumber: '5125550104',
  email: 'clinician@carelane.local',
  skills: ['Wound care', 'OASIS'],
  rating: 4.24,
  ratingDetails: { avgPatientRating: 4.6, totalVisitCount: 12 },
  lastLogin: new Date(Date.now() - 2 * DAY).toISOString(),
};
const dana: ProviderListItem = {
  ...casey,
  id: 41,
  givenName: 'Dana',
  familyName: 'Okafor',
  providerTypeId: 3,
  providerType: 'PT',
  credentialState: 1,
  phoneNumber: null,
  email: null,
  skills: [],
  rating: null,
  ratingDetails: {},
  lastLogin: new Date(Date.now() - 20 * DAY).toISOString(),
};

const listAnswer = (rows: ProviderListItem[], total = rows.length, pageNumber = 1, pageSize = 10) =>
  jsonResponse({
    providers: rows,
    pageCount: Math.ceil(total / pageSize),
    pageTotalCount: total,
    paging: paging(total, pageNumber, pageSize),
  });

function open(url: string, list: () => Response = () => listAnswer([casey, dana])): RenderedPage {
  return renderPage(<ProvidersPage />, {
    url,
    roleId: 13,
    route: (call) => {
      if (call.url.pathname === '/api/admin/providers') return list();
      if (call.url.pathname === '/api/admin/providers/skills')
        return jsonResponse({ skills: ['OASIS', 'Wound care', 'Hospice'] });
      if (call.url.pathname === '/api/admin/providerTypes')
        return jsonResponse({
          rows: [
            { id: 1, type: 'RN' },
            { id: 3, type: 'PT' },
          ],
        });
      if (call.url.pathname === '/api/admin/providers/export')
        return new Response('\uFEFFId\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="clinicians-2026-11-24.csv"',
          },
        });
      return undefined;
    },
  });
}

const listCalls = (page: RenderedPage) =>
  page.calls.filter((call) => call.url.pathname === '/api/admin/providers');
const lastParams = (page: RenderedPage) => [...listCalls(page).at(-1)!.url.searchParams.entries()];
const urlParams = () => [...new URLSearchParams(globalThis.location.search).entries()];

describe('ProvidersPage', () => {
  it('asks for active clinicians (provider status 3) 10 a page and shows each with its badge, dot and link', async () => {
    const page = open('/providers');
    const link = await screen.findByRole('link', { name: 'Rivera, Casey' });
    expect(link.getAttribute('href')).toBe('/provider?providerId=40');
    expect(lastParams(page)).toEqual([
      ['pageNumber', '1'],
      ['pageSize', '10'],
      ['providerStatusId', '3'],
    ]);
    const table = screen.getByRole('table', { name: 'Clinicians' });
    const [, caseyRow, danaRow] = within(table).getAllByRole('row');
    // The rating badge of shared-ui: one decimal, NR when not rated; the engagement dot by SPEC §4.
    expect(within(caseyRow!).getByLabelText('Provider rating 4.2')).toBeTruthy();
    expect(within(danaRow!).getByLabelText('Provider rating: not rated').textContent).toBe('NR');
    expect(
      within(caseyRow!).getByRole('img', { name: /^Engagement: active in the last 7 days/ }),
    ).toBeTruthy();
    expect(
      within(danaRow!).getByRole('img', { name: /^Engagement: last login over 14 days ago/ }),
    ).toBeTruthy();
    expect(within(caseyRow!).getByText('512-555-0104')).toBeTruthy();
    expect(within(caseyRow!).getByText('Austin, TX, 78701')).toBeTruthy();
    expect(within(caseyRow!).getByText('Wound care, OASIS')).toBeTruthy();
    expect(within(caseyRow!).getByText('Fully credentialed')).toBeTruthy();
    expect(within(danaRow!).getByText('Uncredentialed')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Showing 1–2 of 2');
    expect(screen.queryByRole('columnheader', { name: /Distance/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    page.done();
  });

  it('keeps every filter in the URL and asks for them, with the distance of each clinician', async () => {
    const page = open(
      '/providers?providerStatusId=5&providerTypeId=1&credentialState=1&skills=Wound%20care&skills=OASIS&skillsMatch=all&zipcode=78701&distance=10&sort=-rating&search=riv&pageNumber=2',
      () => listAnswer([{ ...casey, distanceMiles: 3.2 }], 11, 2),
    );
    expect(await screen.findByText('3.2 mi')).toBeTruthy();
    expect(lastParams(page)).toEqual([
      ['pageNumber', '2'],
      ['pageSize', '10'],
      ['search', 'riv'],
      ['providerStatusId', '5'],
      ['providerTypeId', '1'],
      ['credentialState', '1'],
      ['skills', 'Wound care'],
      ['skills', 'OASIS'],
      ['skillsMatch', 'all'],
      ['zipcode', '78701'],
      ['distance', '10'],
      ['sort', '-rating'],
    ]);
    expect(screen.getByRole('columnheader', { name: /Rating/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('status').textContent).toBe('Showing 11–11 of 11');
    expect(screen.getByDisplayValue('riv')).toBeTruthy();
    expect(screen.getByDisplayValue('78701')).toBeTruthy();
    page.done();
  });

  it('asks for no distance without a ZIP code, and for no distance order without a distance', async () => {
    const page = open('/providers?distance=10&sort=distance');
    await screen.findByRole('link', { name: 'Rivera, Casey' });
    const asked = Object.fromEntries(lastParams(page));
    expect(asked).not.toHaveProperty('distance');
    expect(asked).not.toHaveProperty('sort');
    expect(screen.getByRole('combobox', { name: 'Distance' }).closest('.ant-select-disabled')).toBeTruthy();
    page.done();
  });

  it('a filter changed goes back to page 1 and into the URL: every status, a type, skills, a ZIP code and a distance', async () => {
    const page = open('/providers?pageNumber=3');
    await screen.findByRole('link', { name: 'Rivera, Casey' });
    await choose('Status', 'All statuses');
    await waitFor(() => expect(urlParams()).toEqual([['providerStatusId', '0']]));
    await choose('Provider type', 'PT');
    await waitFor(() => expect(urlParams()).toContainEqual(['providerTypeId', '3']));
    await choose('Skills', 'Hospice');
    await waitFor(() => expect(urlParams()).toContainEqual(['skills', 'Hospice']));

    const user = userEvent.setup();
    const zip = screen.getByRole('searchbox', { name: 'ZIP code' });
    await user.type(zip, '787{Enter}');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Enter a 5-digit ZIP code.');
    expect(urlParams()).not.toContainEqual(expect.arrayContaining(['zipcode']));
    await user.type(zip, '01{Enter}');
    await waitFor(() => expect(urlParams()).toContainEqual(['zipcode', '78701']));
    expect(screen.queryByRole('alert')).toBeNull();
    await choose('Distance', 'Within 25 miles');
    await waitFor(() =>
      expect(Object.fromEntries(lastParams(page))).toMatchObject({
        providerStatusId: '0',
        providerTypeId: '3',
        skills: 'Hospice',
        zipcode: '78701',
        distance: '25',
        pageNumber: '1',
      }),
    );
    page.done();
  });

  it('sorts on the server by a column header, and back', async () => {
    const page = open('/providers');
    await screen.findByRole('link', { name: 'Rivera, Casey' });
    fireEvent.click(
      screen.getByRole('columnheader', { name: /Last login/ }).querySelector('.ant-table-column-sorters')!,
    );
    await waitFor(() => expect(urlParams()).toContainEqual(['sort', 'lastLogin']));
    await waitFor(() => expect(Object.fromEntries(lastParams(page)).sort).toBe('lastLogin'));
    fireEvent.click(
      screen.getByRole('columnheader', { name: /Last login/ }).querySelector('.ant-table-column-sorters')!,
    );
    await waitFor(() => expect(urlParams()).toContainEqual(['sort', '-lastLogin']));
    page.done();
  });

  it('says when no clinician matches, and when the list could not be loaded (with a retry)', async () => {
    const empty = open('/providers?search=nobody', () => listAnswer([]));
    expect(await screen.findByText('No clinicians match these filters.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('No results');
    empty.done();

    let fail = true;
    const failing = open('/providers', () =>
      fail ? apiError(500, 'The server could not answer.') : listAnswer([casey]),
    );
    expect(await screen.findByText(/^Sorry, the clinicians could not be loaded\./)).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Rivera, Casey' })).toBeTruthy();
    failing.done();
  });

  it('exports the filtered list as CSV, without paging', async () => {
    const page = open('/providers?providerTypeId=1&zipcode=78701&distance=10&pageNumber=2');
    await screen.findByRole('link', { name: 'Rivera, Casey' });
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:test');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['clinicians-2026-11-24.csv']));
    const exported = page.calls.find((call) => call.url.pathname === '/api/admin/providers/export')!;
    expect([...exported.url.searchParams.entries()]).toEqual([
      ['providerStatusId', '3'],
      ['providerTypeId', '1'],
      ['zipcode', '78701'],
      ['distance', '10'],
    ]);
    click.mockRestore();
    page.done();
  });
});
