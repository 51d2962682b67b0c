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

/**
 * react-router declares its components as `React.forwardRef(...)` without marking the calls pure, and
 * names them for React's developer tools after, so the build kept every one (NavLink, Form...)
 * whether the app used it or not.
 */
function pureRouterComponents(): Plugin {
  return {
    name: 'pure-router-components',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]/ },
      handler(code) {
        return code
          .replace(/=\s*(React\d*)\.(forwardRef|memo|createContext)\(/g, '= /* @__PURE__ */ $1.$2(')
          .replace(/^\w+\.displayName = "\w+";$/gm, '');
      },
    },
  };
}

type Output = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];
type OutputChunk = Extract<Output[string], { type: 'chunk' }>;

/**
 * The first screens' code named in their HTML, so that the browser fetches it beside the entry
 * instead of after the entry has run: `index.html` (the signed-in pages) preloads the frame, which
 * holds the dashboard; `login.html` (served for /login, by `npm start` and by Cloudflare's asset
 * handling alike) preloads the sign-in page; and each screen of `OWN_HTML` has `<path>.html` that
 * preloads the frame, the pages' routes and the screen's own code, which otherwise come one after
 * the other, a phone's round trip each.
 */
/** The screens opened afresh often enough to have HTML of their own: a path, and a module of the screen's code. */
const OWN_HTML: Record<string, RegExp> = {
  ...Object.fromEntries(
    ['invoices', 'sales', 'purchases', 'quotes', 'credit-notes', 'supplier-returns'].map((path) => [path, /\/features\/documents\/lists\.tsx$/]),
  ),
  'reports/inventory': /\/features\/reports\/InventoryReportPage\.tsx$/,
  'reports/sales': /\/features\/reports\/SalesReportPage\.tsx$/,
  'reports/purchases': /\/features\/reports\/PurchasesReportPage\.tsx$/,
  'reports/customer-balance': /\/features\/reports\/BalanceReportPage\.tsx$/,
  'reports/supplier-balance': /\/features\/reports\/BalanceReportPage\.tsx$/,
};

function firstScreens(): Plugin {
  const links = (bundle: Output, firsts: (OutputChunk | undefined)[], html: string) => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (chunk: OutputChunk) => {
      if (scripts.has(chunk.fileName)) return;
      scripts.add(chunk.fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
      for (const name of chunk.imports) visit(bundle[name] as OutputChunk);
    };
    for (const first of firsts) {
      if (!first) throw new Error('firstScreens: a first screen\'s chunk is missing from the build');
      visit(first);
    }
    const tags = [
      ...[...scripts].filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      // Fetched now but not a stylesheet of the page: the browser runs no script until the page's
      // stylesheets have come. The code that needs one adds it as it loads (and waits for it).
      ...[...styles].filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ];
    return html.replace('</head>', `${tags.map((tag) => `  ${tag}\n`).join('')}  </head>`);
  };
  return {
    name: 'first-screens',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const html = String(index.source);
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const holding = (module: RegExp) => chunks.find((chunk) => chunk.moduleIds.some((id) => module.test(id.replace(/\\/g, '/'))));
      // Found by a module they hold: lazily loaded modules named pages.tsx make chunks called "pages" too.
      const frame = holding(/\/shared\/layout\/Layout\.tsx$/);
      const pages = holding(/\/src\/app\/pages\.tsx$/);
      this.emitFile({ type: 'asset', fileName: 'login.html', source: links(bundle, [holding(/\/features\/auth\/LoginPage\.tsx$/)], html) });
      for (const [path, module] of Object.entries(OWN_HTML)) {
        this.emitFile({ type: 'asset', fileName: `${path}.html`, source: links(bundle, [frame, pages, holding(module)], html) });
      }
      index.source = links(bundle, [frame], html);
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
 * The signed-in frame (menu, search box, the alerts' bell), the dashboard (the first page after
 * signing in) and the small shared pieces they use, in one chunk of their own: as separate files
 * they were twenty requests, which over HTTP/1.1 (`npm start`) go six at a time, each waiting a
 * phone's round trip. Nothing the login screen uses belongs here, nor what the dashboard does not
 * show (tests/browser/first-load.test.ts counts what both load). Their styles are the entry's
 * stylesheet (web/src/main.tsx), so only their scripts are matched here.
 */
const FRAME = [
  /web[\\/]src[\\/]features[\\/]dashboard[\\/](DashboardPage|TodaysCloses)\./,
  /web[\\/]src[\\/]shared[\\/]charts[\\/].*\.tsx?$/,
  /web[\\/]src[\\/]shared[\\/]layout[\\/](?!searchHits\.|TopSearchHits\.|NotificationsPanel\.).*\.tsx?$/,
  /web[\\/]src[\\/]shared[\\/]hooks[\\/](address|useDebounced)\./,
  /web[\\/]src[\\/]shared[\\/]api[\\/](products|lookups)\./,
  /web[\\/]src[\\/]shared[\\/]ui[\\/](Flash|SelectField|money|dates|documentNumber|DataTable)\./,
  /worker[\\/]src[\\/]schemas[\\/]roles\./,
  /@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](useQuery|useBaseQuery|suspense|errorBoundaryUtils|QueryErrorResetBoundary|IsRestoringProvider)\./,
  /@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]queryObserver\./,
];

/**
 * The sign-in page, and what it and most forms use and the frame does not: a chunk beside the frame.
 * As files of their own, the sign-in page's scripts and styles were more than the six a browser
 * fetches at once over HTTP/1.1.
 */
const FORMS = [
  /web[\\/]src[\\/]shared[\\/]forms[\\/](Field|useSchemaForm|drafts|draftStore)\./,
  /web[\\/]src[\\/]features[\\/]auth[\\/]LoginPage\./,
  /worker[\\/]src[\\/]schemas[\\/]issues\./,
  /web[\\/]src[\\/]shared[\\/]api[\\/]resource\./,
  /@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]useMutation\./,
  /@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]mutationObserver\./,
];

/**
 * What the pages but the first screens need, in one chunk beside theirs: the routes of every page
 * (`web/src/app/pages.tsx`: the entry holds only the dashboard's and the sign-in's) and the small
 * pieces most of them use (paging, filters, the branch's choice, a checkbox, asking before an
 * action, permissions, the activity's keys, the shop's settings, CSV, printing a frame, the
 * documents' statuses, and their queries, which a document list asks for with its code). As files
 * of their own these were five of a document list's nine scripts.
 */
const PAGES = [
  /web[\\/]src[\\/]app[\\/]pages\./,
  /web[\\/]src[\\/]features[\\/](?!dashboard[\\/]|auth[\\/])[^\\/]+[\\/](routes|firstQuery)\./,
  /web[\\/]src[\\/]features[\\/]documents[\\/]api\./,
  /web[\\/]src[\\/]shared[\\/](records[\\/]recordRoutes|routes[\\/]pageRoutes|auth[\\/]RequireAdmin|ui[\\/]NotFound)\./,
  /web[\\/]src[\\/]shared[\\/]ui[\\/](Pagination|CheckboxField|useConfirmedAction|useConfirmedDelete|ConfirmDialog|Modal)\./,
  /web[\\/]src[\\/]shared[\\/]hooks[\\/](useUrlFilters|useListSearch)\./,
  /web[\\/]src[\\/]shared[\\/]branches[\\/]/,
  /web[\\/]src[\\/]shared[\\/]records[\\/]listHooks\./,
  /web[\\/]src[\\/]shared[\\/]auth[\\/]permissions\./,
  /web[\\/]src[\\/]shared[\\/]audit[\\/]activity\.ts/,
  /web[\\/]src[\\/]shared[\\/](ui[\\/]download|api[\\/]settings|print[\\/](printFrame|pageSize))\./,
  /worker[\\/]src[\\/]schemas[\\/]csv\./,
  /worker[\\/]src[\\/]schemas[\\/]document-statuses\./,
];

const group = (name: string, patterns: RegExp[]) => ({ name, test: (id: string) => patterns.some((pattern) => pattern.test(id)), includeDependenciesRecursively: false });

export default defineConfig(({ command }) => ({
  plugins: [pureRouterComponents(), firstScreens(), apiDocs(), precompress()],
  root: here('.'),
  publicDir: here('public'),
  resolve: {
    alias: {
      '@schemas': here('../worker/src/schemas'),
      // The package's exports name only its development build, which keeps its warnings (half a KB).
      ...(command === 'build' && { 'react-router': join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs') }),
    },
  },
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: here('../dist/web'),
    emptyOutDir: true,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // ZXing's package does not mark its files free of side effects, though they are: the scanner's chunk then keeps only the EAN-13 reader.
      treeshake: { moduleSideEffects: (id) => !/[\\/]@zxing[\\/]/.test(id) },
      output: {
        codeSplitting: { groups: [group('frame', FRAME), group('forms', FORMS), group('pages', PAGES)] },
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
}));
