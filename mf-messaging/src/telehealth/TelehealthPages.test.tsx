import { TELEHEALTH_MESSAGES, type TelehealthRoom } from '@carelane/shared-domain';
import { jsonResponse } from '@carelane/shared-session/testing';
import { apiError, renderPage, type ApiCall } from '@carelane/shared-ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import JoinPage from './JoinPage';
import TelehealthPage from './TelehealthPage';
import { qualityOf } from './use-call';

jest.setTimeout(60_000);

/** jsdom has no EventSource: the room's stream opens and stays quiet. */
class QuietEventSource {
  static opened: string[] = [];
  constructor(url: string) {
    QuietEventSource.opened.push(url);
  }
  addEventListener() {}
  close() {}
  onopen = null;
  onerror = null;
}
beforeAll(() => {
  (globalThis as unknown as { EventSource: unknown }).EventSource = QuietEventSource;
});

const INFO = {
  roomId: 12,
  clinicianFirstName: 'Ana',
  startAt: '2026-12-08T04:30:00.000Z',
  endAt: '2026-12-08T04:45:00.000Z',
  timeZone: 'America/Chicago',
  status: 'open',
  iceServers: [],
};
const TOKEN = '12.1796702400.abc';

const ROOM: TelehealthRoom = {
  roomId: 12,
  status: 'open',
  startedAt: null,
  endedAt: null,
  participants: [{ id: 5, name: 'Ana', role: 'host', state: 'admitted' }],
  visitId: 88,
  dateOfService: '2026-12-07',
  startAt: INFO.startAt,
  endAt: INFO.endAt,
  timeZone: 'America/Chicago',
  patientName: 'Mary Jones',
  patientPhone: null,
  visitType: 'Telehealth',
  me: { participantId: 5, key: 'host-key', role: 'host' },
  iceServers: [],
};

describe('JoinPage (public /tc/join)', () => {
  it('says a link without its token is incomplete', () => {
    renderPage(<JoinPage />, { url: '/tc/join?room=12', route: () => undefined });
    expect(screen.getByText('Link incomplete')).toBeTruthy();
    expect(screen.getByText(TELEHEALTH_MESSAGES.linkInvalid)).toBeTruthy();
  });

  it('shows the server’s words for an expired link', async () => {
    renderPage(<JoinPage />, {
      url: `/tc/join?room=12&token=${TOKEN}`,
      route: (call: ApiCall) =>
        call.url.pathname === '/api/public/telehealth/rooms/12'
          ? apiError(400, 'Invalid input', [{ field: 'token', message: TELEHEALTH_MESSAGES.linkExpired }])
          : undefined,
    });
    expect(await screen.findByText(TELEHEALTH_MESSAGES.linkExpired)).toBeTruthy();
    expect(screen.queryByLabelText('Your name')).toBeNull();
  });

  it('shows only the time and the clinician’s first name, asks a name, and waits to be let in', async () => {
    const page = renderPage(<JoinPage />, {
      url: `/tc/join?room=12&token=${TOKEN}`,
      route: (call: ApiCall) => {
        if (call.url.pathname === '/api/public/telehealth/rooms/12') return jsonResponse(INFO);
        if (call.url.pathname === '/api/public/telehealth/rooms/12/guests')
          return jsonResponse({ participantId: 9, key: 'guest-key', role: 'guest' });
        return undefined;
      },
    });
    expect(await screen.findByText('Video visit with Ana, 12/7/2026 10:30 PM CST.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Join the video visit' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter your name.');
    await userEvent.type(screen.getByLabelText('Your name'), ' Mary ');
    await userEvent.click(screen.getByRole('button', { name: 'Join the video visit' }));
    expect(await screen.findByText('Waiting for Ana to let you in…')).toBeTruthy();
    expect(page.calls.find((c) => c.method === 'POST')!.body).toEqual({ token: TOKEN, name: 'Mary' });
    // No camera here: the page says so and still listens to the room.
    expect(await screen.findByText('No camera or microphone could be opened.')).toBeTruthy();
    await waitFor(() =>
      expect(QuietEventSource.opened).toContain('/api/public/telehealth/rooms/12/stream?key=guest-key'),
    );
    expect(screen.getByRole('button', { name: 'Leave' })).toBeTruthy();
  });
});

describe('TelehealthPage (/tc)', () => {
  it('asks for a visit when none is chosen', () => {
    renderPage(<TelehealthPage />, { url: '/tc', roleId: 4, route: () => undefined });
    expect(screen.getByText('No visit chosen')).toBeTruthy();
  });

  it('hosts the room: nobody waiting yet, and a join link sent to the phone typed', async () => {
    const page = renderPage(<TelehealthPage />, {
      url: '/tc?visit=88',
      roleId: 4,
      route: (call: ApiCall) => {
        if (call.url.pathname === '/api/telehealth/rooms') return jsonResponse(ROOM);
        if (call.url.pathname === '/api/telehealth/rooms/12/links')
          return jsonResponse(
            {
              link: `http://localhost/tc/join?room=12&token=${TOKEN}`,
              expiresAt: '2026-12-08T06:00:00.000Z',
              sentTo: ['5125550199'],
              message: TELEHEALTH_MESSAGES.linkSent('5125550199'),
            },
            201,
          );
        return undefined;
      },
    });
    expect(
      await screen.findByText('Telehealth with Mary Jones, 12/7/2026 10:30 PM–10:45 PM CST'),
    ).toBeTruthy();
    expect(screen.getByText('Nobody is waiting.')).toBeTruthy();
    expect(page.calls[0]!.body).toEqual({ visitId: 88 });
    await userEvent.click(screen.getByRole('button', { name: 'Send join link' }));
    expect(await screen.findByText('Enter a mobile phone number or an email address.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Mobile phone'), '512-555-0199');
    await userEvent.click(screen.getByRole('button', { name: 'Send join link' }));
    await waitFor(() => expect(page.toasts).toContain('Join link sent to 5125550199.'));
    expect((screen.getByLabelText(/^Join link/) as HTMLInputElement).value).toContain('/tc/join?room=12');
    expect(screen.getByRole('button', { name: 'End call' })).toBeTruthy();
  });
});

describe('qualityOf', () => {
  it('reads loss and round trip of the last interval as good, fair or poor', () => {
    expect(qualityOf({ packetsLost: 0, packetsReceived: 500, roundTripMs: 20 })).toBe('good');
    expect(qualityOf({ packetsLost: 25, packetsReceived: 475, roundTripMs: 20 })).toBe('fair');
    expect(qualityOf({ packetsLost: 0, packetsReceived: 500, roundTripMs: 700 })).toBe('poor');
    expect(qualityOf({ packetsLost: 80, packetsReceived: 420, roundTripMs: null })).toBe('poor');
  });
});
