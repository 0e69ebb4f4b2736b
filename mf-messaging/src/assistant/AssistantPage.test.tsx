import { ASSISTANT_MESSAGES, type Extraction } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, renderPage, type ApiCall } from '@carelane/shared-ui/testing';
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
};

describe('AssistantPage', () => {
  it('reads a pasted email: the evidence marked in the email, the draft with each field’s confidence', async () => {
    const page = renderPage(<AssistantPage />, {
      url: '/assistant',
      roleId: 5,
      route: (call: ApiCall) => {
        if (call.url.pathname === '/api/admin/assistant/extract') return jsonResponse(EXTRACTION);
        if (call.url.pathname === '/api/admin/assistant/duplicates')
          return jsonResponse({
            threshold: 0.9,
            rows: [
              {
                id: 31,
                firstName: 'Mary',
                lastName: 'Jones',
                birthday: '1941-03-04',
                phoneNumber1: null,
                organizationName: 'Sunrise Home Health',
                nameSimilarity: 1,
                matches: ['name', 'birthday'],
              },
            ],
          });
        return undefined;
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Read the email' }));
    expect(screen.getByRole('alert').textContent).toBe(ASSISTANT_MESSAGES.textMissing);
    await userEvent.type(screen.getByLabelText('Email text'), EMAIL);
    await userEvent.type(screen.getByLabelText(/^Email date/), '2026-11-28');
    await userEvent.click(screen.getByRole('button', { name: 'Read the email' }));
    const email = (await screen.findByRole('heading', { name: 'The email' })).closest(
      '.ant-card',
    ) as HTMLElement;
    const marks = [...email.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual([
      'Mary (First name)',
      'Jones (Last name)',
      '3/4/1941 (Birthday)',
      'RN (Provider type)',
      '12/2 (Visit date)',
      'CHF (Diagnosis)',
    ]);
    const draft = screen.getByRole('heading', { name: 'Draft' }).closest('.ant-card') as HTMLElement;
    expect(within(draft).getByText('3/4/1941')).toBeTruthy();
    expect(within(draft).getByText('70 % sure')).toBeTruthy();
    expect(within(draft).getByText('Dates read as of 11/28/2026.')).toBeTruthy();
    expect(page.calls[0]!.body).toEqual({ text: EMAIL, receivedAt: '2026-11-28' });
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
