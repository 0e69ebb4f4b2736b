import type { Db } from '../../db/client';
import type { AppServices } from '../../services/app-services';
import { findConstant } from '../admin/constants';

export const MAP_TILE_URL = 'mapTileUrl';
/** How long another instance's change of mapTileUrl may take to reach this one's Content-Security-Policy. */
export const TILE_SOURCES_TTL_MS = 10_000;
const MAX_TILE_HOSTS = 26;
const HOST_NAME = /^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/i;

/**
 * OpenLayers' XYZ expands the first `{a-c}` or `{0-4}` of a template into one address per letter or number
 * (`ol/uri` expandUrl); undefined for a range too long to list.
 */
function expandRange(template: string): string[] | undefined {
  const letters = /\{([a-z])-([a-z])\}/.exec(template);
  const numbers = letters ? null : /\{(\d+)-(\d+)\}/.exec(template);
  const range = letters ?? numbers;
  if (!range) return [template];
  const [first, last] = letters
    ? [range[1]!.charCodeAt(0), range[2]!.charCodeAt(0)]
    : [Number(range[1]), Number(range[2])];
  if (last - first + 1 > MAX_TILE_HOSTS) return undefined;
  const expanded: string[] = [];
  for (let i = first; i <= last; i++)
    expanded.push(template.replace(range[0], letters ? String.fromCharCode(i) : String(i)));
  return expanded;
}

/**
 * The Content-Security-Policy sources (`https://host[:port]`) an XYZ tile template loads from. Nothing for an
 * empty, relative (same origin), unparsable or non-http(s) value, or a host with a placeholder left in it.
 */
export function tileSources(template: string): string[] {
  const text = template.trim();
  if (!text) return [];
  const origins = new Set<string>();
  for (const address of expandRange(text) ?? []) {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return [];
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !HOST_NAME.test(url.hostname)) return [];
    origins.add(url.origin);
  }
  return [...origins];
}

/**
 * The tile sources of the mapTileUrl constant, kept in memory for the Content-Security-Policy (built for every
 * answer, so it must not wait on the database): read at start, set when the constant is saved on this instance,
 * and read again once older than TILE_SOURCES_TTL_MS for a save on another instance (app_constants has no
 * table-change notice for the read cache to follow).
 */
export class MapTileSources {
  private sources: readonly string[] = [];
  private loadedAt = -Infinity;
  private version = 0;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = TILE_SOURCES_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get current(): readonly string[] {
    return this.sources;
  }

  set(template: string | undefined): void {
    this.sources = tileSources(template ?? '');
    this.loadedAt = this.now();
    this.version++;
  }

  /** Reads the constant again when the value is older than the TTL; a failed read keeps the last value. */
  refresh(): Promise<void> {
    if (this.now() - this.loadedAt < this.ttlMs) return Promise.resolve();
    const version = this.version;
    this.loading ??= findConstant(this.db, MAP_TILE_URL)
      .then(
        (row) => {
          // A save on this instance while reading wins over what was read.
          if (version === this.version) this.set(row?.value);
        },
        () => {
          this.loadedAt = this.now();
        },
      )
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }
}

const byServices = new WeakMap<AppServices, MapTileSources>();

/** The one MapTileSources of a running server (the CSP reads it, saving the constant sets it). */
export function mapTileSources(services: AppServices): MapTileSources {
  let sources = byServices.get(services);
  if (!sources) {
    sources = new MapTileSources(services.db);
    byServices.set(services, sources);
  }
  return sources;
}
