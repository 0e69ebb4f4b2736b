import type { CredentialType, ProviderCredential, ProviderCredentialList } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, paging, renderPage, type RenderedPage, type Route } from '@carelane/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CredentialsPage from './CredentialsPage';

jest.setTimeout(120_000);

const TYPES: CredentialType[] = [
  {
    id: 1,
    name: 'Licence or certification',
    category: 'Licence',
    expires: true,
    active: true,
    providerTypeIds: [1],
    version: 0,
  },
  {
    id: 11,
    name: 'W-9',
    category: 'Employment',
    expires: false,
    active: true,
    providerTypeIds: [1],
    version: 0,
  },
];
const licence: ProviderCredential = {
  id: 7,
  providerId: 40,
  providerName: 'Casey Rivera',
  providerTypeId: 1,
  credentialTypeId: 1,
  credentialType: 'Licence or certification',
  category: 'Licence',
  number: 'RN-1',
  issuingState: 'TX',
  issuedOn: '2025-01-10',
  expiresOn: '2026-12-01',
  status: 'Submitted',
  rejectReason: null,
  fileId: 3,
  fileName: 'licence.pdf',
  reviewedByName: null,
  reviewedAt: null,
  createdAt: '2026-11-20T15:00:00.000Z',
  version: 0,
};
const own: ProviderCredentialList = {
  providerId: 40,
  providerName: 'Casey Rivera',
  providerTypeId: 1,
  rows: [licence],
  required: [
    { id: 1, name: 'Licence or certification' },
    { id: 11, name: 'W-9' },
  ],
  gapsToday: [
    {
      credentialTypeId: 1,
      name: 'Licence or certification',
      reason: 'Licence or certification is not approved yet',
    },
  ],
  fileSizeLimitMb: 5,
};

let page: RenderedPage | undefined;
afterEach(() => page?.done());
// jsdom has no object URLs: the scan is shown from one.
beforeAll(() => {
  URL.createObjectURL = () => 'blob:scan';
  URL.revokeObjectURL = () => undefined;
});

function open(url: string, roleId: number, route: Route) {
  page = renderPage(<CredentialsPage />, {
    url,
    roleId,
    route: (call) => {
      if (call.url.pathname === '/api/admin/credentialTypes') return jsonResponse({ rows: TYPES });
      return route(call);
    },
  });
  return page;
}

describe('credentials page', () => {
  it('shows a clinician their own credentials and what they lack today, and submits a W-9', async () => {
    const posted: unknown[] = [];
    const view = open('/providercredential', 4, (call) => {
      if (call.url.pathname === '/api/admin/myCredentials') return jsonResponse(own);
      if (call.url.pathname === '/api/admin/providers/40/credentials' && call.method === 'POST') {
        posted.push(call.body);
        return jsonResponse({ ...licence, id: 8, credentialTypeId: 11, credentialType: 'W-9' }, 201);
      }
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'My credentials' })).toBeTruthy();
    expect(await screen.findByText('Not fully credentialed today')).toBeTruthy();
    expect(screen.getByText('Licence or certification is not approved yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'licence.pdf' })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Credential' }));
    await user.click(await screen.findByTitle('W-9 (required)'));
    await user.type(screen.getByLabelText('Number'), '12-3456789');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(view.toasts).toContain('Credential submitted for review.'));
    expect(posted).toEqual([
      {
        credentialTypeId: 11,
        number: '12-3456789',
        issuingState: null,
        issuedOn: null,
        expiresOn: null,
        fileId: null,
      },
    ]);
  });

  it('keeps the form open when Enter is pressed in a date field, and sends it only from Submit', async () => {
    const posted: unknown[] = [];
    const view = open('/providercredential', 4, (call) => {
      if (call.url.pathname === '/api/admin/myCredentials') return jsonResponse(own);
      if (call.url.pathname === '/api/admin/providers/40/credentials' && call.method === 'POST') {
        posted.push(call.body);
        return jsonResponse({ ...licence, id: 8 }, 201);
      }
      return undefined;
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Credential' }));
    await user.click(await screen.findByTitle('Licence or certification (required)'));
    await user.type(screen.getByLabelText('Issued on'), '1/10/2026{Enter}');
    await user.type(screen.getByLabelText('Expires on'), '12/1/2027{Enter}');
    await user.type(screen.getByLabelText('Number'), 'RN-9');
    expect(view.toasts).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(view.toasts).toContain('Credential submitted for review.'));
    expect(posted).toEqual([
      {
        credentialTypeId: 1,
        number: 'RN-9',
        issuingState: null,
        issuedOn: '2026-01-10',
        expiresOn: '2027-12-01',
        fileId: null,
      },
    ]);
  });

  it('refuses an expiry date before the issue date, and sends nothing', async () => {
    const view = open('/providercredential', 4, (call) =>
      call.url.pathname === '/api/admin/myCredentials' ? jsonResponse(own) : undefined,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Credential' }));
    await user.click(await screen.findByTitle('Licence or certification (required)'));
    await user.type(screen.getByLabelText('Issued on'), '3/1/2026{Enter}');
    await user.type(screen.getByLabelText('Expires on'), '2/1/2026{Enter}');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('The expiry date must be on or after the issue date.')).toBeTruthy();
    expect(view.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("gives a clinician manager the review queue, the scan beside the form, and the server's 409 when someone else reviewed first", async () => {
    let reviews = 0;
    const view = open('/providercredential', 13, (call) => {
      const path = call.url.pathname;
      if (path === '/api/admin/credentialReviews')
        return jsonResponse({ rows: [licence], paging: paging(1) });
      if (path === '/api/fileserver/providers/40/files/3')
        return new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } });
      if (path === '/api/admin/providers/40/credentials/7/review') {
        reviews++;
        return reviews === 1
          ? jsonResponse({ ...licence, status: 'Approved', version: 1 })
          : apiError(
              409,
              'This credential was just reviewed or changed by someone else. Reload it to see its status.',
            );
      }
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Credentials to review' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Open Licence or certification of Casey Rivera' }),
    );
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByTitle('Scan of Licence or certification: licence.pdf')).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(view.toasts).toContain('Credential approved.'));
    const call = view.calls.find((c) => c.url.pathname.endsWith('/review'));
    expect(call?.body).toEqual({ action: 'approve', version: 0 });

    await user.click(
      await screen.findByRole('button', { name: 'Open Licence or certification of Casey Rivera' }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(view.errorToasts.join()).toContain(
        'This credential was just reviewed or changed by someone else.',
      ),
    );
  });

  it('does not let a reviewer approve a licence with no scan, and says why', async () => {
    const noScan = { ...licence, fileId: null, fileName: null };
    const view = open('/providercredential', 13, (call) =>
      call.url.pathname === '/api/admin/credentialReviews'
        ? jsonResponse({ rows: [noScan], paging: paging(1) })
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Open Licence or certification of Casey Rivera' }),
    );
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('No scan was attached.')).toBeTruthy();
    const approve = within(drawer).getByRole('button', { name: 'Approve' });
    await waitFor(() => expect(approve.getAttribute('aria-describedby')).toBeTruthy());
    expect(approve.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(approve.getAttribute('aria-describedby')!)?.textContent).toBe(
      'No scan was attached: a credential that expires cannot be approved without its scan.',
    );
    await user.click(approve);
    expect(view.calls.filter((c) => c.url.pathname.endsWith('/review'))).toHaveLength(0);
  });

  it('asks a care coordinator to choose a clinician (they do not review credentials)', async () => {
    open('/providercredential', 5, () => undefined);
    expect(await screen.findByText('Choose a clinician')).toBeTruthy();
  });
});
