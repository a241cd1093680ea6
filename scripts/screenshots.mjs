// The README's screenshots of the dashboard, at a phone's width (390 px) and a desktop's (1280 px).
// Builds nothing: run `npm run build` first. Starts the built app on a fresh SQLite database in a
// temporary folder on a free port, signs up a learner with some logged minutes through the API, and
// writes docs/images/dashboard-390.png and docs/images/dashboard-1280.png with the system's Chromium.
//   node scripts/screenshots.mjs          (CHROMIUM=/path/to/chromium to use another browser)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'docs/images');
const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';

if (!existsSync(join(root, 'dist/index.html'))) {
  console.error('No built app in dist/: run `npm run build` first.');
  process.exit(1);
}

const freePort = () =>
  new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });

const day = (ago = 0) => {
  const d = new Date();
  d.setDate(d.getDate() - ago);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const dir = mkdtempSync(join(tmpdir(), 'lingualog-screens-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${join(dir, 'screens.db')}` },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let browser;
try {
  for (let waited = 0; ; waited += 200) {
    try {
      await fetch(`${url}/api/auth/check`);
      break;
    } catch {
      if (waited > 60_000 || server.exitCode !== null) throw new Error(`The server did not answer at ${url}.`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  browser = await chromium.launch({ executablePath });
  const context = await browser.newContext({ baseURL: url });
  const post = async (path, data, method = 'post') => {
    const answer = await context.request[method](path, { data });
    if (!answer.ok()) throw new Error(`${path}: ${answer.status()} ${await answer.text()}`);
  };
  await post('/api/auth/register', { email: 'learner@example.com', password: 'a long and private passphrase 42' });
  await post('/api/user/language', { name: 'Spanish' });
  await post('/api/user/daily-goal', { dailyGoalMinutes: 45, date: day() });
  await post('/api/user/previous-time', { previousHours: 120 });
  for (let ago = 1; ago <= 20; ago++) {
    if (ago % 6 === 0) continue;
    await post(
      '/api/user/daily-activity',
      { date: day(ago), isToday: false, listeningDailyMins: 20 + (ago % 4) * 5, readingDailyMins: 15, speakingDailyMins: ago % 3 ? 10 : 0, writingDailyMins: ago % 5 ? 0 : 15 },
      'patch',
    );
  }
  await post('/api/user/daily-activity', { date: day(), listeningDailyMins: 20 });
  await post('/api/user/daily-activity', { date: day(), readingDailyMins: 10 });

  mkdirSync(out, { recursive: true });
  for (const width of [390, 1280]) {
    const page = await context.newPage();
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto('/dashboard');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(out, `dashboard-${width}.png`), fullPage: width === 1280 });
    await page.close();
    console.log(`docs/images/dashboard-${width}.png`);
  }
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  rmSync(dir, { recursive: true, force: true });
}
