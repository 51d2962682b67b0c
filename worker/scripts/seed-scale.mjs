// `npm run seed:scale -- --products 100000`: bundles worker/scripts/scale/seed.ts (it uses the app's
// migration runner and user code, which Node 20 cannot run as .ts) and runs it.
import { build } from 'esbuild';
import { pathToFileURL } from 'node:url';
import { nodeBundle } from './build-node.mjs';

const outfile = 'dist/seed-scale.mjs';
await build({ ...nodeBundle, entryPoints: ['worker/scripts/scale/seed.ts'], outdir: undefined, outExtension: undefined, outfile });
await import(pathToFileURL(outfile).href);
