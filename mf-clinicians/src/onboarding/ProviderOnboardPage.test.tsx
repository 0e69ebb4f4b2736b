import {
  PROVIDER_ONBOARD_STEPS,
  providerOnboardProgressToast,
  providerOnboardStepLabel,
  type OnboardingState,
  type ProviderCredentialList,
  type ProviderOnboardStep,
} from '@carelane/shared-domain';
import { getSession } from '@carelane/shared-session';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, choose, renderPage, type RenderedPage, type Route } from '@carelane/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProviderOnboardPage from './ProviderOnboardPage';

jest.setTimeout(120_000);

const MISSING: Record<ProviderOnboardStep, string[]> = {
  Contract: ['Sign the Clinician services agreement.'],
  Rates: ['Enter your rate for at least one visit type.'],
  Profile: ['Enter your address or the ZIP code you work from.'],
  Credentials: ['Submit your Licence or certification.'],
  Background: ['Authorize the Background check.'],
  MoreCredentials: ['Pass the required orientations.'],
  Done: [],
};

function stateAt(
  step: ProviderOnboardStep,
  { missing = MISSING[step], toast = null }: { missing?: string[]; toast?: string | null } = {},
): OnboardingState {
  const at = PROVIDER_ONBOARD_STEPS.indexOf(step);
  return {
    providerId: 40,
    providerName: 'Rita Newhire',
    providerTypeId: 1,
    providerStatusId: step === 'Done' ? 2 : 1,
    onboardStep: step,
    steps: PROVIDER_ONBOARD_STEPS.map((s, i) => ({
      step: s,
      label: providerOnboardStepLabel(s),
      state: i < at || step === 'Done' ? 'done' : i === at ? 'current' : 'todo',
    })),
    missing,
    toast,
  };
}
const next = (step: ProviderOnboardStep) => PROVIDER_ONBOARD_STEPS[PROVIDER_ONBOARD_STEPS.indexOf(step) + 1]!;

const credentials: ProviderCredentialList = {
  providerId: 40,
  providerName: 'Rita Newhire',
  providerTypeId: 1,
  rows: [],
  required: [{ id: 1, name: 'Licence or certification' }],
  gapsToday: [
    { credentialTypeId: 1, name: 'Licence or certification', reason: 'Licence or certification is missing' },
  ],
  fileSizeLimitMb: 5,
};

let page: RenderedPage | undefined;
afterEach(() => page?.done());

/**
 * The clinician's page against a small stand-in server: it starts at `start`, the inputs save (and clear what
 * the step needs), and completing the current step moves on with the SPEC toast of the step reached.
 */
function openAsClinician(
  start: ProviderOnboardStep,
  { missing, extra = () => undefined }: { missing?: string[]; extra?: Route } = {},
) {
  let state = stateAt(start, { missing });
  const saved: { path: string; body: unknown }[] = [];
  page = renderPage(<ProviderOnboardPage />, {
    url: '/providerOnboard',
    roleId: 4,
    route: (call) => {
      const answer = extra(call);
      if (answer) return answer;
      const path = call.url.pathname;
      if (path === '/api/admin/myOnboarding' && call.method === 'GET') return jsonResponse(state);
      if (path === '/api/admin/myOnboarding/complete') {
        const { step } = call.body as { step: ProviderOnboardStep };
        if (step !== state.onboardStep)
          return apiError(409, `This onboarding step is not open: you are on ${step}.`);
        if (state.missing.length)
          return apiError(400, `step: ${state.missing.join(' ')}`, [
            { field: 'step', message: state.missing.join(' ') },
          ]);
        const reached = next(step);
        state = stateAt(reached);
        return jsonResponse({ ...state, toast: providerOnboardProgressToast(reached) });
      }
      if (path.startsWith('/api/admin/myOnboarding/')) {
        saved.push({ path, body: call.body });
        state = { ...state, missing: [] };
        return jsonResponse(state);
      }
      if (path === '/api/admin/myCredentials') return jsonResponse(credentials);
      if (path === '/api/admin/credentialTypes') return jsonResponse({ rows: [] });
      return undefined;
    },
  });
  /** What the step needed is now there (done on another device, or a credential submitted). */
  const satisfy = () => {
    state = { ...state, missing: [] };
  };
  return { view: page, saved, satisfy, user: userEvent.setup() };
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('onboarding page, the clinician', () => {
  it('shows the seven steps with the SPEC labels, the Agreement panel with its link, and what it needs', async () => {
    openAsClinician('Contract');
    expect(await screen.findByRole('heading', { name: 'Step 1 of 7: Agreement' })).toBeTruthy();
    const bar = screen.getByRole('group', { name: 'Onboarding steps' });
    for (const label of [
      'Agreement',
      'Rates',
      'Skills & Preferences',
      'Credentials',
      'Background',
      'More Credentials',
      'Onboarded',
    ])
      expect(within(bar).getByText(label)).toBeTruthy();
    expect(within(bar).getByText(', current step')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign the agreement' }).getAttribute('href')).toBe(
      '/credentialForm?returnTo=/providerOnboard',
    );
    expect(
      within(screen.getByRole('list', { name: 'Still needed' })).getByText(
        'Sign the Clinician services agreement.',
      ),
    ).toBeTruthy();
  });

  it("shows the server's 400 naming what the step still needs, and the 409 of a step not open", async () => {
    let conflict = false;
    const { view, user } = openAsClinician('Contract', {
      extra: (call) =>
        conflict && call.url.pathname === '/api/admin/myOnboarding/complete'
          ? apiError(409, 'This onboarding step is not open: you are on Rates.')
          : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const missing = 'Sorry, this step could not be completed. Sign the Clinician services agreement.';
    expect((await screen.findByRole('alert')).textContent).toBe(missing);
    expect(view.errorToasts).toEqual([missing]);

    conflict = true;
    await user.click(continueButton());
    const outOfOrder =
      'Sorry, this step could not be completed. This onboarding step is not open: you are on Rates.';
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(outOfOrder));
    expect(view.errorToasts).toEqual([missing, outOfOrder]);
    expect(view.toasts).toEqual([]);
  });

  it('saves a rate for a visit type of their type and continues with the SPEC toast', async () => {
    const { view, saved, user } = openAsClinician('Rates');
    expect(await screen.findByRole('heading', { name: 'Step 2 of 7: Rates' })).toBeTruthy();
    // An RN's visit types only: no therapy or aide rates.
    expect(screen.getByLabelText('RN Routine ($/Visit)')).toBeTruthy();
    expect(screen.queryByLabelText('Therapy Routine ($/Visit)')).toBeNull();
    await user.click(continueButton());
    expect(
      await screen.findByText('Enter your rate for at least one visit type.', { selector: '[role=alert]' }),
    ).toBeTruthy();
    expect(saved).toEqual([]);

    await user.type(screen.getByLabelText('RN Routine ($/Visit)'), '65');
    await user.type(screen.getByLabelText('RN Shift ($/Hour)'), '48.5');
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Step 3 of 7: Skills & Preferences' })).toBeTruthy();
    expect(saved).toEqual([
      {
        path: '/api/admin/myOnboarding/rates',
        body: {
          rates: [
            { visitTypeId: 304, amount: 65 },
            { visitTypeId: 400, amount: 48.5 },
          ],
        },
      },
    ]);
    expect(view.toasts).toEqual(['Contract signed! Tell us your preferences.']);
    // The new step's heading has the focus, for keyboard and screen reader users.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { name: 'Step 3 of 7: Skills & Preferences' }),
      ),
    );
  });

  it('saves the ZIP code and preferences (Skills & Preferences) and continues with the SPEC toast', async () => {
    const { view, saved, user } = openAsClinician('Profile');
    expect(await screen.findByRole('heading', { name: 'Step 3 of 7: Skills & Preferences' })).toBeTruthy();
    await user.click(continueButton());
    expect(await screen.findByText('Enter the ZIP code you work from.')).toBeTruthy();
    expect(saved).toEqual([]);

    await user.type(screen.getByLabelText('ZIP code'), '78701');
    await user.type(screen.getByLabelText('Preferred ZIP codes'), '78702{Enter}');
    await user.type(screen.getByLabelText('Skills'), 'Wound care{Enter}');
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Night' }));
    await user.click(screen.getByRole('radio', { name: 'Visits' }));
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Step 4 of 7: Credentials' })).toBeTruthy();
    expect(saved).toEqual([
      {
        path: '/api/admin/myOnboarding/profile',
        body: {
          addressLine1: null,
          city: null,
          state: null,
          zipcode: '78701',
          latitude: null,
          longitude: null,
          coverageRadiusMiles: 15,
          preferredZipcodes: ['78702'],
          skills: ['Wound care'],
          languages: [],
          weekdayPreferences: [1, 2],
          shiftPreferences: ['Night'],
          assignmentPreference: 'Visit',
        },
      },
    ]);
    expect(view.toasts).toEqual([
      "Thank you! You'll see matching requests once your account setup is complete.",
    ]);
  });

  it('shows their credentials with the licence required on the Credentials step, and its SPEC toast', async () => {
    const { view, satisfy, user } = openAsClinician('Credentials');
    expect(await screen.findByRole('heading', { name: 'Step 4 of 7: Credentials' })).toBeTruthy();
    expect(await screen.findByText('Licence or certification is missing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeTruthy();
    expect(screen.getByText('Submit your Licence or certification.')).toBeTruthy();
    await user.click(continueButton());
    const refused = 'Sorry, this step could not be completed. Submit your Licence or certification.';
    expect(await screen.findByText(refused, { selector: '[role=alert]' })).toBeTruthy();
    expect(view.errorToasts).toEqual([refused]);

    satisfy();
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Step 5 of 7: Background' })).toBeTruthy();
    expect(view.toasts).toEqual(["Great job! Your credentials are in review. We'll contact you if needed."]);
  });

  it('authorizes the background check with consent and legal name, then More Credentials', async () => {
    const { view, saved, user } = openAsClinician('Background');
    expect(await screen.findByRole('heading', { name: 'Step 5 of 7: Background' })).toBeTruthy();
    await user.click(continueButton());
    expect(await screen.findByText('Give your consent to continue.')).toBeTruthy();
    expect(screen.getByText('Enter your full legal name.')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /I authorize Carelane/ }));
    await user.type(screen.getByLabelText('Full legal name'), 'Rita Ann Newhire');
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Step 6 of 7: More Credentials' })).toBeTruthy();
    expect(saved).toEqual([
      {
        path: '/api/admin/myOnboarding/background',
        body: { consent: true, legalName: 'Rita Ann Newhire' },
      },
    ]);
    // SPEC §4 has no toast for reaching More Credentials.
    expect(view.toasts).toEqual([]);
    expect(screen.getByRole('link', { name: 'Open my orientations' }).getAttribute('href')).toBe(
      '/providerOrientation',
    );
  });

  it("finishes with 'Yay! You are on the final step. Let's learn the app.' and the Onboarded summary", async () => {
    const { view, user } = openAsClinician('MoreCredentials', { missing: [] });
    expect(await screen.findByRole('heading', { name: 'Step 6 of 7: More Credentials' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Still needed' })).toBeNull();
    await user.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Onboarded' })).toBeTruthy();
    expect(view.toasts).toEqual(["Yay! You are on the final step. Let's learn the app."]);
    expect(getSession()?.user.onboardStep).toBe('Done'); // the shell's menu drops Onboarding
    expect(
      screen.getByText(/You have finished every onboarding step \(your account: In review\)/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('resumes where the server says the clinician is', async () => {
    openAsClinician('Background', { missing: [] });
    expect(await screen.findByRole('heading', { name: 'Step 5 of 7: Background' })).toBeTruthy();
    expect(screen.getByText('You have authorized the background check.')).toBeTruthy();
    const bar = screen.getByRole('group', { name: 'Onboarding steps' });
    expect(within(bar).getAllByText(', done')).toHaveLength(4);
  });
});

describe('onboarding page, staff', () => {
  it("shows a clinician's progress read-only with what their step needs", async () => {
    page = renderPage(<ProviderOnboardPage />, {
      url: '/providerOnboard?providerId=40',
      roleId: 13,
      route: (call) =>
        call.url.pathname === '/api/admin/providers/40/onboarding'
          ? jsonResponse(stateAt('Credentials'))
          : undefined,
    });
    expect(await screen.findByRole('heading', { name: 'Onboarding of Rita Newhire' })).toBeTruthy();
    expect(screen.getByText('On the Credentials step.')).toBeTruthy();
    expect(screen.getByText('Submit your Licence or certification.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Invite a clinician' })).toBeTruthy();
  });

  it('invites a clinician and shows where the invitation went; a taken email is named', async () => {
    const posted: unknown[] = [];
    page = renderPage(<ProviderOnboardPage />, {
      url: '/providerOnboard',
      roleId: 13,
      route: (call) => {
        if (call.url.pathname !== '/api/admin/clinicianInvitations') return undefined;
        posted.push(call.body);
        const { emailId } = call.body as { emailId: string };
        if (emailId === 'taken@example.com')
          return apiError(400, 'emailId: already belongs to a Carelane account', [
            { field: 'emailId', message: 'already belongs to a Carelane account' },
          ]);
        return jsonResponse(
          {
            providerId: 41,
            emailId,
            expiresAt: '2026-12-01T00:00:00.000Z',
            message: 'Invitation sent successfully.',
          },
          201,
        );
      },
    });
    const view = page;
    expect(await screen.findByRole('heading', { name: 'Clinician onboarding' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Onboarding steps' })).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('First name'), 'Rita');
    await user.type(screen.getByLabelText('Last name'), 'Newhire');
    await user.type(screen.getByLabelText('Email'), 'taken@example.com');
    await user.type(screen.getByLabelText('Mobile phone'), '5125550199');
    await choose('Provider type', 'RN');
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }));
    const refused = 'Sorry, the invitation could not be sent. Email: already belongs to a Carelane account';
    expect((await screen.findByRole('alert')).textContent).toBe(refused);
    expect(view.errorToasts).toEqual([refused]);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'rita@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText('Invitation sent successfully.')).toBeTruthy();
    expect(view.toasts).toEqual(['Invitation sent successfully.']);
    expect(posted.at(-1)).toEqual({
      firstName: 'Rita',
      lastName: 'Newhire',
      emailId: 'rita@example.com',
      phoneNumber: '512-555-0199',
      providerTypeId: 1,
    });
  });
});
