// `npm run bench`: bundles the server (dist/node.mjs, as `npm start` runs it), the bench itself
// (worker/scripts/bench/bench.ts, which captures the app's SQL for the bare handler) and the bare
// handler (bench/bare.ts), then runs the bench.
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';
import { nodeBundle } from './build-node.mjs';

const outfile = 'dist/bench.mjs';
await build(nodeBundle);
const single = { ...nodeBundle, outdir: undefined, outExtension: undefined };
await build({ ...single, entryPoints: ['worker/scripts/bench/bench.ts'], outfile });
await build({ ...single, entryPoints: ['worker/scripts/bench/bare.ts'], outfile: 'dist/bench-bare.mjs' });
await import(pathToFileURL(outfile).href);
