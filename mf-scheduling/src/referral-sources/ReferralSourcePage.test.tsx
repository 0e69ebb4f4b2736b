import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderPage } from '../common/test-kit';
import ReferralSourcePage from './ReferralSourcePage';

jest.setTimeout(60_000);

const organization = {
  id: 2,
  name: 'Sunrise Home Health',
  status: 'ACTIVE',
  zipcode: '78701',
  latitude: 30.27,
  longitude: -97.74,
  phone: '5125550100',
  fax: null,
  email: null,
  idleTimeout: null,
  dashboardVisitDateRange: null,
  missedVisitDateRange: null,
  tasksDateRange: null,
  incidentsDateRange: null,
  caseManager: false,
  actionType: null,
  onboardStepRS: 'Contract',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 9,
};
const STALE =
  'This organization was changed by someone else since you opened it. Reload it and make your change again.';

describe('ReferralSourcePage', () => {
  it("keeps the organization's time zone, where its visits' times are (decision 039)", async () => {
    const page = renderPage(<ReferralSourcePage />, {
      url: '/referralSource?id=2',
      roleId: 8,
      referralSourceId: 2,
      route: (call) => {
        if (call.url.pathname === '/api/admin/referralSources/2' && call.method === 'GET')
          return jsonResponse({ ...organization, timeZone: 'America/Chicago' });
        if (call.url.pathname === '/api/admin/referralSources/2' && call.method === 'PUT')
          return jsonResponse({ ...organization, timeZone: 'America/Denver', version: 10 });
        if (call.url.pathname === '/api/admin/referralSources/2/rates') return jsonResponse({ rows: [] });
        return undefined;
      },
    });
    const user = userEvent.setup();
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(screen.getByTitle('America/Chicago')).toBeTruthy();
    await user.click(zone);
    await user.type(zone, 'America/Denv');
    await user.click((await screen.findAllByTitle('America/Denver')).at(-1)!);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(page.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(page.calls.find((call) => call.method === 'PUT')!.body).toMatchObject({
      timeZone: 'America/Denver',
    });
  });

  it("lets an organization administrator edit their profile without the status, and shows the server's refusal", async () => {
    const page = renderPage(<ReferralSourcePage />, {
      url: '/referralSource?id=2',
      roleId: 8,
      referralSourceId: 2,
      route: (call) => {
        if (call.url.pathname === '/api/admin/referralSources/2' && call.method === 'GET')
          return jsonResponse(organization);
        if (call.url.pathname === '/api/admin/referralSources/2' && call.method === 'PUT')
          return jsonResponse({ statusCode: 409, code: 'STALE_VERSION', error: STALE }, 409);
        if (call.url.pathname === '/api/admin/referralSources/2/rates') return jsonResponse({ rows: [] });
        return undefined;
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const text = `Sorry, organization could not be saved. ${STALE}`;
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(page.errorToasts).toEqual([text]);
    const put = page.calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({
      name: 'Sunrise Home Health',
      zipcode: '78701',
      latitude: 30.27,
      version: 9,
    });
    expect(Object.keys(put.body as object)).not.toContain('status');
    expect(screen.queryByLabelText('Status')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Rate card' }));
    expect(await screen.findByText('No rates yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add rate' })).toBeNull();
    await waitFor(() => expect(globalThis.location.search).toBe('?id=2&tab=rates'));
    page.done();
  });

  it('lets staff set the status and sends an organization back one onboarding step', async () => {
    const page = renderPage(<ReferralSourcePage />, {
      url: '/referralSource?id=2&tab=onboarding',
      roleId: 6,
      route: (call) => {
        if (call.url.pathname !== '/api/admin/referralSources/2') return undefined;
        return jsonResponse(
          call.method === 'PUT' ? { ...organization, onboardStepRS: 'Rates', version: 10 } : organization,
        );
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send back to Rates' }));
    await user.click(await screen.findByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(page.toasts).toEqual(['Organization saved.']));
    expect(page.calls.find((call) => call.method === 'PUT')!.body).toEqual({
      onboardStepRS: 'Rates',
      version: 9,
    });
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(await screen.findByLabelText('Status')).toBeTruthy();
    page.done();
  });
});

describe('ReferralSourcePage for organization users', () => {
  it.each([8, 9, 12])(
    'role %i at /referralSource without an id sees their own organization, never a blank "New organization" form',
    async (roleId) => {
      const page = renderPage(<ReferralSourcePage />, {
        url: '/referralSource',
        roleId,
        referralSourceId: 2,
        route: (call) =>
          call.url.pathname === '/api/admin/referralSources/2' && call.method === 'GET'
            ? jsonResponse(organization)
            : undefined,
      });
      expect(await screen.findByRole('heading', { name: 'Sunrise Home Health' })).toBeTruthy();
      expect(screen.queryByText('New organization')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Create organization' })).toBeNull();
      page.done();
    },
    180_000,
  );
});
