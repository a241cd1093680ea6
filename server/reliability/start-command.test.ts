/**
 * The production start command (README, package.json `start:prod`) is node itself: a supervisor
 * that runs it holds the server's PID, its SIGTERM reaches the server, and the server exits 0
 * after a graceful close.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';
import { freePort } from '../test/freePort';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const scripts = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'start-command-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the production start command', () => {
  const command = scripts['start:prod'];
  // The command runs the built server (decision 0005): built here, as `npm run build` builds it.
  beforeAll(() => buildServer(join(REPO_ROOT, 'dist', 'server')), 60_000);

  it('is node on the server entry with no npm in between, the same in package.json and the README', () => {
    expect(command).toMatch(/^NODE_ENV=production node (?!.*\b(npm|npx|tsx)\b).*dist\/server\/server\.js$/);
    const section = readme.slice(readme.indexOf('## Production start command'));
    expect(section.slice(0, section.indexOf('\n## ', 5))).toContain(command);
  });

  it('serves in production mode, and SIGTERM to its PID ends it with exit code 0', async () => {
    const [, , ...args] = command.split(' ');
    const port = await freePort();
    const child = spawn(process.execPath, args, {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${port}`, VAPID_SUBJECT: 'mailto:ops@example.org', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${join(dir, 'prod.db')}`, SERVE_SPA: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      let answer: Response | null = null;
      for (const until = Date.now() + 60_000; !answer && Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
        answer = await fetch(`http://127.0.0.1:${port}/api/languages`).catch(() => null);
      }
      expect(answer?.status).toBe(200);
      expect(answer?.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    } finally {
      process.kill(child.pid as number, 'SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
