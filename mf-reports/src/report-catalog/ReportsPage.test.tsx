import { ROLE } from '@carelane/shared-domain';
import { getBus, type SiteRoute } from '@carelane/shared-session';
import { renderPage, type RenderedPage } from '@carelane/shared-ui/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import ReportsPage from './ReportsPage';

const route = (path: string, title: string, pages: string[], extra: Partial<SiteRoute> = {}): SiteRoute => ({
  path,
  title,
  pages,
  areaTitle: 'Reports',
  built: true,
  public: false,
  ...extra,
});

/** What the shell publishes: built and unbuilt reports of two areas, and a page that is not a report. */
const ROUTES: SiteRoute[] = [
  route('/users', 'Users', ['users'], { areaTitle: 'Carelane' }),
  route('/dashboard', 'Dashboard', ['dashboard']),
  route('/timetostaff', 'Time to staff', ['reports']),
  route('/referralSourceFunnel', 'Organization funnel', ['funnelReports'], { built: false }),
  route('/unbilledvisits', 'Unbilled visits', ['unbilledVisits'], { areaTitle: 'Billing' }),
];

function open(roleId: number, url = '/reports', routes: SiteRoute[] = ROUTES): RenderedPage {
  getBus().routes$.next(routes);
  return renderPage(<ReportsPage />, { url, roleId, route: () => undefined });
}

const links = () => screen.queryAllByRole('link').map((link) => link.textContent);

afterEach(() => getBus().routes$.next([]));

describe('/reports', () => {
  it('lists the built reports the administrator may open, grouped, each with what it answers and its area', () => {
    const page = open(ROLE.ADMINISTRATOR);
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    expect(screen.getByText('3 reports open to you')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Staffing',
      'Billing',
    ]);
    expect(links()).toEqual(['Dashboard', 'Time to staff', 'Unbilled visits']);
    const staffing = screen.getByRole('region', { name: 'Staffing' });
    expect(within(staffing).getByText(/How long staffing a visit takes/)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Billing' })).getByText('· Billing')).toBeTruthy();
    page.done();
  });

  it('leaves out what the role may not open: an organization user gets the dashboard only', () => {
    const page = open(ROLE.ORGANIZATION_USER);
    expect(links()).toEqual(['Dashboard']);
    expect(screen.getByText('1 report open to you')).toBeTruthy();
    page.done();
  });

  it('opens a report in the app when its link is clicked', () => {
    const page = open(ROLE.ADMINISTRATOR);
    fireEvent.click(screen.getByRole('link', { name: 'Time to staff' }));
    expect(page.navigations).toEqual(['/timetostaff']);
    page.done();
  });

  it('filters by the words in the URL, and says when nothing matches', () => {
    const page = open(ROLE.ADMINISTRATOR, '/reports?q=Staffing');
    expect(links()).toEqual(['Dashboard', 'Time to staff']);
    page.done();
    const none = open(ROLE.ADMINISTRATOR, '/reports?q=churn');
    expect(screen.getByText('No report matches “churn”')).toBeTruthy();
    expect(links()).toEqual([]);
    none.done();
  });

  it('searches from the box and writes the words in the URL', () => {
    const page = open(ROLE.ADMINISTRATOR);
    const box = screen.getByRole('searchbox', { name: 'Find a report' });
    fireEvent.change(box, { target: { value: 'unbilled' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter' });
    expect(new URLSearchParams(window.location.search).get('q')).toBe('unbilled');
    expect(links()).toEqual(['Unbilled visits']);
    page.done();
  });

  it('says why the list is empty: no report for the role, or the pages not loaded yet', () => {
    const clinician = open(
      ROLE.CLINICIAN,
      '/reports',
      ROUTES.filter((r) => r.path !== '/dashboard'),
    );
    expect(screen.getByText('No report is open to you')).toBeTruthy();
    clinician.done();
    const early = open(ROLE.ADMINISTRATOR, '/reports', []);
    expect(screen.getByText('The reports are not listed yet')).toBeTruthy();
    early.done();
  });
});
