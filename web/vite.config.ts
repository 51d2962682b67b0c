import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Swagger UI's script and style for /api/docs, served from the app's own origin as /api-docs/. */
function apiDocs(): Plugin {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const files = ['swagger-ui-bundle.js', 'swagger-ui-bundle.js.LICENSE.txt', 'swagger-ui.css', 'LICENSE', 'NOTICE'];
  return {
    name: 'api-docs',
    apply: 'build',
    generateBundle() {
      for (const file of files) this.emitFile({ type: 'asset', fileName: `api-docs/${file}`, source: readFileSync(join(dist, file)) });
    },
  };
}

export default defineConfig({
  plugins: [apiDocs()],
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
