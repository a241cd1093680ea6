import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exited, freePort, sleep, stopChild } from './processes';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
/** The built server (scripts/build-server.mjs), relative to the repository's root. */
export const SERVER_ENTRY = 'dist/server/server.js';

export interface RunningServer {
  url: string;
  pid: number;
  logFile: string;
  stop(): Promise<void>;
}

interface ServerOptions {
  databaseUrl: string;
  logFile: string;
  env?: Record<string, string>;
  /** A server started again at the address the page already uses; else a free port. */
  port?: number;
}

/** A fresh temp folder and an SQLite URL inside it: every server starts on an empty database. */
export function freshSqlite(prefix: string): { dir: string; databaseUrl: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, databaseUrl: `sqlite:${join(dir, 'e2e.db')}` };
}

function tail(file: string, lines = 40): string {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '(no log)';
}

async function waitUntilAnswering(url: string, child: ChildProcess, logFile: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let stopped = false;
  void exited(child).then(() => (stopped = true));
  while (Date.now() < deadline) {
    if (stopped) throw new Error(`The server exited before answering (code ${child.exitCode}).\n${tail(logFile)}`);
    try {
      // Any answer will do: a visitor gets 401, which still proves routes and database are up.
      await fetch(`${url}/api/auth/check`, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await sleep(200);
    }
  }
  throw new Error(`The server did not answer ${url}/api/auth/check within ${timeoutMs} ms.\n${tail(logFile)}`);
}

/**
 * Starts the real API server as production runs it, the JavaScript `npm run build` wrote to
 * dist/server (the global setup rebuilds it when its sources changed), which also serves the
 * production SPA from dist/, on a free port of 127.0.0.1. Node itself is spawned (no npm
 * wrapper) so the PID we hold is the server's own and killing it leaves nothing behind.
 */
export async function startServer({ databaseUrl, logFile, env = {}, port: wanted }: ServerOptions): Promise<RunningServer> {
  const port = wanted ?? (await freePort());
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: repoRoot,
    // Every journey signs up its own learner from 127.0.0.1, more than a real address ever needs.
    env: { RATE_LIMIT_PER_IP: '1000', RATE_LIMIT_SIGNUP_PER_IP: '1000', ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(url, child, logFile, 60_000);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  if (child.pid === undefined) throw new Error('The server process has no PID.');
  return { url, pid: child.pid, logFile, stop: () => stopChild(child) };
}

/** A server of its own on an empty SQLite database; stopping it also removes the database. */
export async function startOwnServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const { dir, databaseUrl } = freshSqlite('e2e-own-');
  const server = await startServer({ databaseUrl, logFile: join(dir, 'server.log'), env });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
