import { apiError, renderPage } from '@carelane/shared-ui/testing';
import { jsonResponse } from '@carelane/shared-session/testing';
import { MESSAGE_TEMPLATE_MESSAGES, type MessageTemplate } from '@carelane/shared-domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PromptsPage from './PromptsPage';

jest.setTimeout(60_000);

const template = (
  id: number,
  credentialState: number,
  over: Partial<MessageTemplate> = {},
): MessageTemplate => ({
  id,
  purpose: 'broadcast',
  credentialState,
  emailSubject: `Open visits for state ${credentialState}`,
  emailMessage: `Hello {{givenName}}, state ${credentialState}`,
  smsMessage: `SMS ${credentialState}: {{visitCount}} visits in {{city}}`,
  appMessage: `App ${credentialState}`,
  emailSubjectDe: null,
  emailMessageDe: null,
  smsMessageDe: null,
  appMessageDe: null,
  version: 2,
  updatedAt: '2026-12-01T00:00:00.000Z',
  updatedByName: null,
  ...over,
});
const rows = [
  template(1, 1),
  template(2, 3, { smsMessageDe: 'SMS drei: {{visitCount}} Besuche in {{city}}' }),
  template(3, 5),
];

const routeWith =
  (
    put: () => Response = () => jsonResponse({ message: MESSAGE_TEMPLATE_MESSAGES.saved, template: rows[0] }),
  ) =>
  (call: { url: URL; method: string }) => {
    if (call.url.pathname === '/api/admin/messageTemplates' && call.method === 'GET')
      return jsonResponse({ rows });
    if (call.url.pathname.startsWith('/api/admin/messageTemplates/') && call.method === 'PUT') return put();
    return undefined;
  };
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const puts = (page: { calls: { method: string }[] }) => page.calls.filter((c) => c.method === 'PUT');

describe('PromptsPage', () => {
  it('loads the three templates, shows the state of the URL and another when switched, with the preview', async () => {
    const page = renderPage(<PromptsPage />, { url: '/prompts', route: routeWith() });
    expect(await screen.findByRole('heading', { name: 'Message templates' })).toBeTruthy();
    expect(
      screen.getByText(/picks|sends each clinician the template of their credential state/),
    ).toBeTruthy();
    await waitFor(() => expect(field('Email subject').value).toBe('Open visits for state 1'));
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('SMS 1: 3 visits in Austin')).toBeTruthy();
    expect(page.calls.find((c) => c.method === 'GET')!.url.searchParams.get('purpose')).toBe('broadcast');

    fireEvent.click(screen.getByText('Inactive'));
    await waitFor(() => expect(field('Email subject').value).toBe('Open visits for state 5'));
    expect(window.location.search).toContain('state=5');
    page.done();
  });

  it('shows an unknown placeholder on the field and sends nothing', async () => {
    const page = renderPage(<PromptsPage />, { url: '/prompts', route: routeWith() });
    await waitFor(() => expect(field('SMS message').value).toContain('SMS 1'));
    const user = userEvent.setup();
    await user.clear(field('SMS message'));
    await user.type(field('SMS message'), 'Hi {{{{foo}}');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(
      await screen.findByText(/unknown placeholder \{\{foo\}\}; allowed: \{\{givenName\}\}/),
    ).toBeTruthy();
    expect(puts(page)).toEqual([]);
    page.done();
  });

  it('inserts a placeholder chip and saves with the version read, showing the toast', async () => {
    const page = renderPage(<PromptsPage />, { url: '/prompts?state=3', route: routeWith() });
    await waitFor(() => expect(field('App message').value).toBe('App 3'));
    const user = userEvent.setup();
    await user.click(field('App message'));
    await user.click(screen.getByRole('button', { name: 'Insert {{city}}' }));
    await waitFor(() => expect(field('App message').value).toBe('App 3{{city}}'));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(page.toasts).toEqual([MESSAGE_TEMPLATE_MESSAGES.saved]));
    const put = puts(page)[0] as unknown as { url: URL; body: Record<string, unknown> };
    expect(put.url.pathname).toBe('/api/admin/messageTemplates/2');
    expect(put.body).toMatchObject({
      version: 2,
      appMessage: 'App 3{{city}}',
      smsMessageDe: 'SMS drei: {{visitCount}} Besuche in {{city}}',
      emailSubjectDe: null,
    });
    page.done();
  });

  it("shows the server's text when the save is refused (409)", async () => {
    const stale =
      'This template was changed by someone else since you opened it. Reload it and make your change again.';
    const page = renderPage(<PromptsPage />, {
      url: '/prompts',
      route: routeWith(() => apiError(409, stale)),
    });
    await waitFor(() => expect(field('App message').value).toBe('App 1'));
    const user = userEvent.setup();
    await user.type(field('App message'), '!');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      `Sorry, template could not be saved. ${stale}`,
    );
    expect(page.toasts).toEqual([]);
    page.done();
  });

  it('shows the German text, or says the English one is sent when it is empty', async () => {
    const page = renderPage(<PromptsPage />, { url: '/prompts?state=3&lang=de', route: routeWith() });
    await waitFor(() =>
      expect(field('SMS message (German)').value).toBe('SMS drei: {{visitCount}} Besuche in {{city}}'),
    );
    expect(field('App message (German)').value).toBe('');
    expect(screen.getAllByText(/No German text: the English text is sent/).length).toBe(3);
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('SMS drei: 3 Besuche in Austin')).toBeTruthy();
    expect(within(preview).getByText('App 3')).toBeTruthy();
    page.done();
  });
});
