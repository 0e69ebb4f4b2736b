// Bundles the API into one CommonJS file; npm packages stay external, our workspace packages are inlined.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.cjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  packages: 'external',
  alias: { '@carelane/shared-domain': '../shared-domain/src/index.ts' },
  logLevel: 'warning',
});
console.log('api: built dist/main.cjs');
