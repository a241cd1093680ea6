import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stopPid } from './support/processes';
import { repoRoot } from './support/server';

/** Stops the server global setup started and keeps its log beside the test results. */
export default async function globalTeardown() {
  const pid = Number(process.env.E2E_SERVER_PID);
  if (Number.isInteger(pid) && pid > 0) await stopPid(pid);
  const dir = process.env.E2E_SERVER_DIR;
  if (!dir) return;
  const log = join(dir, 'server.log');
  if (existsSync(log)) {
    const results = join(repoRoot, 'test-results');
    mkdirSync(results, { recursive: true });
    copyFileSync(log, join(results, 'e2e-server.log'));
  }
  rmSync(dir, { recursive: true, force: true });
}
