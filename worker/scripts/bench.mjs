// `npm run bench`: bundles the server (dist/node.mjs, as `npm start` runs it) and the bench itself
// (worker/scripts/bench/bench.ts, which captures the app's SQL for the bare handler), then runs it.
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';
import { nodeBundle } from './build-node.mjs';

const outfile = 'dist/bench.mjs';
await build(nodeBundle);
await build({ ...nodeBundle, entryPoints: ['worker/scripts/bench/bench.ts'], outdir: undefined, outExtension: undefined, outfile });
await import(pathToFileURL(outfile).href);
