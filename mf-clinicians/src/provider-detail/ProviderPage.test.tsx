import type { ProviderDetail, ProviderCredentialList, ProviderRateList } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, paging, renderPage, type RenderedPage, type Route } from '@carelane/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProviderPage from './ProviderPage';

jest.setTimeout(120_000);

const provider: ProviderDetail = {
  id: 40,
  userId: 9,
  givenName: 'Casey',
  familyName: 'Rivera',
  email: 'casey@example.com',
  phoneNumber: '5125550101',
  providerTypeId: 1,
  providerType: 'RN',
  providerStatusId: 3,
  credentialState: 3,
  onboardStep: 'Done',
  addressLine1: '1 Congress Ave',
  addressLine2: null,
  city: 'Austin',
  state: 'TX',
  zipcode: '78701',
  latitude: 30.27,
  longitude: -97.74,
  preferredLatitude: 30.27,
  preferredLongitude: -97.74,
  coverageRadiusMiles: 15,
  preferredZipcodes: ['78702'],
  licenceNumbers: ['RN-778899'],
  skills: ['Wound care'],
  languages: ['Spanish'],
  weekdayPreferences: [1, 3],
  shiftPreferences: ['Day'],
  assignmentPreference: 'Both',
  rating: 4.2,
  ratingDetails: { totalVisitCount: 31, avgPatientRating: 4.6, totalNotesRejectedCount: 2 },
  lastLogin: '2026-11-20T15:00:00.000Z',
  enableEmail: true,
  enableSms: true,
  careCoordinator: { id: 3, name: 'Cora Coordinator' },
  version: 4,
};
const rates: ProviderRateList = {
  rows: [
    {
      visitTypeId: 304,
      visitType: 'RN Routine',
      description: 'Skilled nursing routine visit',
      unit: '$/Visit',
      amount: 60,
      specialRate: null,
      incrementalRate: null,
    },
  ],
  visitTypes: [
    { id: 304, type: 'RN Routine', unit: '$/Visit' },
    { id: 309, type: 'PRN', unit: '$/Visit' },
  ],
  version: 4,
};
const credentials: ProviderCredentialList = {
  providerId: 40,
  providerName: 'Casey Rivera',
  providerTypeId: 1,
  rows: [],
  required: [],
  gapsToday: [],
  fileSizeLimitMb: 5,
};

let page: RenderedPage | undefined;
afterEach(() => page?.done());

function open(roleId: number, route: Route = () => undefined, url = '/provider?providerId=40') {
  page = renderPage(<ProviderPage />, {
    url,
    roleId,
    route: (call) => {
      const path = call.url.pathname;
      const answer = route(call);
      if (answer) return answer;
      if (path === '/api/admin/providers/40' && call.method === 'GET') return jsonResponse(provider);
      if (path === '/api/admin/providers/40/rates' && call.method === 'GET') return jsonResponse(rates);
      if (path === '/api/admin/providers/40/vacations' && call.method === 'GET')
        return jsonResponse({ rows: [{ id: 5, startDate: '2026-12-24', endDate: '2026-12-31' }] });
      if (path === '/api/admin/providers/40/activity') return jsonResponse({ rows: [], paging: paging(0) });
      if (path === '/api/admin/providers/40/credentials') return jsonResponse(credentials);
      if (path === '/api/admin/credentialTypes') return jsonResponse({ rows: [] });
      if (path === '/api/admin/providerStatusReasons')
        return jsonResponse({ reasons: ['Resigned', 'Terminated', 'Other'] });
      if (path === '/api/admin/providerTransferTargets')
        return jsonResponse({
          users: [
            { id: 3, name: 'Cora Coordinator', roleId: 5, role: 'CARE COORDINATOR' },
            { id: 7, name: 'Mia Manager', roleId: 13, role: 'CLINICIAN MANAGER' },
          ],
        });
      return undefined;
    },
  });
  return page;
}

describe('clinician detail page', () => {
  it('shows the profile, licence numbers, rating details and credentials, and saves with the SPEC toast', async () => {
    const view = open(13, (call) =>
      call.method === 'PUT' && call.url.pathname === '/api/admin/providers/40'
        ? jsonResponse({ ...provider, givenName: 'Cassie', version: 5 })
        : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Casey Rivera' })).toBeTruthy();
    expect(screen.getByText('RN-778899')).toBeTruthy();
    expect(screen.getByText('Average patient rating')).toBeTruthy();
    expect(screen.getByText('4.6')).toBeTruthy();
    expect(screen.getByText('Rating details')).toBeTruthy();
    const user = userEvent.setup();
    const first = screen.getByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Cassie');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.toasts).toContain('Clinician saved.'));
    const put = view.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      givenName: 'Cassie',
      zipcode: '78701',
      latitude: 30.27,
      weekdayPreferences: [1, 3],
      version: 4,
    });
  });

  it("shows 'Sorry, clinician could not be saved. ' with the server's text and names the field", async () => {
    const view = open(13, (call) =>
      call.method === 'PUT'
        ? apiError(400, 'zipcode: is not a known ZIP code', [
            { field: 'zipcode', message: 'is not a known ZIP code' },
          ])
        : undefined,
    );
    const user = userEvent.setup();
    const zip = await screen.findByLabelText('ZIP code');
    await user.clear(zip);
    await user.type(zip, '00000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(view.errorToasts).toContain(
        'Sorry, clinician could not be saved. ZIP code: is not a known ZIP code',
      ),
    );
    // A typed ZIP code without a picked address is sent without a point, for the server to geocode.
    expect(view.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      zipcode: '00000',
      latitude: null,
      longitude: null,
    });
  });

  it('asks for a reason and confirms before making a clinician inactive', async () => {
    const view = open(13, (call) =>
      call.url.pathname === '/api/admin/providers/40/status'
        ? jsonResponse({ ...provider, providerStatusId: 5, credentialState: 5, version: 5 })
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'New status' }));
    await user.click(await screen.findByTitle('Inactive'));
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Make Casey Rivera inactive?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Make inactive' }));
    expect(await within(dialog).findByText('Pick the reason.')).toBeTruthy();
    expect(view.calls.filter((c) => c.url.pathname.endsWith('/status'))).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByTitle('Resigned'));
    await user.click(within(dialog).getByRole('button', { name: 'Make inactive' }));
    await waitFor(() => expect(view.toasts).toContain('Clinician saved.'));
    expect(view.calls.find((c) => c.url.pathname.endsWith('/status'))?.body).toEqual({
      providerStatusId: 5,
      reason: 'Resigned',
      version: 4,
    });
  });

  it('transfers the clinician to a clinician manager', async () => {
    const view = open(13, (call) =>
      call.url.pathname === '/api/admin/providers/40/transfer'
        ? jsonResponse({ ...provider, careCoordinator: { id: 7, name: 'Mia Manager' }, version: 5 })
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Transfer to' }));
    await user.click(await screen.findByTitle('Mia Manager (clinician manager)'));
    await user.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(view.toasts).toContain('Clinician saved.'));
    expect(view.calls.find((c) => c.url.pathname.endsWith('/transfer'))?.body).toEqual({
      userId: 7,
      version: 4,
    });
  });

  it("saves rates and shows the rate engine's message from the server", async () => {
    const view = open(13, (call) =>
      call.method === 'PUT' && call.url.pathname.endsWith('/rates')
        ? apiError(400, 'rates.0.amount: Fixed rate must be greater than zero', [
            { field: 'rates.0.amount', message: 'Fixed rate must be greater than zero' },
          ])
        : undefined,
    );
    const user = userEvent.setup();
    const prn = await screen.findByLabelText('Rate for PRN');
    await user.type(prn, '55');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(view.errorToasts.join()).toContain('Fixed rate must be greater than zero'));
    expect(view.calls.find((c) => c.url.pathname.endsWith('/rates') && c.method === 'PUT')?.body).toEqual({
      rates: [
        { visitTypeId: 304, amount: 60, specialRate: null, incrementalRate: null },
        { visitTypeId: 309, amount: 55, specialRate: null, incrementalRate: null },
      ],
      version: 4,
    });
  });

  it('refuses an organization user and a clinician without calling the API', async () => {
    for (const roleId of [9, 4]) {
      const view = open(roleId);
      expect(await screen.findByText("Sorry, you don't have access to this.")).toBeTruthy();
      expect(view.calls).toHaveLength(0);
      view.done();
      page = undefined;
    }
  });
});
