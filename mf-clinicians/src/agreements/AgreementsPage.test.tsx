import type { AgreementTemplate, ClinicianAgreements, ProviderAgreement } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, renderPage, type RenderedPage, type Route } from '@carelane/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AgreementsPage from './AgreementsPage';

// The PDF builder (jspdf) at its boundary: jsdom has no canvas; the builder has its own tests with jspdf.
// The test kit reads every request body as JSON: the stand-in PDF's bytes are a JSON string.
const PDF = new TextEncoder().encode('"%PDF-1.3 stand-in"');
const buildAgreementPdf = jest.fn((_input: unknown) => ({ bytes: PDF, data: {} }));
jest.mock('./agreement-pdf', () => ({ buildAgreementPdf: (input: unknown) => buildAgreementPdf(input) }));

jest.setTimeout(120_000);

const template: AgreementTemplate = {
  id: 5,
  name: 'Independent Contractor Agreement',
  version: 2,
  body: 'This agreement is made between Carelane and the clinician.\n\nThe clinician keeps credentials current.',
  formFields: [
    { key: 'legalName', label: 'Legal name', type: 'text', required: true },
    { key: 'startDate', label: 'Start date', type: 'date', required: true },
    { key: 'readAgreement', label: 'I have read the agreement', type: 'checkbox', required: true },
  ],
  signaturePosition: { page: 1, x: 72, y: 650, type: 'provider', version: 2 },
  includeDate: true,
  providerTypeIds: [],
  requiredForOnboarding: true,
  active: true,
  latest: true,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const v1Signed: ProviderAgreement = {
  id: 31,
  providerId: 40,
  templateId: 4,
  templateName: 'Independent Contractor Agreement',
  templateVersion: 1,
  formData: { legalName: 'Casey Rivera', startDate: '2026-01-05', readAgreement: true },
  signedOn: '2026-01-05T15:00:00.000Z',
  fileId: 77,
  fileName: 'independent-contractor-agreement-v1.pdf',
  sha256: 'ab'.repeat(32),
  signedByName: 'Casey Rivera',
  superseded: true,
};
const own: ClinicianAgreements = {
  providerId: 40,
  providerName: 'Casey Rivera',
  toSign: [{ ...template, signed: null }],
  agreements: [v1Signed],
};

let page: RenderedPage | undefined;
afterEach(() => {
  page?.done();
  buildAgreementPdf.mockClear();
});

function open(url: string, roleId: number, route: Route) {
  page = renderPage(<AgreementsPage />, { url, roleId, route });
  return page;
}

async function fillAndTypeSignature(user: ReturnType<typeof userEvent.setup>) {
  await user.click(
    await screen.findByRole('button', { name: 'Read and sign the Independent Contractor Agreement' }),
  );
  expect(
    await screen.findByRole('region', { name: 'Text of the Independent Contractor Agreement' }),
  ).toBeTruthy();
  expect(screen.getByText('The clinician keeps credentials current.')).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Legal name'), { target: { value: 'Casey Rivera' } });
  fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-12-01' } });
  await user.click(screen.getByRole('checkbox', { name: 'I have read the agreement' }));
  await user.click(screen.getByRole('radio', { name: 'Type my name as signature' }));
  await user.type(screen.getByLabelText('Type your full name as your signature'), 'Casey Rivera');
}

describe('agreements page', () => {
  it('lets a clinician sign the new version with a typed signature: the PDF built, uploaded, recorded, back to onboarding', async () => {
    const view = open('/credentialForm?returnTo=%2FproviderOnboard', 4, (call) => {
      const path = call.url.pathname;
      if (path === '/api/admin/myAgreements' && call.method === 'GET') return jsonResponse(own);
      if (path === '/api/fileserver/providers/40/files' && call.method === 'POST')
        return jsonResponse(
          {
            id: 90,
            providerId: 40,
            fileName: call.url.searchParams.get('fileName'),
            contentType: 'application/pdf',
            sizeBytes: 8,
            sha256: 'cd'.repeat(32),
            uploadedAt: '2026-11-24T15:00:00.000Z',
          },
          201,
        );
      if (path === '/api/admin/myAgreements' && call.method === 'POST')
        return jsonResponse(
          { ...v1Signed, id: 32, templateId: 5, templateVersion: 2, fileId: 90, superseded: false },
          201,
        );
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'My agreements' })).toBeTruthy();
    expect(await screen.findByText('Sign the agreements below to continue onboarding.')).toBeTruthy();
    expect(screen.getByText('To sign (required)')).toBeTruthy();
    expect(screen.getByText('Older version')).toBeTruthy();

    const user = userEvent.setup();
    await fillAndTypeSignature(user);
    await user.click(screen.getByRole('button', { name: 'Sign agreement' }));
    await waitFor(() => expect(view.toasts).toContain('Agreement signed.'));

    expect(buildAgreementPdf).toHaveBeenCalledTimes(1);
    expect(buildAgreementPdf.mock.calls[0]![0]).toMatchObject({
      template: { id: 5, version: 2 },
      clinicianName: 'Casey Rivera',
      signature: { kind: 'typed', name: 'Casey Rivera' },
      data: {
        credentialFormData: { legalName: 'Casey Rivera', startDate: '2026-12-01', readAgreement: true },
        signaturePosition: { page: 1, x: 72, y: 650, type: 'provider', version: 2 },
        includeDate: true,
      },
    });
    const upload = view.calls.find((c) => c.url.pathname === '/api/fileserver/providers/40/files')!;
    expect(upload.body).toBe('%PDF-1.3 stand-in');
    expect(upload.url.searchParams.get('fileName')).toBe('independent-contractor-agreement-v2.pdf');
    expect(upload.headers.get('content-type')).toBe('application/pdf');
    const signed = view.calls.find(
      (c) => c.url.pathname === '/api/admin/myAgreements' && c.method === 'POST',
    );
    expect(signed?.body).toEqual({
      templateId: 5,
      templateVersion: 2,
      formData: { legalName: 'Casey Rivera', startDate: '2026-12-01', readAgreement: true },
      fileId: 90,
    });
    expect(view.navigations).toEqual(['/providerOnboard']);
  });

  it('asks for the missing field and the signature before making a PDF, and shows the server’s 409 for an old version', async () => {
    const view = open('/credentialForm', 4, (call) => {
      const path = call.url.pathname;
      if (path === '/api/admin/myAgreements' && call.method === 'GET') return jsonResponse(own);
      if (path === '/api/fileserver/providers/40/files')
        return jsonResponse(
          {
            id: 91,
            providerId: 40,
            fileName: 'a.pdf',
            contentType: 'application/pdf',
            sizeBytes: 8,
            sha256: 'x',
            uploadedAt: '2026-11-24T15:00:00.000Z',
          },
          201,
        );
      if (path === '/api/admin/myAgreements')
        return apiError(
          409,
          'A newer version of the Independent Contractor Agreement is in force (version 3). Read and sign that version.',
        );
      return undefined;
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Read and sign the Independent Contractor Agreement' }),
    );
    await user.click(screen.getByRole('radio', { name: 'Type my name as signature' }));
    await user.click(screen.getByRole('button', { name: 'Sign agreement' }));
    expect(await screen.findByText('Enter Legal name.')).toBeTruthy();
    expect(screen.getByText('Check “I have read the agreement”.')).toBeTruthy();
    expect(screen.getByText('Type your name as your signature.')).toBeTruthy();
    expect(buildAgreementPdf).not.toHaveBeenCalled();
    expect(view.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Legal name'), { target: { value: 'Casey Rivera' } });
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-12-01' } });
    await user.click(screen.getByRole('checkbox', { name: 'I have read the agreement' }));
    fireEvent.change(screen.getByLabelText('Type your full name as your signature'), {
      target: { value: 'Casey Rivera' },
    });
    await user.click(screen.getByRole('button', { name: 'Sign agreement' }));
    await waitFor(() =>
      expect(view.errorToasts.join()).toContain(
        'A newer version of the Independent Contractor Agreement is in force',
      ),
    );
  });

  it('shows staff a clinician’s signed agreements with version and signed on, and the stored PDF to download', async () => {
    URL.createObjectURL = () => 'blob:agreement';
    URL.revokeObjectURL = () => undefined;
    const clicked: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const view = open('/credentialForm?providerId=40', 5, (call) => {
      const path = call.url.pathname;
      if (path === '/api/admin/providers/40/agreements') return jsonResponse(own);
      if (path === '/api/fileserver/providers/40/files/77')
        return new Response(new Uint8Array(PDF), { headers: { 'content-type': 'application/pdf' } });
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Clinician agreements' })).toBeTruthy();
    const table = (await screen.findByText('Signed agreements of Casey Rivera')).closest(
      '.ant-card',
    )! as HTMLElement;
    expect(within(table).getByText('Older version')).toBeTruthy();
    expect(within(table).getByText('1/5/2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Read and sign/ })).toBeNull();
    // A care coordinator does not manage templates.
    expect(screen.queryByText('Agreement templates')).toBeNull();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Download Independent Contractor Agreement version 1' }));
    await waitFor(() => expect(clicked).toEqual(['independent-contractor-agreement-v1.pdf']));
    expect(view.calls.some((c) => c.url.pathname === '/api/fileserver/providers/40/files/77')).toBe(true);
  });

  it('lets a clinician manager publish a new version of a template', async () => {
    const view = open('/credentialForm', 13, (call) => {
      const path = call.url.pathname;
      if (path === '/api/admin/agreementTemplates')
        return jsonResponse({ rows: [template, { ...template, id: 4, version: 1, latest: false }] });
      if (path === '/api/admin/agreementTemplates/5/versions')
        return jsonResponse({ ...template, id: 6, version: 3 }, 201);
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Agreements and credential forms' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'New version of the Independent Contractor Agreement' }),
    );
    const drawer = await screen.findByRole('dialog');
    expect(
      within(drawer).getByText('New version of the Independent Contractor Agreement (version 3)'),
    ).toBeTruthy();
    const text = within(drawer).getByLabelText('Text');
    await user.type(text, ' Version 3 adds telehealth.');
    await user.click(within(drawer).getByRole('button', { name: 'Publish version' }));
    await waitFor(() => expect(view.toasts).toContain('Agreement template saved.'));
    const call = view.calls.find((c) => c.url.pathname === '/api/admin/agreementTemplates/5/versions');
    expect(call?.body).toMatchObject({
      body: `${template.body} Version 3 adds telehealth.`,
      formFields: template.formFields,
      signaturePosition: { page: 1, x: 72, y: 650, type: 'provider' },
      includeDate: true,
      providerTypeIds: [],
      requiredForOnboarding: true,
    });
    expect(call?.body).not.toHaveProperty('name');
  });
});
