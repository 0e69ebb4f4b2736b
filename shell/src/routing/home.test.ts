import { ROLE } from '@carelane/shared-domain';
import { sessionOf } from '@carelane/shared-session/testing';
import { homePath } from './home';
import type { RoutedArea, RouteInfo } from './routes';

const route = (path: string, pages: string[], built: boolean): RouteInfo => ({
  path,
  title: path,
  pages,
  menu: true,
  public: false,
  built,
});

/** The deployed areas as remotes.json lists them today: the scheduling pages built, the others frames. */
function deployment({ dashboardBuilt = false, notesBuilt = false } = {}): RoutedArea[] {
  return [
    {
      name: 'mf-scheduling',
      title: 'Scheduling',
      routes: [
        route('/episodes', ['serviceRequest'], true),
        route('/visits', ['unstaffedVisits', 'serviceRequest'], true),
        route('/patients', ['patients'], true),
        route('/physicians', ['physicians'], true),
        route('/organizationOnboard', ['myReferralSource'], true),
      ],
    },
    {
      name: 'mf-clinicians',
      title: 'Clinicians',
      routes: [route('/providers', ['providers'], false)],
    },
    {
      name: 'mf-billing',
      title: 'Billing',
      routes: [route('/invoices', ['invoices', 'myInvoices'], false)],
    },
    {
      name: 'mf-notes',
      title: 'Notes',
      routes: [route('/notes', ['providerVisits', 'myVisits'], notesBuilt)],
    },
    {
      name: 'mf-reports',
      title: 'Reports',
      routes: [route('/dashboard', ['dashboard'], dashboardBuilt), route('/reports', ['reports'], false)],
    },
  ];
}

describe('homePath: where each role lands after signing in', () => {
  it.each([
    ['administrator', ROLE.ADMINISTRATOR, '/episodes'],
    ['back office', ROLE.BACK_OFFICE, '/episodes'],
    ['clinician', ROLE.CLINICIAN, '/profile'],
    ['care coordinator', ROLE.CARE_COORDINATOR, '/episodes'],
    ['customer care coordinator', ROLE.CUSTOMER_CARE_COORDINATOR, '/episodes'],
    ['operations director', ROLE.OPERATIONS_DIRECTOR, '/episodes'],
    ['organization administrator', ROLE.ORGANIZATION_ADMINISTRATOR, '/patients'],
    ['organization user', ROLE.ORGANIZATION_USER, '/patients'],
    ['organization manager', ROLE.ORGANIZATION_MANAGER, '/patients'],
    ['clinician manager', ROLE.CLINICIAN_MANAGER, '/episodes'],
    ['executive', ROLE.EXECUTIVE, '/episodes'],
  ])('the %s starts at their first built page, not the dashboard frame', (_name, roleId, expected) => {
    expect(homePath(sessionOf(roleId), deployment())).toBe(expected);
  });

  it('takes every role to the dashboard once it is built', () => {
    for (const roleId of Object.values(ROLE)) {
      expect(homePath(sessionOf(roleId), deployment({ dashboardBuilt: true }))).toBe('/dashboard');
    }
  });

  it('takes a clinician to their visits once that page is built', () => {
    expect(homePath(sessionOf(ROLE.CLINICIAN), deployment({ notesBuilt: true }))).toBe('/notes');
  });

  it('takes a clinician to their notes before the dashboard, both built (their dashboard is My Activity)', () => {
    expect(homePath(sessionOf(ROLE.CLINICIAN), deployment({ dashboardBuilt: true, notesBuilt: true }))).toBe(
      '/notes',
    );
    expect(
      homePath(sessionOf(ROLE.CARE_COORDINATOR), deployment({ dashboardBuilt: true, notesBuilt: true })),
    ).toBe('/dashboard');
  });

  it('takes a clinician with onboarding to do to onboarding, before their notes, until Done', () => {
    const onboarding: RouteInfo = {
      ...route('/providerOnboard', ['providerDetail', 'myVisits'], true),
      onboarding: true,
    };
    const withOnboarding = (built: boolean) => [
      ...deployment({ dashboardBuilt: true, notesBuilt: true }),
      { name: 'mf-clinicians', title: 'Clinicians', routes: [{ ...onboarding, built }] },
    ];
    const newcomer = sessionOf(ROLE.CLINICIAN, { onboardStep: 'Rates' });
    expect(homePath(newcomer, withOnboarding(true))).toBe('/providerOnboard');
    expect(homePath(newcomer, withOnboarding(false))).toBe('/notes');
    const onboarded = sessionOf(ROLE.CLINICIAN, { onboardStep: 'Done' });
    expect(homePath(onboarded, withOnboarding(true))).toBe('/notes');
    expect(homePath(sessionOf(ROLE.CLINICIAN_MANAGER), withOnboarding(true))).toBe('/dashboard');
  });

  it('skips a page the user may not open, even when built', () => {
    const withoutDashboard = sessionOf(ROLE.CARE_COORDINATOR);
    delete withoutDashboard.privileges.dashboard;
    expect(homePath(withoutDashboard, deployment({ dashboardBuilt: true }))).toBe('/episodes');
  });

  it('falls back to the first built page of the navigation, then the profile, then help', () => {
    const coordinator = sessionOf(ROLE.CARE_COORDINATOR);
    delete coordinator.privileges.serviceRequest;
    expect(homePath(coordinator, deployment())).toBe('/visits'); // unstaffedVisits
    const nothing = sessionOf(ROLE.CLINICIAN);
    expect(homePath(nothing, [])).toBe('/profile');
    delete nothing.privileges.profile;
    delete nothing.privileges.myProfile;
    expect(homePath(nothing, [])).toBe('/help');
  });

  it('never starts at a frame when no area is deployed', () => {
    expect(homePath(sessionOf(ROLE.ADMINISTRATOR), [])).toBe('/users');
  });
});
