import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { freshSqlite, repoRoot, startServer } from './support/server';

/**
 * Starts the production build on the real server with an empty SQLite database. Workers
 * read the address from E2E_BASE_URL; teardown finds the server by E2E_SERVER_PID.
 * A preset E2E_BASE_URL points the journeys at a server someone else runs instead.
 */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;
  // The journeys run the built server (dist/server): rebuilt here when its sources are newer.
  execFileSync(process.execPath, ['scripts/ensure-build.mjs', '--server'], { cwd: repoRoot, stdio: 'inherit' });
  const { dir, databaseUrl } = freshSqlite('e2e-main-');
  const server = await startServer({ databaseUrl, logFile: join(dir, 'server.log') });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_SERVER_PID = String(server.pid);
  process.env.E2E_SERVER_DIR = dir;
}
