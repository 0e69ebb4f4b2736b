import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, paging, renderPage } from '../common/test-kit';
import PatientPage, { PATIENT_SAVED } from './PatientPage';

jest.setTimeout(30_000);

const patient = {
  id: 5,
  referralSourceId: 3,
  referralSourceName: 'Sunrise Home Health',
  firstName: 'Jane',
  middleInitial: null,
  lastName: 'Doe',
  age: 76,
  gender: 'F',
  birthday: '1950-02-03',
  phoneNumber1: '5125550111',
  phoneNumber2: null,
  addressLine1: '1 Main St',
  addressLine2: null,
  city: 'Austin',
  state: 'TX',
  zipcode: '78701',
  latitude: 30.27,
  longitude: -97.74,
  language: 'English',
  status: 'ACTIVE',
  archiveReason: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 2,
};

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
  it("shows a server field error under its field and 'Sorry, patient could not be saved. '", async () => {
    const page = open(() =>
      jsonResponse(
        {
          statusCode: 400,
          code: 'VALIDATION',
          error: 'zipcode: must be a 5-digit ZIP code',
          errors: [{ field: 'zipcode', message: 'must be a 5-digit ZIP code' }],
        },
        400,
      ),
    );
    const user = userEvent.setup();
    expect(await screen.findByText('76')).toBeTruthy(); // age derived from the birthday
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('must be a 5-digit ZIP code')).toBeTruthy();
    const text = 'Sorry, patient could not be saved. zipcode: must be a 5-digit ZIP code';
    await waitFor(() => expect(page.errorToasts).toEqual([text]));
    expect(screen.getByRole('alert').textContent).toBe(text);
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
