// Every process the bench starts is registered here by its real PID, so one cleanup (normal end,
// Ctrl-C, crash or the global time limit) can stop them all and nothing is left running.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;

const cleanups = [];
let stopping = false;

/** True once cleanup has begun (end, signal, error or time limit): nothing new may start then. */
export const isStopping = () => stopping;

/** Registers an async step to run at cleanup, last registered first. */
export function onCleanup(step) {
  cleanups.push(step);
}

export async function cleanupAll() {
  stopping = true;
  while (cleanups.length > 0) {
    const step = cleanups.pop();
    try {
      await step();
    } catch (err) {
      console.error(`cleanup: ${err instanceof Error ? err.message : err}`);
    }
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const isRunning = (child) => child.exitCode === null && child.signalCode === null;

export async function stopChild(child) {
  if (!isRunning(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(child.pid, 'SIGTERM');
  const timer = setTimeout(() => isRunning(child) && process.kill(child.pid, 'SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

async function waitForHttp(url, child, log) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!isRunning(child)) throw new Error(`process exited while starting:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${START_TIMEOUT_MS / 1000} s:\n${log()}`);
}

/** The server as production runs it (scripts/build-server.mjs; run.mjs rebuilds it when its sources changed). */
export const SERVER_SCRIPT = 'dist/server/server.js';

/**
 * Starts `node <script>` (`node --import tsx <script>` for TypeScript) with PORT set and waits until
 * `readyPath` answers 200. Node itself is spawned (no npx or tsx wrapper), so the PID held is the
 * server's. An earlier build checked out without dist/server (baseBuild.mjs) runs its sources.
 */
export async function startNodeServer(name, script, { env = {}, readyPath = '/', cwd = REPO_ROOT } = {}) {
  const port = await freePort();
  const entry = script === SERVER_SCRIPT && !existsSync(join(cwd, SERVER_SCRIPT)) ? 'server/src/server.ts' : script;
  const args = /\.m?ts$/.test(entry) ? ['--import', 'tsx', entry] : [entry];
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    // Request logs go to /dev/null as they would go to a log shipper: the cost of writing them stays measured.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  onCleanup(() => stopChild(child));
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}${readyPath}`, child, () => stderr);
  // A server that dies mid-run would only show up as a wall of connection errors; say why instead.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`\n${name} (pid ${child.pid}) exited unexpectedly (code ${code}, signal ${signal}):\n${stderr}`);
  });
  const stop = () => {
    stopping = true;
    return stopChild(child);
  };
  onCleanup(stop);
  return { name, url, pid: child.pid, stop };
}
