import {
  BLOB_CIPHER,
  PROVIDER_TYPES,
  hasMapLocation,
  jitterPoint,
  type CoverageReportResponse,
} from '@carelane/shared-domain';

/** One point the map draws; `lon`/`lat` are already jittered (SPEC §9). */
export type MapPoint = {
  kind: 'clinician' | 'episode';
  id: number;
  lon: number;
  lat: number;
  /** The clinician's name or the patient's (decrypted) name, or the facility's. */
  name: string;
  /** A second line for the popup: provider type, or episode type and visit statuses. */
  detail: string;
  zipcode: string;
};

export type ShapedCoverage = { clinicians: MapPoint[]; episodes: MapPoint[] };

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Decrypts the report's patient names with the blobEncryptionKey constant (BLOB_CIPHER: AES-GCM, key =
 * SHA-256 of the key text). Returns one [firstName, lastName] per episode; throws when the key is wrong.
 */
export async function decryptNames(
  blobKey: string,
  blob: string | null,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<[string, string][]> {
  if (!blob) return [];
  const [ivText, sealedText] = blob.split(BLOB_CIPHER.separator);
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(blobKey));
  const key = await subtle.importKey('raw', digest, { name: BLOB_CIPHER.algorithm }, false, ['decrypt']);
  const plain = await subtle.decrypt(
    { name: BLOB_CIPHER.algorithm, iv: fromBase64(ivText ?? ''), tagLength: BLOB_CIPHER.tagBytes * 8 },
    key,
    fromBase64(sealedText ?? ''),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as [string, string][];
}

const providerTypeName = (id: number) => PROVIDER_TYPES.find((type) => type.id === id)?.type ?? `Type ${id}`;

/** "Active 3, Staffed 1" from an episode's visit statuses, most frequent first. */
export function visitStatusSummary(statuses: readonly string[]): string {
  if (!statuses.length) return 'No visits';
  const counts = new Map<string, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([status, n]) => `${status} ${n}`)
    .join(', ');
}

/**
 * Turns the report's columns into map points: anything without a latitude and longitude is left out (SPEC
 * §5; the server already drops them, this keeps a bad row from putting a point at 0,0), the rest jittered
 * by a stable 0.001° (SPEC §9). Clinicians and episodes get separate jitter keys so a clinician and an
 * episode with the same id at one address do not coincide.
 */
export function shapeCoverage(
  report: Pick<CoverageReportResponse, 'clinicians' | 'episodes'>,
  names: readonly (readonly [string, string])[],
): ShapedCoverage {
  const clinicians: MapPoint[] = [];
  const c = report.clinicians;
  for (let i = 0; i < c.id.length; i++) {
    const lat = c.latitude[i];
    const lon = c.longitude[i];
    if (!hasMapLocation(lat, lon)) continue;
    const [jLat, jLon] = jitterPoint(c.id[i]!, lat!, lon!);
    clinicians.push({
      kind: 'clinician',
      id: c.id[i]!,
      lon: jLon,
      lat: jLat,
      name: c.name[i] ?? '',
      detail: providerTypeName(c.providerTypeId[i]!),
      zipcode: c.zipcode[i] ?? '',
    });
  }
  const episodes: MapPoint[] = [];
  const e = report.episodes;
  for (let i = 0; i < e.id.length; i++) {
    const lat = e.latitude[i];
    const lon = e.longitude[i];
    if (!hasMapLocation(lat, lon)) continue;
    const [jLat, jLon] = jitterPoint(-e.id[i]!, lat!, lon!);
    const [first = '', last = ''] = names[i] ?? [];
    episodes.push({
      kind: 'episode',
      id: e.id[i]!,
      lon: jLon,
      lat: jLat,
      name: `${first} ${last}`.trim() || 'Name unavailable',
      detail: `${e.episodeType[i]} service request · ${visitStatusSummary(e.allVisits[i] ?? [])}`,
      zipcode: e.zipcode[i] ?? '',
    });
  }
  return { clinicians, episodes };
}
