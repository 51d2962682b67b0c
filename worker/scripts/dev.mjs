// `npm run dev`: the API on port 8788, rebuilt and restarted on every change, and Vite on 8787
// with hot reload, sending /api to the API.
import { spawn } from 'node:child_process';
import { context } from 'esbuild';
import { nodeBundle } from './build-node.mjs';

const api = await context(nodeBundle);
await api.rebuild();
await api.watch();

const children = [
  spawn(process.execPath, ['--watch', '--enable-source-maps', 'dist/node.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.API_PORT || '8788', SERVE_WEB: 'false' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--config', 'web/vite.config.ts'], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  void api.dispose().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
