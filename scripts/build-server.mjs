// `npm run build:server` (the last step of `npm run build`): the server as JavaScript in dist/server
// (docs/decisions/0005-server-build.md). esbuild bundles the server's own code (server/src, common/)
// into one ESM file per entry, with sourcemaps; packages from node_modules stay imports (the native
// SQLite driver, pg, fastify...), resolved from the repository's node_modules as in development.
//
// A worker thread is a file of its own: each `new URL('./x.mjs', import.meta.url)` in the server's
// code is bundled to dist/server/workers/x.mjs, and the expression is rewritten to point there from
// the file the code lands in. Paths the server resolves from the working directory (dist/ for the
// SPA, dist/ssr, data/) are unchanged, so `node dist/server/server.js` runs from the repository root.
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = join(root, 'dist', 'server');

/** The commands the production path runs: the server, and the operator's command line. */
const ENTRIES = [
  { source: 'server/src/server.ts', out: 'server.js' },
  { source: 'server/src/cli/admin.ts', out: 'cli/admin.js' },
];
const WORKERS_DIR = 'workers';
const WORKER_URL = /new URL\(\s*(['"])(\.{1,2}\/[^'"]+\.m?js)\1\s*,\s*import\.meta\.url\s*\)/g;

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  // Node prints the TypeScript source's file and line in a stack trace.
  sourcesContent: false,
  logLevel: 'warning',
  legalComments: 'none',
  banner: { js: '// Built by scripts/build-server.mjs from server/src: edit the sources, not this file.' },
};

/** Rewrites worker URLs to dist/server/workers/, relative to `outFile`, and records each worker's source. */
function workerUrls(outFile, workers, outDir) {
  return {
    name: 'worker-urls',
    setup(b) {
      b.onLoad({ filter: /\.(ts|mts|mjs|js)$/ }, async (args) => {
        if (args.path.includes('node_modules')) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const contents = text.replace(WORKER_URL, (_match, quote, spec) => {
          const source = resolve(dirname(args.path), spec);
          const name = basename(source).replace(/\.js$/, '.mjs');
          workers.set(name, source);
          let target = relative(dirname(outFile), join(outDir, WORKERS_DIR, name)).split('\\').join('/');
          if (!target.startsWith('.')) target = `./${target}`;
          return `new URL(${quote}${target}${quote}, import.meta.url)`;
        });
        if (contents === text) return undefined;
        const loader = args.path.endsWith('.ts') || args.path.endsWith('.mts') ? 'ts' : 'js';
        return { contents, loader };
      });
    },
  };
}

/** Builds the server into `outDir` (dist/server; a test builds elsewhere); the files it wrote, relative to it. */
export async function buildServer(outDir = SERVER_OUT) {
  const started = performance.now();
  await rm(outDir, { recursive: true, force: true });
  const workers = new Map();
  for (const entry of ENTRIES) {
    const outfile = join(outDir, entry.out);
    await build({ ...common, absWorkingDir: root, entryPoints: [join(root, entry.source)], outfile, plugins: [workerUrls(outfile, workers, outDir)] });
  }
  for (const [name, source] of workers) {
    await build({ ...common, absWorkingDir: root, entryPoints: [source], outfile: join(outDir, WORKERS_DIR, name) });
  }
  const ms = Math.round(performance.now() - started);
  console.log(`Built the server to ${relative(root, outDir)}/ (${ENTRIES.length} entries, ${workers.size} workers) in ${ms} ms`);
  return { entries: ENTRIES.map((entry) => entry.out), workers: [...workers.keys()].map((name) => `${WORKERS_DIR}/${name}`) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
