// The fit score's candidate search two ways, timed on the same data, in the bench process on the server's
// database: an indexed bounding box (providers_type_lat_idx) against a plain full scan that measures the
// distance of every clinician. Through the API's matching service (api/src/modules/scheduling/matching/
// service.ts, bundled here with esbuild) when it exists, else in SQL written here.
import fs from 'node:fs';
import path from 'node:path';
import { API_DIR, latencySummary, loadApiBundle, openDirect } from './lib.mjs';

/** The widest coverage radius a clinician may have (bench data: 10 to 50 miles). */
const MAX_RADIUS_MILES = 50;
export const RUNS_PER_VISIT = 3;

const haversine = (lat, lng) =>
  `2 * 3958.8 * asin(least(1, sqrt(power(sin(radians(p.preferred_latitude - ${lat}) / 2), 2)
     + cos(radians(${lat})) * cos(radians(p.preferred_latitude)) * power(sin(radians(p.preferred_longitude - ${lng}) / 2), 2))))`;

/** Active clinicians of the visit's type whose coverage radius reaches the visit, nearest first. */
function candidatesSql(visit, { indexed }) {
  const { latitude: lat, longitude: lng } = visit;
  const dLat = MAX_RADIUS_MILES / 68.7;
  const dLng = MAX_RADIUS_MILES / (69.0 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
  const box = indexed
    ? `and p.provider_type_id = ${visit.provider_type_id}
       and p.preferred_latitude between ${lat - dLat} and ${lat + dLat}
       and p.preferred_longitude between ${lng - dLng} and ${lng + dLng}`
    : // `+ 0` keeps the planner off the index: every clinician's row is read and its distance computed.
      `and p.provider_type_id + 0 = ${visit.provider_type_id}`;
  return `select id, miles from (
      select p.id, p.coverage_radius_miles, ${haversine(lat, lng)} as miles
      from providers p
      where p.provider_status_id + 0 = 3 and p.preferred_latitude is not null ${box}
    ) c
    where miles <= coverage_radius_miles
    order by miles, id`;
}

/** Plans of both queries for one visit (explain analyze, costs off). */
async function plans(direct, visit) {
  const explain = async (indexed) =>
    (await direct.query(`explain (analyze, costs off, timing off) ${candidatesSql(visit, { indexed })}`))
      .map((r) => r['QUERY PLAN'])
      .filter((line) => !/^\s*(Planning|Execution) Time/.test(line))
      .join('\n');
  return { indexed: await explain(true), fullScan: await explain(false) };
}

/**
 * Times both SQL strategies for each visit (RUNS_PER_VISIT runs each after one warm-up) and checks they find
 * the same clinicians. Answers { source, indexed, fullScan (latency summaries), ratio, candidates, plans }.
 */
async function compareInSql(target, visitIds) {
  const direct = await openDirect(target);
  try {
    const visits = await direct.query(
      `select id, latitude, longitude, provider_type_id from visits where id = any($1::int[]) and latitude is not null`,
      [visitIds],
    );
    const times = { indexed: [], fullScan: [] };
    const candidates = [];
    for (const visit of visits) {
      const found = {};
      for (const [key, indexed] of [
        ['indexed', true],
        ['fullScan', false],
      ]) {
        const text = candidatesSql(visit, { indexed });
        found[key] = await direct.query(text);
        for (let i = 0; i < RUNS_PER_VISIT; i++) {
          const t = performance.now();
          await direct.query(text);
          times[key].push(performance.now() - t);
        }
      }
      const ids = (rows) => rows.map((r) => r.id).join(',');
      if (ids(found.indexed) !== ids(found.fullScan))
        throw new Error(`visit ${visit.id}: the bounding box and the full scan found different clinicians`);
      candidates.push(found.indexed.length);
    }
    const indexed = latencySummary(times.indexed);
    const fullScan = latencySummary(times.fullScan);
    return {
      source:
        'SQL in the bench, the API having no matching service: active clinicians of the type whose coverage radius reaches the visit',
      indexed,
      fullScan,
      ratio: fullScan.p50 / indexed.p50,
      candidates: latencySummary(candidates),
      plans: visits.length ? await plans(direct, visits[0]) : null,
    };
  } finally {
    await direct.close();
  }
}

const SERVICE = path.join(API_DIR, 'src', 'modules', 'scheduling', 'matching', 'service.ts');

/**
 * The API's matching service (`rankCandidates(db, visitId, { strategy })`) bundled with the API's database
 * client, or null when it is missing (loadApiBundle: the bundle goes to api/dist, where the client finds the
 * migrations folder as the server does).
 */
async function loadMatchingService() {
  if (
    !fs.existsSync(SERVICE) ||
    !/export async function rankCandidates/.test(fs.readFileSync(SERVICE, 'utf8'))
  )
    return null;
  return loadApiBundle(
    'matching',
    [
      `export { openDatabase } from '../src/db/client';`,
      `export { rankCandidates } from '../src/modules/scheduling/matching/service';`,
    ].join('\n'),
  );
}

/**
 * Times the matching service's two strategies, in process, for each visit (RUNS_PER_VISIT runs each after one
 * warm-up) and checks they rank the same clinicians.
 */
async function compareInService(service, target, visitIds) {
  const database = await service.openDatabase(
    target.dataDir ? { dataDir: target.dataDir } : { databaseUrl: target.databaseUrl, dataDir: 'memory://' },
  );
  try {
    const times = { indexed: [], fullScan: [] };
    const candidates = [];
    for (const visitId of visitIds) {
      const found = {};
      for (const strategy of ['indexed', 'fullScan']) {
        found[strategy] = await service.rankCandidates(database.db, visitId, { strategy });
        for (let i = 0; i < RUNS_PER_VISIT; i++) {
          const t = performance.now();
          await service.rankCandidates(database.db, visitId, { strategy });
          times[strategy].push(performance.now() - t);
        }
      }
      const ids = (list) => list.map((c) => c.provider.id).join(',');
      if (ids(found.indexed) !== ids(found.fullScan))
        throw new Error(`visit ${visitId}: the two strategies ranked different clinicians`);
      candidates.push(found.indexed.length);
    }
    const indexed = latencySummary(times.indexed);
    const fullScan = latencySummary(times.fullScan);
    return {
      source:
        "the API's matching service, `rankCandidates(db, visitId, { strategy })` of api/src/modules/scheduling/matching/service.ts, called in the bench process: candidates within the search distance, their workload, vacations and previous assignments, and the fit score of each",
      indexed,
      fullScan,
      ratio: fullScan.p50 / indexed.p50,
      candidates: latencySummary(candidates),
      plans: null,
    };
  } finally {
    await database.close();
  }
}

/** Both strategies through the matching service when it exists, else in SQL ({@link compareInSql}). */
export async function compareStrategies(target, visitIds) {
  const service = await loadMatchingService();
  return service ? compareInService(service, target, visitIds) : compareInSql(target, visitIds);
}
