// Bundles the Node entries (the server and the user command) into dist/, leaving packages external.
import { build } from 'esbuild';

await build({
  entryPoints: { node: 'worker/src/node.ts', cli: 'worker/src/cli.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
