// Bundles the Node entries (the server, the user command, backups and the schema file) into dist/, leaving packages external.
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';

export const nodeBundle = {
  entryPoints: { node: 'worker/src/node.ts', cli: 'worker/src/cli.ts', backup: 'worker/src/backup.ts', 'db-schema': 'worker/src/schema-cli.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
};

if (import.meta.url === pathToFileURL(process.argv[1]).href) await build(nodeBundle);
