import { createCipheriv, createHash, randomBytes, webcrypto } from 'node:crypto';
import { MAP_JITTER_DEGREES, type CoverageReportResponse } from '@carelane/shared-domain';
import { decryptNames, shapeCoverage, visitStatusSummary } from './coverage-data';

const subtle = webcrypto.subtle as unknown as SubtleCrypto;

/** What the API does (api/src/modules/scheduling/coverage/blob-cipher.ts), written out independently. */
function encryptLikeTheServer(key: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(key).digest(), iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${iv.toString('base64')}.${sealed.toString('base64')}`;
}

const report: Pick<CoverageReportResponse, 'clinicians' | 'episodes'> = {
  clinicians: {
    id: [1, 2, 3],
    name: ['Ashley Adams', 'No Point', 'Brandon Bennett'],
    providerTypeId: [1, 3, 9],
    providerStatusId: [3, 3, 3],
    latitude: [30.27, Number.NaN, 32.79],
    longitude: [-97.74, -97.7, -96.8],
    zipcode: ['78701', '78702', '75201'],
  },
  episodes: {
    id: [10, 11],
    episodeType: ['Visit', 'Shift'],
    status: ['Active', 'Active'],
    patientOrFacilityId: [5, 6],
    zipcode: ['78704', '75201'],
    latitude: [30.24, 32.79],
    longitude: [-97.76, -96.8],
    allVisits: [['Active', 'Staffed', 'Active'], []],
    names: null,
  },
};

describe('decryptNames', () => {
  it("reads the server's AES-GCM blob with the blob key", async () => {
    const blob = encryptLikeTheServer(
      'k3y-from-constants',
      JSON.stringify([
        ['María', 'García'],
        ['Sunrise SNC', ''],
      ]),
    );
    await expect(decryptNames('k3y-from-constants', blob, subtle)).resolves.toEqual([
      ['María', 'García'],
      ['Sunrise SNC', ''],
    ]);
  });
  it('fails with a wrong key or an altered blob, and gives nothing for no blob', async () => {
    const blob = encryptLikeTheServer('right', '[["A","B"]]');
    await expect(decryptNames('wrong', blob, subtle)).rejects.toThrow();
    const altered = `${blob.slice(0, -4)}AAA=`;
    await expect(decryptNames('right', altered, subtle)).rejects.toThrow();
    await expect(decryptNames('right', null, subtle)).resolves.toEqual([]);
  });
});

describe('shapeCoverage', () => {
  const shaped = shapeCoverage(report, [
    ['Maria', 'Garcia'],
    ['Lakeside Main Campus', ''],
  ]);

  it('drops points without a latitude and longitude (SPEC §5)', () => {
    expect(shaped.clinicians.map((p) => p.id)).toEqual([1, 3]);
    expect(shaped.episodes.map((p) => p.id)).toEqual([10, 11]);
  });

  it('jitters every point by at most 0.001° and the same way each time (SPEC §9)', () => {
    const [first] = shaped.clinicians;
    expect(Math.abs(first!.lat - 30.27)).toBeLessThanOrEqual(MAP_JITTER_DEGREES);
    expect(Math.abs(first!.lon + 97.74)).toBeLessThanOrEqual(MAP_JITTER_DEGREES);
    expect([first!.lat, first!.lon]).not.toEqual([30.27, -97.74]);
    expect(shapeCoverage(report, []).clinicians[0]).toEqual(first);
    // One address, a clinician and an episode of the same id: two points.
    const same = shapeCoverage(
      {
        clinicians: { ...report.clinicians, id: [7], latitude: [30], longitude: [-97] },
        episodes: { ...report.episodes, id: [7], latitude: [30], longitude: [-97] },
      },
      [],
    );
    expect([same.clinicians[0]!.lat, same.clinicians[0]!.lon]).not.toEqual([
      same.episodes[0]!.lat,
      same.episodes[0]!.lon,
    ]);
  });

  it('names clinicians and patients for the popup', () => {
    expect(shaped.clinicians[0]).toMatchObject({
      kind: 'clinician',
      name: 'Ashley Adams',
      detail: 'RN',
      zipcode: '78701',
    });
    expect(shaped.clinicians[1]).toMatchObject({ name: 'Brandon Bennett', detail: 'HHA' });
    expect(shaped.episodes[0]).toMatchObject({
      kind: 'episode',
      name: 'Maria Garcia',
      detail: 'Visit service request · Active 2, Staffed 1',
    });
    expect(shaped.episodes[1]).toMatchObject({
      name: 'Lakeside Main Campus',
      detail: 'Shift service request · No visits',
    });
    expect(shapeCoverage(report, []).episodes[0]!.name).toBe('Name unavailable');
  });
});

describe('visitStatusSummary', () => {
  it('counts statuses, most frequent first', () => {
    expect(visitStatusSummary(['Staffed', 'Active', 'Active', 'Missed'])).toBe(
      'Active 2, Missed 1, Staffed 1',
    );
  });
});
