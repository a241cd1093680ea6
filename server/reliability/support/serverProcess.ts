/**
 * Runs the real server (server/src/server.ts) as a separate OS process and talks to it over
 * HTTP. Node is spawned with tsx's loader directly, not through npx/tsx wrappers, so the PID we
 * hold is the server itself and SIGKILL really kills it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../test/freePort';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const START_TIMEOUT_MS = 60_000;

export interface ServerProcess {
  url: string;
  pid: number;
  /** Resolves once the process has exited, with the signal that ended it. */
  exited: Promise<NodeJS.Signals | null>;
  /** The exit code once the process has ended by itself, e.g. by process.exit (null while running or after a fatal signal). */
  exitCode(): number | null;
  kill(signal?: NodeJS.Signals): Promise<NodeJS.Signals | null>;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilServing(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited while starting:\n${log()}`);
    try {
      if ((await fetch(`${url}/api/languages`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer within ${START_TIMEOUT_MS} ms:\n${log()}`);
}

/** `nodeArgs` go to Node itself, before the server script (e.g. `--expose-gc`, `--import <preload>`). */
export async function startServer(databaseUrl: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, 'server/src/server.ts'], {
    cwd: REPO_ROOT,
    // The crash test signs up learners on every restart from one address: more than the hourly sign-up budget.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, SERVE_SPA: '', LOG_LEVEL: 'warn', RATE_LIMIT_SIGNUP_PER_IP: '1000', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(url, child, () => stderr);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  const pid = child.pid as number;
  return {
    url,
    pid,
    exited,
    exitCode: () => child.exitCode,
    kill: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) process.kill(pid, signal);
      return exited;
    },
  };
}
