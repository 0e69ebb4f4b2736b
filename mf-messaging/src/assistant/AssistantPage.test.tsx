import { ASSISTANT_MESSAGES, type Extraction } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import {
  apiError,
  choose,
  organizationFixture,
  paging,
  renderPage,
  type ApiCall,
} from '@carelane/shared-ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AssistantPage from './AssistantPage';

jest.setTimeout(60_000);

const EMAIL = 'New SOC for Mary Jones, DOB 3/4/1941, RN eval 12/2, CHF';
const at = (value: string) => ({ start: EMAIL.indexOf(value), end: EMAIL.indexOf(value) + value.length });
const EXTRACTION: Extraction = {
  draft: {
    patient: { firstName: 'Mary', lastName: 'Jones', birthday: '1941-03-04' },
    providerTypes: ['RN'],
    visitDates: ['2026-12-02'],
    diagnosisCodes: ['I50.9'],
  },
  fields: [
    { path: 'patient.firstName', value: 'Mary', ...at('Mary'), confidence: 0.9 },
    { path: 'patient.lastName', value: 'Jones', ...at('Jones'), confidence: 0.9 },
    { path: 'patient.birthday', value: '1941-03-04', ...at('3/4/1941'), confidence: 0.95 },
    { path: 'providerTypes.0', value: 'RN', ...at('RN'), confidence: 0.9 },
    { path: 'visitDates.0', value: '2026-12-02', ...at('12/2'), confidence: 0.7 },
    { path: 'diagnosisCodes.0', value: 'I50.9', ...at('CHF'), confidence: 0.85 },
  ],
  notices: [],
  referenceDate: '2026-11-28',
  engine: 'embedded',
};

const VISIT_TYPE = {
  description: '',
  unit: '$/Visit',
  evaluation: false,
  discharge: false,
  serviceType: 'Skilled Nursing',
  telehealth: false,
};
const DUPLICATE = {
  id: 31,
  firstName: 'Mary',
  lastName: 'Jones',
  birthday: '1941-03-04',
  phoneNumber1: null,
  organizationName: 'Sunrise Home Health',
  nameSimilarity: 1,
  matches: ['name', 'birthday'],
};
const REPLY = {
  recipient: 'dana@sunrise.example',
  subject: 'Re: New SOC',
  body: 'Hello Sunrise Home Health,\n\n- 12/2/2026 9:00 AM–10:00 AM CST: RN Skilled Nursing, clinician to be assigned',
};

const QUEUED = {
  id: 12,
  fromAddress: 'dana@sunrise.example',
  subject: 'New SOC',
  receivedAt: '2026-11-28T15:00:00.000Z',
  organizationName: 'Sunrise Home Health',
  preview: EMAIL.slice(0, 160),
};

/** The API of the page: the extraction, the duplicate check, the lookups, Create and the reply. */
function api(call: ApiCall) {
  const path = call.url.pathname;
  if (path === '/api/admin/assistant/extract') return jsonResponse(EXTRACTION);
  if (path === '/api/admin/assistant/duplicates') return jsonResponse({ threshold: 0.9, rows: [DUPLICATE] });
  if (path === '/api/admin/providerTypes')
    return jsonResponse({
      rows: [
        { id: 1, type: 'RN' },
        { id: 3, type: 'PT' },
      ],
    });
  if (path === '/api/admin/visitTypes')
    return jsonResponse({
      rows: [
        { id: 340, type: 'Telehealth', providerTypeIds: [1, 3], ...VISIT_TYPE, telehealth: true },
        { id: 304, type: 'Skilled Nursing', providerTypeIds: [1], ...VISIT_TYPE },
        { id: 305, type: 'PT Visit', providerTypeIds: [3], ...VISIT_TYPE },
      ],
    });
  if (path === '/api/admin/referralSources')
    return jsonResponse({
      rows: [organizationFixture(7, 'Sunrise Home Health')],
      paging: paging(1),
    });
  if (path === '/api/admin/assistant/queue') return jsonResponse({ rows: [QUEUED], paging: paging(1) });
  if (path === '/api/admin/assistant/queue/12')
    return jsonResponse({ id: 12, text: EMAIL, receivedAt: '2026-11-28' });
  if (path === '/api/admin/assistant/create')
    return jsonResponse({ created: true, patientId: 90, serviceRequestId: 55, visitIds: [501], emailId: 3 });
  if (path === '/api/admin/assistant/requests/55/reply')
    return call.method === 'GET'
      ? jsonResponse(REPLY)
      : jsonResponse({ ok: true, message: 'Reply queued to send.' });
  return undefined;
}

async function readEmail() {
  await userEvent.type(screen.getByLabelText('Email text'), EMAIL);
  await userEvent.type(screen.getByLabelText(/^Email date/), '2026-11-28');
  await userEvent.click(screen.getByRole('button', { name: 'Read the email' }));
  return (await screen.findByRole('heading', { name: 'Draft' })).closest('.ant-card') as HTMLElement;
}

describe('AssistantPage', () => {
  it('reads a pasted email: the evidence marked in the email, the draft in the forms with each field’s confidence', async () => {
    const page = renderPage(<AssistantPage />, { url: '/assistant', roleId: 5, route: api });
    await userEvent.click(screen.getByRole('button', { name: 'Read the email' }));
    expect(screen.getByRole('alert').textContent).toBe(ASSISTANT_MESSAGES.textMissing);
    const draft = await readEmail();
    const email = screen.getByRole('heading', { name: 'The email' }).closest('.ant-card') as HTMLElement;
    const marks = [...email.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual([
      'Mary (First name)',
      'Jones (Last name)',
      '3/4/1941 (Birthday)',
      'RN (Provider type)',
      '12/2 (Visit date)',
      'CHF (Diagnosis)',
    ]);
    expect(page.calls.find((c) => c.url.pathname === '/api/admin/assistant/extract')!.body).toEqual({
      text: EMAIL,
      receivedAt: '2026-11-28',
    });
    expect(within(draft).getByText('Read by the embedded engine. Dates read as of 11/28/2026.')).toBeTruthy();
    const patient = await within(draft).findByRole('form', { name: 'Patient' });
    expect((within(patient).getByLabelText('Last name') as HTMLInputElement).value).toBe('Jones');
    expect((within(patient).getByLabelText('Birthday') as HTMLInputElement).value).toBe('3/4/1941');
    expect(within(patient).getAllByText('Read from the email: 95 % sure')).toHaveLength(1);
    expect(within(patient).getAllByText('Not in the email').length).toBeGreaterThan(0);
    const request = within(draft).getByRole('form', { name: 'Service request' });
    expect((within(request).getByLabelText('Title') as HTMLInputElement).value).toBe('RN for Mary Jones');
    expect(within(request).getByText('Diagnoses: I50.9')).toBeTruthy();
    expect(within(request).getByText('Skilled Nursing')).toBeTruthy();
    expect(within(request).getByText('Read from the email: 70 % sure')).toBeTruthy();
    // The draft's patient may already exist: the duplicate check names them, linked to their record.
    const duplicates = await within(draft).findByRole('list', { name: 'Possible duplicates' });
    expect(within(duplicates).getByRole('link', { name: 'Mary Jones' }).getAttribute('href')).toBe(
      '/patient?id=31',
    );
    expect(duplicates.textContent).toContain('same name, birthday');
    expect(page.calls.find((c) => c.url.pathname === '/api/admin/assistant/duplicates')!.body).toEqual({
      firstName: 'Mary',
      lastName: 'Jones',
      birthday: '1941-03-04',
    });
  });

  it('creates the reviewed draft with a fixed field, then sends the edited reply', async () => {
    const page = renderPage(<AssistantPage />, { url: '/assistant', roleId: 5, route: api });
    const draft = await readEmail();
    const patient = await within(draft).findByRole('form', { name: 'Patient' });
    await userEvent.type(within(patient).getByLabelText('Phone'), '5125550199');
    await userEvent.click(within(draft).getByRole('button', { name: 'Create' }));
    expect(await within(draft).findByText('Pick the organization.')).toBeTruthy();
    expect(page.calls.some((c) => c.url.pathname === '/api/admin/assistant/create')).toBe(false);
    await choose('Organization', 'Sunrise Home Health');
    await userEvent.click(within(draft).getByRole('button', { name: 'Create' }));
    expect(await within(draft).findByText('service request #55')).toBeTruthy();
    expect(page.calls.find((c) => c.url.pathname === '/api/admin/assistant/create')!.body).toEqual({
      text: EMAIL,
      referralSourceId: 7,
      patient: {
        firstName: 'Mary',
        middleInitial: null,
        lastName: 'Jones',
        birthday: '1941-03-04',
        gender: null,
        phoneNumber1: '512-555-0199',
        phoneNumber2: null,
        addressLine1: null,
        addressLine2: null,
        city: null,
        state: null,
        zipcode: null,
        latitude: null,
        longitude: null,
      },
      serviceRequest: {
        title: 'RN for Mary Jones',
        startDate: '2026-12-02',
        description: 'Diagnoses: I50.9',
      },
      visits: [{ providerTypeId: 1, visitTypeId: 304, startTime: '09:00', dates: ['2026-12-02'] }],
    });
    const reply = await within(draft).findByRole('form', { name: 'Reply' });
    const message = within(reply).getByLabelText('Message') as HTMLTextAreaElement;
    expect(message.value).toBe(REPLY.body);
    await userEvent.type(message, ' Thanks!');
    await userEvent.click(within(reply).getByRole('button', { name: 'Send the reply' }));
    expect(await within(reply).findByText('The reply is in the outbox.')).toBeTruthy();
    expect(page.calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/55/reply'))!.body).toEqual(
      {
        ...REPLY,
        body: `${REPLY.body} Thanks!`,
      },
    );
  });

  it('uses an existing patient from the duplicate check', async () => {
    const page = renderPage(<AssistantPage />, { url: '/assistant', roleId: 5, route: api });
    const draft = await readEmail();
    await userEvent.click(await within(draft).findByRole('button', { name: 'Use this patient: Mary Jones' }));
    expect(within(draft).queryByRole('form', { name: 'Patient' })).toBeNull();
    expect(within(draft).getByText('In use')).toBeTruthy();
    await userEvent.click(within(draft).getByRole('button', { name: 'Create' }));
    await within(draft).findByText('service request #55');
    const body = page.calls.find((c) => c.url.pathname === '/api/admin/assistant/create')!.body;
    expect(body).toMatchObject({ patientId: 31 });
    expect(body).not.toHaveProperty('patient');
    expect(body).not.toHaveProperty('referralSourceId');
  });

  it('reads an email of the queue, and Create names it', async () => {
    const page = renderPage(<AssistantPage />, { url: '/assistant', roleId: 5, route: api });
    const queue = await screen.findByRole('table', { name: 'Request emails' });
    expect(await within(queue).findByText('dana@sunrise.example')).toBeTruthy();
    await userEvent.click(
      within(queue).getByRole('button', { name: 'Read the email from dana@sunrise.example' }),
    );
    const draft = (await screen.findByRole('heading', { name: 'Draft' })).closest('.ant-card') as HTMLElement;
    expect((screen.getByLabelText('Email text') as HTMLTextAreaElement).value).toBe(EMAIL);
    expect(screen.getByText(/^An email of the queue/)).toBeTruthy();
    expect(page.calls.find((c) => c.url.pathname === '/api/admin/assistant/extract')!.body).toEqual({
      text: EMAIL,
      receivedAt: '2026-11-28',
    });
    await userEvent.click(await within(draft).findByRole('button', { name: 'Use this patient: Mary Jones' }));
    await userEvent.click(within(draft).getByRole('button', { name: 'Create' }));
    await within(draft).findByText('service request #55');
    expect(page.calls.find((c) => c.url.pathname === '/api/admin/assistant/create')!.body).toMatchObject({
      text: EMAIL,
      emailId: 12,
      patientId: 31,
    });
  });

  it('shows the server’s words for an email it refuses', async () => {
    renderPage(<AssistantPage />, {
      url: '/assistant',
      roleId: 5,
      route: () => apiError(400, 'Invalid input', [{ field: 'text', message: ASSISTANT_MESSAGES.binary }]),
    });
    await userEvent.type(screen.getByLabelText('Email text'), 'garbage');
    await userEvent.click(screen.getByRole('button', { name: 'Read the email' }));
    expect(await screen.findByText(ASSISTANT_MESSAGES.binary)).toBeTruthy();
  });
});
