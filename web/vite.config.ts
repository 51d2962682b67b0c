import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  publicDir: here('public'),
  resolve: {
    alias: { '@schemas': here('../worker/src/schemas') },
  },
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: here('../dist/web'),
    emptyOutDir: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    port: 8787,
    strictPort: true,
    proxy: { '/api': 'http://127.0.0.1:8788' },
  },
});
