// Runs the browser journeys (`npx playwright test`) with Debian's Chromium, and makes sure
// no server or browser outlives the run. Without Chromium the journeys are skipped on a
// developer machine but fail under CI, where a skipped suite would hide regressions.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const inCi = process.env.CI === 'true';

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const chromium = candidates.find(executable);
if (!chromium) {
  if (inCi) {
    console.error(`Chromium not found (looked at ${candidates.join(', ')}): browser tests cannot run under CI=true.`);
    process.exit(1);
  }
  console.log('Chromium not found: browser tests SKIPPED. Install it with: sudo apt-get install -y chromium');
  process.exit(0);
}

if (!existsSync(join(root, 'dist', 'index.html'))) {
  console.log('dist/index.html is missing: building the SPA first (npm run build)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Its own process group, so that everything Playwright started (servers, browsers) can be
// ended together by the group's id once it is done or when we are interrupted.
const runner = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
  env: { ...process.env, CHROMIUM_PATH: chromium },
});

function signalGroup(signal) {
  try {
    process.kill(-runner.pid, signal);
    return true;
  } catch {
    return false; // the group is empty: nothing left behind
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => signalGroup(signal));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

runner.on('exit', async (code, signal) => {
  if (signalGroup('SIGTERM')) {
    for (let waited = 0; waited < 3_000 && signalGroup(0); waited += 100) await sleep(100);
    signalGroup('SIGKILL');
  }
  process.exit(code ?? (signal ? 1 : 0));
});
