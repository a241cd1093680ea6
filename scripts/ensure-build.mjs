// `npm start` serves the built SPA: build it first when dist/ is missing or older than the sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist', 'landing.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = ['src', 'common', 'public'].map((d) => join(root, d)).filter(existsSync);
const sourcesChanged = () =>
  Math.max(statSync(join(root, 'index.html')).mtimeMs, ...sources.map(newestMtime)) > statSync(built).mtimeMs;

if (!existsSync(built) || sourcesChanged()) {
  console.log('Building the single-page app (npm run build)...');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
