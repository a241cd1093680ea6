/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, minify, transformWithOxc, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { i18nCatalogues, localeFolders } from './scripts/i18n/catalogues.mjs';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@common': fileURLToPath(new URL('./common', import.meta.url)),
};

// In `npm run dev` the API listens on 3001 and Vite proxies /api to it, so the SPA
// and the API share one origin exactly as in production.
const apiDevTarget = process.env.API_DEV_TARGET ?? 'http://127.0.0.1:3001';

/**
 * Brotli and gzip copies of every text file of the build, made once here at maximum compression;
 * the server sends them to browsers that accept them (preCompressed in server/src/plugins/spa.ts).
 * Uncompressed, the dashboard's scripts took seconds to arrive on a phone (docs/PERFORMANCE.md).
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|webmanifest)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir).filter((f) => compressible.test(f) && statSync(f).size > 1024)) {
        const content = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The catalogues (common/locales, one folder per shipped locale, docs/TRANSLATING.md): one chunk per locale of precompiled
 * messages. The browser's bundle takes the ICU parser's no-parser entry (intl-messageformat
 * imports the parser, which a precompiled catalogue never needs).
 */
const localesDir = fileURLToPath(new URL('./common/locales', import.meta.url));
const catalogues = (pseudo: boolean) => i18nCatalogues({ localesDir, tags: localeFolders(localesDir), pseudo });
const noIcuParser = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: fileURLToPath(new URL('./node_modules/@formatjs/icu-messageformat-parser/no-parser.js', import.meta.url)),
};

const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
};

/**
 * The libraries the app's entry evaluates, each in a chunk of its own (issue #45): on the dashboard's
 * page, src/paintFirst.ts evaluates them one task at a time after the server's screen has painted,
 * instead of the whole entry in one task of 110-130 ms (docs/PERFORMANCE.md).
 */
const libraryChunks = [
  { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
  { name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ },
  { name: 'redux', test: /node_modules[\\/](@reduxjs|immer|redux|reselect|react-redux|use-sync-external-store)[\\/]/ },
  // What the sign-in and sign-up pages' own entry (src/visitor.tsx) shares with the app, in one chunk:
  // left to the bundler, every module the two entries share becomes a chunk of its own, and the
  // app's entry came in 40 chunks, 8 KB gzip more. scripts/bundle-budget.mjs weighs both.
  {
    name: 'visitor-forms',
    test: /[\\/](src[\\/](features[\\/]auth[\\/](LoginPage|RegisterPage|AuthField|AuthLayout|authPorts|signUpValidation)|components[\\/](StatusMessage|Button|Mascot|FieldStack|useIsNarrow)|lib[\\/](errorMessages|apiBaseUrl|firstRender)|styles[\\/]|api[\\/]paths)|common[\\/](domain|apiPaths))\b/,
  },
];

/**
 * The dashboard's page's loader (src/paintFirst.ts, issue #45), a hashed chunk of its own beside the
 * app's entry: scripts/route-pages.mjs writes it into that page in the place of the entry's tags.
 */
function paintFirstLoader(): Plugin {
  const file = fileURLToPath(new URL('./src/paintFirst.ts', import.meta.url));
  return {
    name: 'paint-first-loader',
    apply: 'build',
    // An asset, not a chunk: a second entry chunk makes the bundler cut the app's entry into many small chunks.
    async generateBundle() {
      const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
      this.emitFile({ type: 'asset', name: 'paint-first.js', source: (await minify(file, code)).code });
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The server's render of the dashboard's first screen (src/ssr, issue #32) is code for Node: no
  // service worker, no compressed copies.
  plugins: isSsrBuild ? [react(), catalogues(false)] : [
    react(),
    catalogues(command !== 'build'),
    // The service worker (src/sw.ts, issue #25): precaches the shell and every screen's code so the
    // app opens offline. The manifest is public/manifest.webmanifest; registration is the app's own
    // (src/sync/serviceWorker.ts), with a prompt before a new version takes over.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      // The Anki import's SQLite WebAssembly (700 kB, src/features/imports/anki) is fetched when a
      // learner opens that import, never precached for every learner.
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'], globIgnores: ['**/*.map', '**/*.wasm'] },
    }),
    paintFirstLoader(),
    precompress(),
  ],
  // The browser's bundle takes react-router's production build: its package gives the development
  // build (dev warnings, checked on every route match and render) under every condition Vite
  // resolves with. The server's render and the tests keep the default.
  resolve: { alias: command === 'build' && !isSsrBuild ? [...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })), reactRouterProduction, noIcuParser] : alias },
  publicDir: isSsrBuild ? false : 'public',
  // The server's render bundles its libraries in their production builds, whatever NODE_ENV the
  // server runs under (`npm start` sets none): React's and Redux Toolkit's development checks cost
  // a dashboard render 100-500 ms. (Bundled, styled-components' CommonJS also has the browser's
  // default export.)
  ssr: { noExternal: isSsrBuild ? true : ['styled-components'] },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    port: 3000,
    proxy: { '/api': { target: apiDevTarget, changeOrigin: false } },
  },
  build: isSsrBuild
    ? { outDir: 'dist/ssr', sourcemap: true }
    : {
        outDir: 'dist',
        sourcemap: true,
        // scripts/bundle-budget.mjs reads the manifest to size each route's JavaScript.
        manifest: true,
        rolldownOptions: {
          // The sign-in and sign-up pages' first load (src/visitor.tsx, issue #53): an entry of its own,
          // which scripts/route-pages.mjs puts in those pages in the place of the app's.
          input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), visitor: fileURLToPath(new URL('./src/visitor.tsx', import.meta.url)) },
          output: { codeSplitting: { groups: libraryChunks } },
        },
      },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['test/**/*.test.{ts,tsx}'],
          // test/deploy runs on its own (npm run test:deploy): it starts nginx and PostgreSQL.
          exclude: ['test/e2e/**', 'test/deploy/**'],
          setupFiles: ['test/setup.ts'],
          // A journey through a screen (type, send, wait for the answer) on a loaded two-core CI host
          // can pass 5 s; a test that waits for what never comes still fails, just later.
          testTimeout: 15000,
        },
      },
      {
        resolve: { alias },
        // The server's tests render the dashboard's first screen from source (src/ssr), catalogues included.
        plugins: [catalogues(true)],
        test: {
          name: 'server-sqlite',
          environment: 'node',
          include: ['server/test/**/*.test.ts'],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        resolve: { alias },
        // The server's tests render the dashboard's first screen from source (src/ssr), catalogues included.
        plugins: [catalogues(true)],
        test: {
          name: 'server-postgres',
          environment: 'node',
          include: ['server/test/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['server/test/postgres-global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        resolve: { alias },
        // The server's tests render the dashboard's first screen from source (src/ssr), catalogues included.
        plugins: [catalogues(true)],
        test: {
          name: 'reliability',
          environment: 'node',
          include: ['server/reliability/**/*.test.ts'],
          globalSetup: ['server/test/postgres-global-setup.ts'],
          // One file at a time: these tests spawn servers, kill them and time logins, so they
          // must not compete with each other for the two CPU cores.
          fileParallelism: false,
          testTimeout: 120000,
          hookTimeout: 120000,
        },
      },
    ],
  },
}));
