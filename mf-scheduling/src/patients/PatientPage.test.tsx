import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, paging, renderPage } from '../common/test-kit';
import PatientPage, { PATIENT_SAVED } from './PatientPage';
import { patient } from './test-fixtures';

jest.setTimeout(120_000);

function open(answerPut: () => Response) {
  return renderPage(<PatientPage />, {
    url: '/patient?id=5',
    roleId: 9,
    referralSourceId: 3,
    route: (call) => {
      if (call.url.pathname === '/api/admin/patients/5' && call.method === 'GET')
        return jsonResponse(patient);
      if (call.url.pathname === '/api/admin/patients/5' && call.method === 'PUT') return answerPut();
      if (call.url.pathname === '/api/admin/episodes') return jsonResponse({ rows: [], paging: paging(0) });
      return undefined;
    },
  });
}

describe('PatientPage', () => {
  it("shows a server field error under its field and 'Sorry, patient could not be saved. ' naming the field as labelled", async () => {
    const page = open(() =>
      jsonResponse(
        {
          statusCode: 400,
          code: 'VALIDATION',
          error: 'zipcode: must be a 5-digit ZIP code, phoneNumber2: must be a 10-digit phone number',
          errors: [
            { field: 'zipcode', message: 'must be a 5-digit ZIP code' },
            { field: 'phoneNumber2', message: 'must be a 10-digit phone number' },
          ],
        },
        400,
      ),
    );
    const user = userEvent.setup();
    expect(await screen.findByText('76')).toBeTruthy(); // age derived from the birthday
    expect(screen.getByRole('link', { name: 'Print all notes' }).getAttribute('href')).toBe(
      '/notesPrint?patientId=5',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('must be a 5-digit ZIP code')).toBeTruthy();
    const text =
      'Sorry, patient could not be saved. ZIP code: must be a 5-digit ZIP code, Other phone: must be a 10-digit phone number';
    await waitFor(() => expect(page.errorToasts).toEqual([text]));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(text);
    const put = page.calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({ firstName: 'Jane', birthday: '1950-02-03', version: 2 });
    page.done();
  });

  it(`toasts '${PATIENT_SAVED}' after a save, and offers a reload after a stale one`, async () => {
    let stale = false;
    const page = open(() =>
      stale
        ? jsonResponse(
            {
              statusCode: 409,
              code: 'STALE_VERSION',
              error: 'Someone else changed this patient since you opened it. Reload to see their changes.',
            },
            409,
          )
        : jsonResponse({ ...patient, version: 3 }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(page.toasts).toEqual([PATIENT_SAVED]));
    stale = true;
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(page.errorToasts).toEqual([
      'Sorry, patient could not be saved. Someone else changed this patient since you opened it. Reload to see their changes.',
    ]);
    page.done();
  });
});

describe('PatientPage checks', () => {
  it('shows the phone as NNN-NNN-NNNN (SPEC §5)', async () => {
    const page = open(() => jsonResponse(patient));
    const phone = (await screen.findByRole('textbox', { name: 'Phone' })) as HTMLInputElement;
    expect(phone.value).toBe('512-555-0111');
    page.done();
  });

  it.each([
    ['2/30/1940', 'Enter a date as M/D/YYYY'],
    ['1/1/2030', 'Birthday cannot be in the future.'],
  ])('refuses the birthday %s on the page: "%s", and saves nothing', async (typed, message) => {
    const page = open(() => jsonResponse({ ...patient, version: 3 }));
    const user = userEvent.setup();
    const birthday = await screen.findByRole('textbox', { name: 'Birthday' });
    await user.clear(birthday);
    await user.type(birthday, typed);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(page.calls.some((call) => call.method === 'PUT')).toBe(false);
    page.done();
  });

  it('refuses a phone number that is not 10 digits on the page, and saves nothing', async () => {
    const page = open(() => jsonResponse({ ...patient, version: 3 }));
    const user = userEvent.setup();
    const other = await screen.findByRole('textbox', { name: 'Other phone' });
    await user.type(other, '555-0100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a 10-digit phone number')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(page.calls.some((call) => call.method === 'PUT')).toBe(false);
    page.done();
  });
});
