// Writes api/test-weights.json (each API test file's seconds in a recorded run) from jest's JSON reports, for the
// test lanes' batches (scripts/test-lanes.mjs):
//   API_TEST_REPORT_DIR=/tmp/api-reports npm run test:unit; node scripts/api-test-weights.mjs /tmp/api-reports/*.json
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './build-if-stale.mjs';

const testResults = process.argv
  .slice(2)
  .flatMap((file) => JSON.parse(fs.readFileSync(file, 'utf8')).testResults);
const apiDir = path.join(ROOT, 'api');
const weights = Object.fromEntries(
  testResults
    .map((result) => [
      // Relative to api/, wherever the run's checkout was.
      result.name.slice(result.name.lastIndexOf(`${path.sep}api${path.sep}src${path.sep}`) + 5),
      Math.round(
        ((result.perfStats?.end ?? result.endTime) - (result.perfStats?.start ?? result.startTime)) / 100,
      ) / 10,
    ])
    .sort(([a], [b]) => a.localeCompare(b)),
);
fs.writeFileSync(path.join(apiDir, 'test-weights.json'), `${JSON.stringify(weights, null, 2)}\n`);
console.log(`api/test-weights.json: ${Object.keys(weights).length} files`);
