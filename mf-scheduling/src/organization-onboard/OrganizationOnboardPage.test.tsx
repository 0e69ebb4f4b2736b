import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderPage } from '../common/test-kit';
import OrganizationOnboardPage from './OrganizationOnboardPage';

jest.setTimeout(30_000);

function onboardingAt(step: string, version: number, steps = ['Rates', 'Contract', 'Done']) {
  return {
    referralSourceId: 2,
    referralSourceName: 'Sunrise Home Health',
    stored: step,
    step,
    steps,
    version,
  };
}

describe('OrganizationOnboardPage', () => {
  it('accepts the rates, then the agreement once it is ticked as read, then shows the finished state', async () => {
    let current = onboardingAt('Rates', 1);
    const page = renderPage(<OrganizationOnboardPage />, {
      url: '/organizationOnboard',
      roleId: 8,
      referralSourceId: 2,
      route: (call) => {
        if (call.url.pathname === '/api/admin/referralSources/2/rates') return jsonResponse({ rows: [] });
        if (call.url.pathname !== '/api/admin/referralSources/2/onboarding') return undefined;
        if (call.method === 'POST') {
          const next = current.step === 'Rates' ? 'Contract' : 'Done';
          current = onboardingAt(next, current.version + 1);
        }
        return jsonResponse(current);
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept the rates' }));
    const accept = await screen.findByRole('button', { name: 'Accept the agreement' });
    expect(accept.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('checkbox'));
    await user.click(accept);
    expect(await screen.findByText('Your organization is onboarded.')).toBeTruthy();
    const posts = page.calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(posts).toEqual([
      { step: 'Rates', version: 1 },
      { step: 'Contract', version: 2 },
    ]);
    await waitFor(() => expect(page.toasts).toEqual(['Organization saved.', 'Organization saved.']));
    page.done();
  });

  it('starts at the agreement when the rates step is hidden', async () => {
    const page = renderPage(<OrganizationOnboardPage />, {
      url: '/organizationOnboard',
      roleId: 9,
      referralSourceId: 2,
      route: (call) =>
        call.url.pathname === '/api/admin/referralSources/2/onboarding'
          ? jsonResponse({ ...onboardingAt('Contract', 1, ['Contract', 'Done']), stored: 'Rates' })
          : undefined,
    });
    expect(await screen.findByRole('button', { name: 'Accept the agreement' })).toBeTruthy();
    expect(screen.queryByText('Rates')).toBeNull();
    page.done();
  });
});
