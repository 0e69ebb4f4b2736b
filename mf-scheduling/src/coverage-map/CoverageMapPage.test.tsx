import { createCipheriv, createHash, randomBytes, webcrypto } from 'node:crypto';
import { buildSession, setSession } from '@carelane/shared-session';
import { currentUser, jsonResponse, mockFetch } from '@carelane/shared-session/testing';
import { AppProviders } from '@carelane/shared-ui';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CoverageMapProps } from './CoverageMap';
import CoverageMapPage from './CoverageMapPage';

// jsdom has no WebGL: the map is replaced by a list of what it was asked to draw.
jest.mock('./CoverageMap', () => ({
  __esModule: true,
  default: (props: CoverageMapProps) => (
    <ul aria-label="Map points">
      {props.showClinicians
        ? props.clinicians.map((p) => <li key={`c${p.id}`}>{`clinician ${p.name}`}</li>)
        : null}
      {props.showEpisodes ? props.episodes.map((p) => <li key={`e${p.id}`}>{`episode ${p.name}`}</li>) : null}
    </ul>
  ),
}));

jest.setTimeout(20_000);

const KEY = 'demo-blob-key';
function encrypt(text: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(KEY).digest(), iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${iv.toString('base64')}.${sealed.toString('base64')}`;
}

const REPORT = {
  clinicians: {
    id: [1, 2],
    name: ['Ashley Adams', 'Brandon Bennett'],
    providerTypeId: [1, 3],
    providerStatusId: [3, 3],
    latitude: [30.27, 30.3],
    longitude: [-97.74, -97.7],
    zipcode: ['78701', '78705'],
  },
  episodes: {
    id: [10],
    episodeType: ['Visit'],
    status: ['Active'],
    patientOrFacilityId: [5],
    zipcode: ['78704'],
    latitude: [30.24],
    longitude: [-97.76],
    allVisits: [['Active']],
    names: encrypt(JSON.stringify([['Maria', 'Garcia']])),
  },
  coverage: [
    { zipcode: '78704', count: 0, providerIdSet: [], episodeCount: 1 },
    { zipcode: '78701', count: 1, providerIdSet: [1], episodeCount: 0 },
  ],
  dropped: { clinicians: 2, episodes: 0 },
};

function renderPage(answerReport: () => Response) {
  const { calls } = mockFetch((call) =>
    call.url.pathname === '/api/operation/coverageReport'
      ? answerReport()
      : jsonResponse([{ type: 'maps', name: 'mapTileUrl', value: '', description: 'tiles' }]),
  );
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CoverageMapPage route={{ path: '/coverageMap' } as never} />
    </AppProviders>,
  );
  return calls;
}

beforeAll(() => {
  Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
});
beforeEach(() => {
  window.history.replaceState(null, '', '/coverageMap');
  const user = currentUser({
    roleId: 5,
    rolename: 'CARE COORDINATOR',
    privileges: JSON.stringify({ locator: '{}' }),
  });
  setSession(
    buildSession(user, user.token, [
      { type: 'security', name: 'blobEncryptionKey', value: KEY, description: '' },
    ]),
  );
});
afterEach(() => setSession(null));

describe('CoverageMapPage', () => {
  it('draws clinicians and patients with decrypted names, a legend and coverage by ZIP code', async () => {
    const calls = renderPage(() => jsonResponse(REPORT));
    const points = await screen.findByRole('list', { name: 'Map points' }, { timeout: 10_000 });
    expect(
      within(points)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['clinician Ashley Adams', 'clinician Brandon Bennett', 'episode Maria Garcia']);
    expect(screen.getByText('Clinicians (2)')).toBeTruthy();
    expect(screen.getByText('Service requests (1)')).toBeTruthy();
    expect(screen.getByText(/Not on the map for want of a location: 2 clinicians/)).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText('78704')).toBeTruthy();
    expect(within(table).getByText('None')).toBeTruthy();
    const asked = calls.find((c) => c.url.pathname === '/api/operation/coverageReport')!;
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({
      providerStatusId: '3',
      episodeStatus: 'Active',
    });
  });

  it('hides a layer from its checkbox and keeps the choice in the URL', async () => {
    renderPage(() => jsonResponse(REPORT));
    await screen.findByText('episode Maria Garcia', undefined, { timeout: 10_000 });
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Show clinicians' }));
    await waitFor(() => expect(screen.queryByText('clinician Ashley Adams')).toBeNull());
    expect(screen.getByText('episode Maria Garcia')).toBeTruthy();
    expect(new URLSearchParams(window.location.search).get('clinicians')).toBe('0');
  });

  it("says 'Sorry, coverage map could not be loaded. ' with the server's text, and retries", async () => {
    let fail = true;
    renderPage(() =>
      fail
        ? jsonResponse({ statusCode: 500, code: 'INTERNAL', error: 'The database is unavailable.' }, 500)
        : jsonResponse(REPORT),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Sorry, coverage map could not be loaded. The database is unavailable.',
    );
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('episode Maria Garcia', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});
