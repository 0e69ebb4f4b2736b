import {
  ORGANIZATION_ONBOARD_STEPS,
  PROVIDER_ONBOARD_STEPS,
  hasOnboardingToDo,
  isProviderOnboardStep,
  nextOrganizationOnboardStep,
  nextProviderOnboardStep,
  providerOnboardProgressToast,
  providerOnboardStepLabel,
} from './onboarding';

describe('provider onboarding steps', () => {
  it('lists the SPEC §4 values', () => {
    expect(PROVIDER_ONBOARD_STEPS).toEqual([
      'Contract',
      'Rates',
      'Profile',
      'Credentials',
      'Background',
      'MoreCredentials',
      'Done',
    ]);
  });

  it.each([
    ['Contract', 'Rates'],
    ['Profile', 'Profile'],
    ['Background', 'Background'],
    ['Credentials', 'Background'],
    ['Done', 'Credentials'],
    ['Rates', 'Rates'],
    ['MoreCredentials', 'Rates'],
    ['unknown', 'Rates'],
    ['', 'Rates'],
    [null, 'Rates'],
    [undefined, 'Rates'],
  ])('next step after %p is %p', (step, next) => {
    expect(nextProviderOnboardStep(step)).toBe(next);
  });

  it.each([
    ['Rates', 'Rates'],
    ['Contract', 'Agreement'],
    ['Background', 'Background'],
    ['Profile', 'Skills & Preferences'],
    ['Credentials', 'Credentials'],
    ['Done', 'Onboarded'],
    ['MoreCredentials', 'More Credentials'],
  ] as const)('label of %s is %s', (step, label) => {
    expect(providerOnboardStepLabel(step)).toBe(label);
  });

  it.each([
    ['Profile', 'Contract signed! Tell us your preferences.'],
    ['Credentials', "Thank you! You'll see matching requests once your account setup is complete."],
    ['Background', "Great job! Your credentials are in review. We'll contact you if needed."],
    ['Done', "Yay! You are on the final step. Let's learn the app."],
  ])('progress toast on reaching %s', (step, toast) => {
    expect(providerOnboardProgressToast(step)).toBe(toast);
  });

  it.each(['Contract', 'Rates', 'MoreCredentials', 'toString', '', null, undefined])(
    'has no progress toast for %p',
    (step) => {
      expect(providerOnboardProgressToast(step)).toBeNull();
    },
  );

  it('recognises only the listed steps', () => {
    expect(isProviderOnboardStep('MoreCredentials')).toBe(true);
    expect(isProviderOnboardStep('done')).toBe(false);
  });
});

describe('organization onboarding steps', () => {
  it('lists the SPEC §4 values', () => {
    expect(ORGANIZATION_ONBOARD_STEPS).toEqual(['Rates', 'Contract', 'Done']);
  });

  it.each([
    ['Contract', 'Rates'],
    ['Done', 'Contract'],
    ['Rates', 'Rates'],
    [null, 'Rates'],
    [undefined, 'Rates'],
    ['other', 'Rates'],
  ])('next step after %p is %p', (step, next) => {
    expect(nextOrganizationOnboardStep(step)).toBe(next);
  });

  it.each([
    ['Contract', 'Contract'],
    ['Done', 'Contract'],
    ['Rates', 'Contract'],
    [null, 'Contract'],
  ])('with hideRatesOnBoardStep, next step after %p is %p', (step, next) => {
    expect(nextOrganizationOnboardStep(step, { hideRatesOnBoardStep: true })).toBe(next);
  });

  it('keeps Rates when hideRatesOnBoardStep is false', () => {
    expect(nextOrganizationOnboardStep('Contract', { hideRatesOnBoardStep: false })).toBe('Rates');
  });
});

describe('hasOnboardingToDo', () => {
  it.each([
    [4, 'Contract', true],
    [4, 'MoreCredentials', true],
    [4, 'Done', false],
    [4, null, false],
    [4, 'Unknown', false],
    [1, 'Contract', false],
    [13, null, false],
  ])('role %i on step %p has onboarding to do: %p', (roleId, onboardStep, expected) => {
    expect(hasOnboardingToDo({ roleId, onboardStep })).toBe(expected);
  });
});
