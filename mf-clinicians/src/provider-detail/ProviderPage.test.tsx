import type {
  ProviderCredentialList,
  ProviderDetail,
  ProviderFileRow,
  ProviderNote,
  ProviderRateList,
} from '@carelane/shared-domain';
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
      if (path === '/api/admin/providers/40/notes' && call.method === 'GET')
        return jsonResponse({ rows: [], paging: paging(0) });
      if (path === '/api/fileserver/providers/40/files' && call.method === 'GET')
        return jsonResponse({ rows: [], paging: paging(0) });
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

  it("shows the rating's parts from the recorded counters in the badge's tooltip (decision 026)", async () => {
    open(13);
    const card = (await screen.findByText('Rating details')).closest('.ant-card') as HTMLElement;
    const user = userEvent.setup();
    await user.hover(within(card).getByLabelText('Provider rating 4.2'));
    const tooltip = await screen.findByRole('tooltip');
    // 31 visits, no misses: 5; no notes counted: nothing to judge; patients' average 4.6.
    expect(Array.from(tooltip.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      'Assignments Reliability: 5.0',
      'Notes Reliability',
      'Patient/Supervisor Satisfaction Rating: 4.6',
    ]);
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

const note = (id: number, text = `Note ${id}`): ProviderNote => ({
  id,
  providerId: 40,
  text,
  authorUserId: 7,
  authorName: 'Mia Manager',
  createdAt: `2026-11-${String(10 + (id % 18)).padStart(2, '0')}T15:00:00.000Z`,
});
const notesCard = async () =>
  (await screen.findByRole('heading', { name: 'Notes' })).closest('.ant-card') as HTMLElement;
const documentsCard = async () =>
  (await screen.findByRole('heading', { name: 'Documents' })).closest('.ant-card') as HTMLElement;

describe('clinician detail notes and documents', () => {
  it('lists the notes newest first, page 1 of 2 with the summary line, and pages on', async () => {
    const view = open(5, (call) => {
      if (call.url.pathname !== '/api/admin/providers/40/notes') return undefined;
      const pageNumber = Number(call.url.searchParams.get('pageNumber') ?? 1);
      const ids = pageNumber === 1 ? [12, 11, 10, 9, 8, 7, 6, 5, 4, 3] : [2, 1];
      return jsonResponse({ rows: ids.map((id) => note(id)), paging: paging(12, pageNumber) });
    });
    const card = await notesCard();
    expect(await within(card).findByText('Note 12')).toBeTruthy();
    expect(within(card).getAllByText('Mia Manager')).toHaveLength(10);
    expect(within(card).getByText('Showing 1–10 of 12')).toBeTruthy();
    await userEvent.setup().click(within(card).getByRole('listitem', { name: '2' }));
    expect(await within(card).findByText('Showing 11–12 of 12')).toBeTruthy();
    expect(within(card).getByText('Note 1')).toBeTruthy();
    expect(
      view.calls.some(
        (c) => c.url.pathname.endsWith('/notes') && c.url.searchParams.get('pageNumber') === '2',
      ),
    ).toBe(true);
  });

  it('adds a note with the SPEC toast and shows it; a blank note is not sent', async () => {
    let added: ProviderNote | undefined;
    const view = open(13, (call) => {
      if (call.url.pathname !== '/api/admin/providers/40/notes') return undefined;
      if (call.method === 'POST') {
        added = note(1, (call.body as { text: string }).text);
        return jsonResponse(added, 201);
      }
      return jsonResponse({ rows: added ? [added] : [], paging: paging(added ? 1 : 0) });
    });
    const card = await notesCard();
    expect(await within(card).findByText('No notes yet.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Add note' }));
    expect(await within(card).findByText('Enter the note.')).toBeTruthy();
    expect(view.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(within(card).getByLabelText('Note'), 'Prefers morning visits.');
    await user.click(within(card).getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(view.toasts).toContain('Note added successfully!'));
    expect(view.calls.find((c) => c.method === 'POST')?.body).toEqual({ text: 'Prefers morning visits.' });
    expect(await within(card).findByText('Prefers morning visits.', { selector: 'span' })).toBeTruthy();
    expect(within(card).getByText('Showing 1–1 of 1')).toBeTruthy();
    expect((within(card).getByLabelText('Note') as HTMLTextAreaElement).value).toBe('');
  });

  it("shows the server's message when a note is refused", async () => {
    const view = open(13, (call) =>
      call.method === 'POST' && call.url.pathname === '/api/admin/providers/40/notes'
        ? apiError(400, 'text: must be at most 2000 characters', [
            { field: 'text', message: 'must be at most 2000 characters' },
          ])
        : undefined,
    );
    const card = await notesCard();
    const user = userEvent.setup();
    await user.type(await within(card).findByLabelText('Note'), 'Too long, says the server');
    await user.click(within(card).getByRole('button', { name: 'Add note' }));
    const text = 'Sorry, note could not be added. Note: must be at most 2000 characters';
    await waitFor(() => expect(view.errorToasts).toContain(text));
    expect(within(card).getByRole('alert').textContent).toBe(text);
    expect(await within(card).findByText('must be at most 2000 characters')).toBeTruthy();
    expect(view.toasts).not.toContain('Note added successfully!');
  });

  it('shows an error with a retry when the notes cannot be loaded', async () => {
    let fail = true;
    open(13, (call) => {
      if (call.url.pathname !== '/api/admin/providers/40/notes') return undefined;
      return fail
        ? apiError(500, 'The server could not answer.')
        : jsonResponse({ rows: [note(3)], paging: paging(1) });
    });
    const card = await notesCard();
    expect(await within(card).findByText(/^Sorry, the notes could not be loaded\./)).toBeTruthy();
    fail = false;
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByText('Note 3')).toBeTruthy();
  });

  it('lists the documents with their credential, upload time and a download', async () => {
    URL.createObjectURL = () => 'blob:document';
    URL.revokeObjectURL = () => undefined;
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const file = (id: number, fileName: string, extra: Partial<ProviderFileRow>): ProviderFileRow => ({
      id,
      providerId: 40,
      fileName,
      contentType: 'application/pdf',
      sizeBytes: 1200,
      uploadedAt: '2026-11-20T15:30:00.000Z',
      uploadedByName: 'Casey Rivera',
      credential: null,
      agreement: null,
      ...extra,
    });
    const view = open(13, (call) => {
      const path = call.url.pathname;
      if (path === '/api/fileserver/providers/40/files')
        return jsonResponse({
          rows: [
            file(8, 'rn-licence.pdf', { credential: { id: 3, credentialType: 'Licence or certification' } }),
            file(7, 'agreement.pdf', { agreement: 'Independent Contractor Agreement v1' }),
          ],
          paging: paging(2),
        });
      if (path === '/api/fileserver/providers/40/files/8')
        return new Response(new Uint8Array([37, 80, 68, 70]), {
          headers: { 'content-type': 'application/pdf' },
        });
      return undefined;
    });
    const card = await documentsCard();
    expect(await within(card).findByText('rn-licence.pdf')).toBeTruthy();
    expect(within(card).getByText('Licence or certification')).toBeTruthy();
    expect(within(card).getByText('Agreement: Independent Contractor Agreement v1')).toBeTruthy();
    expect(within(card).getAllByText(/^11\/20\/2026 \d+:30 [AP]M$/)).toHaveLength(2);
    expect(within(card).getByText('Showing 1–2 of 2')).toBeTruthy();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Download rn-licence.pdf' }));
    await waitFor(() => expect(clicked).toEqual(['rn-licence.pdf']));
    expect(view.calls.some((c) => c.url.pathname === '/api/fileserver/providers/40/files/8')).toBe(true);
  });

  it('shows the empty state when the clinician has no documents', async () => {
    open(13);
    const card = await documentsCard();
    expect(await within(card).findByText('No documents stored for this clinician.')).toBeTruthy();
    expect(within(card).getByText('No results')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /^Download/ })).toBeNull();
  });
});
