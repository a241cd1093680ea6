// `npm start` runs what `npm run build` writes: the SPA in dist/ and the server in dist/server.
// Builds first when either is missing or older than its sources (the file times), so a fresh clone
// starts with one command and a changed checkout never runs stale code. `--server` checks only the
// server (npm run admin, the browser journeys' server): its build takes well under a second.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const serverOnly = process.argv.includes('--server');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) newest = Math.max(newest, newestMtime(join(path, entry.name)));
  return newest;
}

/** True when `built` is missing or older than any of `sources` (files or directories under the root). */
function stale(built, sources) {
  const target = join(root, built);
  if (!existsSync(target)) return true;
  return Math.max(...sources.map((source) => newestMtime(join(root, source)))) > statSync(target).mtimeMs;
}

// The SPA: its sources, and the build's own configuration.
if (!serverOnly && stale('dist/landing.html', ['src', 'common', 'public', 'index.html', 'vite.config.ts'])) {
  console.log('Building the single-page app and the server (npm run build)...');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

if (stale('dist/server/server.js', ['server/src', 'common', 'scripts/build-server.mjs', 'package-lock.json'])) {
  console.log('Building the server (npm run build:server)...');
  // Imported here: a checkout that is built needs no build tools to start.
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
