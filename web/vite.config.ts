import { fileURLToPath } from 'node:url';
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

/**
 * Writes a brotli and a gzip copy beside every text file of the build, which `npm start` serves to
 * browsers that accept them. Cloudflare compresses a Worker's assets itself: `.assetsignore` keeps
 * the copies out of the upload.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? here('../dist/web');
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName) || fileName.endsWith('.map')) continue;
        const source = readFileSync(join(dir, fileName));
        if (source.length < 1024) continue;
        writeFileSync(join(dir, `${fileName}.br`), brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }));
        writeFileSync(join(dir, `${fileName}.gz`), gzipSync(source, { level: 9 }));
      }
      writeFileSync(join(dir, '.assetsignore'), '*.br\n*.gz\n');
    },
  };
}

/**
 * The signed-in frame (menu, search, alerts) and the small shared pieces most signed-in pages use,
 * in one chunk of their own: as separate files they were twenty requests, which over HTTP/1.1 (`npm
 * start`) go six at a time, each waiting a phone's round trip. Nothing the login screen uses belongs
 * here (tests/browser/first-load.test.ts counts what it loads).
 */
const FRAME = [
  /web[\\/]src[\\/]shared[\\/](layout|branches|hooks)[\\/]/,
  /web[\\/]src[\\/]shared[\\/]api[\\/](resource|products|lookups)\./,
  /web[\\/]src[\\/]shared[\\/]ui[\\/](Flash|ConfirmDialog|Modal|SelectField|money|dates|documentNumber|DataTable)\./,
  /worker[\\/]src[\\/]schemas[\\/]roles\./,
  /@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](useQuery|useBaseQuery|queryOptions|suspense|errorBoundaryUtils|QueryErrorResetBoundary|IsRestoringProvider)\./,
  /@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]queryObserver\./,
];

export default defineConfig({
  plugins: [apiDocs(), precompress()],
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
      // ZXing's package does not mark its files free of side effects, though they are: the scanner's chunk then keeps only the EAN-13 reader.
      treeshake: { moduleSideEffects: (id) => !/[\\/]@zxing[\\/]/.test(id) },
      output: {
        codeSplitting: { groups: [{ name: 'frame', test: (id) => FRAME.some((pattern) => pattern.test(id)), includeDependenciesRecursively: false }] },
      },
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
