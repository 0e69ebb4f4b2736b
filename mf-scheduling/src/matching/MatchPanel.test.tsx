import { fireEvent, screen, waitFor } from '@testing-library/react';
import { BROADCAST_MESSAGES, MESSAGING_TEXTS } from '@carelane/shared-domain';
import { apiError, jsonResponse, paging, renderPage, type ApiCall } from '../common/test-kit';
import { MatchPanel } from './MatchPanel';

// antd drawers and modals render slowly in jsdom: a busy 2-core machine needs the margin.
jest.setTimeout(90_000);

const visit = {
  id: 5,
  episodeId: 42,
  episodeTitle: 'Wound care',
  episodeType: 'Visit',
  referralSourceId: 3,
  organizationName: 'Sunrise Home Health',
  patientId: 9,
  patientName: 'Doe, Jane',
  visitTypeId: 304,
  visitType: 'RN Routine',
  providerTypeId: 1,
  providerType: 'RN',
  dateOfService: '2030-06-04',
  startAt: '2030-06-04T09:00:00.000Z',
  endAt: '2030-06-04T10:00:00.000Z',
  duration: 60,
  status: 'Active',
  paused: false,
  nonVisit: false,
  lateCancellation: false,
  shiftConfirmedByFacility: false,
  providerId: null,
  providerName: null,
  providerAmount: null,
  rsAmount: null,
  facilityResponse: null,
  expireReason: null,
  version: 0,
  zipcode: '75201',
  latitude: 32.7,
  longitude: -96.8,
};

const candidate = (providerUserId: number, givenName: string, selectable = true) => ({
  providerUserId,
  givenName,
  familyName: 'Lopez',
  providerType: 'RN',
  providerTypeId: 1,
  patientsCount: 0,
  visitsCount: 0,
  shiftsCount: 0,
  providerRatingDetails: {},
  skills: [],
  rating: null,
  lastLogin: null,
  fitScore: 71,
  careCoordinator: null,
  vacations: [],
  coverage: '2COVERED',
  distanceMiles: 1,
  factors: [],
  amounts: null,
  selectable,
  notSelectableReason: selectable ? null : 'Fixed rate cannot be more than $80.00',
});

const broadcast = {
  id: 12,
  episodeId: 42,
  episodeTitle: 'Wound care',
  visitIds: [5],
  status: 'Queued',
  recipientCount: 2,
  sentCount: 0,
  skippedCount: 0,
  failedCount: 0,
  createdAt: '2026-12-07T06:00:00.000Z',
  createdByName: 'Test Role 5',
  finishedAt: null,
};

function routeWith(answer: (call: ApiCall) => Response) {
  return (call: ApiCall) => {
    const path = call.url.pathname;
    if (path === '/api/operation/fitScore')
      return jsonResponse({
        visit,
        providerList: [candidate(7, 'Ana'), candidate(8, 'Bea'), candidate(9, 'Cy', false)],
        paging: paging(3),
        providerTypeRates: [],
        rateVisibility: 'none',
      });
    if (path === '/api/messaging/broadcasts' && call.method === 'POST') return answer(call);
    return undefined;
  };
}

const posts = (calls: ApiCall[]) => calls.filter((c) => c.url.pathname === '/api/messaging/broadcasts');

describe('MatchPanel broadcast', () => {
  it('sends the visit to the selectable clinicians listed after confirmation, one key, and toasts', async () => {
    const page = renderPage(<MatchPanel visitId={5} />, {
      url: '/visits?match=5',
      roleId: 5,
      route: routeWith(() => jsonResponse({ broadcast, message: BROADCAST_MESSAGES.sent }, 202)),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Broadcast' }));
    const send = await screen.findByRole('button', { name: 'Send broadcast' }, { timeout: 5000 });
    expect(screen.getAllByText('Send this visit to the 2 clinicians listed?').length).toBeGreaterThan(0);
    fireEvent.click(send);
    await waitFor(() => expect(page.toasts).toEqual(['Broadcast sent successfully.']));
    const [post] = posts(page.calls);
    const body = post!.body as { visitIds: number[]; providerIds: number[]; idempotencyKey: string };
    expect(body.visitIds).toEqual([5]);
    expect(body.providerIds).toEqual([7, 8]);
    expect(body.idempotencyKey).toMatch(/^[A-Za-z0-9_.:-]{8,}$/);
    expect(screen.queryByRole('alert')).toBeNull();
    page.done();
  });

  it('the partial SMS text stays in the panel with the way to the delivery; a failed send retried keeps its key', async () => {
    const partial = MESSAGING_TEXTS.smsPartial([8]);
    let tries = 0;
    const page = renderPage(<MatchPanel visitId={5} />, {
      url: '/visits?match=5',
      roleId: 5,
      route: routeWith(() => {
        tries += 1;
        return tries === 1
          ? apiError(500, 'The service is busy.')
          : jsonResponse({ broadcast, message: partial }, 202);
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Broadcast' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send broadcast' }));
    await waitFor(() => expect(page.errorToasts.length).toBe(1));
    expect(page.errorToasts[0]).toMatch(/^Sorry, the broadcast could not be sent\./);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send broadcast' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Broadcast' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send broadcast' }));
    expect(await screen.findByText(partial)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(partial);
    expect(screen.getByRole('link', { name: 'See delivery' }).getAttribute('href')).toBe('/broadcast?id=12');
    const keys = posts(page.calls).map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys.length).toBe(2);
    expect(keys[1]).toBe(keys[0]);
    expect(page.toasts).toEqual([]);
    page.done();
  });

  it('is not offered without the broadcast page', async () => {
    const page = renderPage(<MatchPanel visitId={5} />, {
      url: '/visits?match=5',
      roleId: 8,
      route: routeWith(() => jsonResponse({})),
    });
    expect(await screen.findByText('Ana Lopez')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Broadcast' })).toBeNull();
    page.done();
  });
});
