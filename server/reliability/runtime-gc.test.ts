/**
 * The runtime crash class of docs/decisions/0002-node-runtimes.md: on Node 24.19+ a native SQLite
 * driver built on node::ObjectWrap (better-sqlite3 12) aborts the process when V8 frees a collected
 * statement outside JavaScript, at start-up or after load once the server idles. The real server,
 * on the driver this runtime installs, answers a few thousand API calls, idles while full
 * collections keep being forced, and must then still answer and shut down with exit code 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { todayIso } from '../test/helper';
import { HttpLearner, uniqueEmail } from './support/httpClient';
import { isAlive, startServer, type ServerProcess } from './support/serverProcess';
import { userCalls } from './support/userCalls';

const LEARNERS = 4;
const ROUNDS = 25;
const IDLE_MS = 5_000;

const dir = mkdtempSync(join(tmpdir(), 'tracker-runtime-gc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every /api/user call but deleting the account and those made to be refused, ROUNDS times over; returns what went wrong. */
async function workload(learner: HttpLearner): Promise<string[]> {
  const calls = Object.values(userCalls(todayIso())).filter((c) => c.method !== 'DELETE' && !c.refused);
  const failures: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const call of calls) {
      try {
        const { status } = await learner.call(call.method, call.url, call.body);
        if (status < 200 || status > 299) failures.push(`${call.method} ${call.url}: ${status}`);
      } catch (err) {
        failures.push(`${call.method} ${call.url} in round ${round + 1}: no answer, the server died (${(err as Error).cause ?? err})`);
        return failures;
      }
    }
  }
  return failures;
}

describe(`SQLite driver on Node ${process.version}`, () => {
  it('the server survives thousands of queries and idle-time collections, still answers, and exits with code 0', { timeout: 300_000 }, async () => {
    const server: ServerProcess = await startServer(`sqlite:${join(dir, 'gc.db')}`, {}, [
      '--expose-gc',
      '--import',
      './server/reliability/support/idleGc.ts',
    ]);
    try {
      const learners = await Promise.all(
        Array.from({ length: LEARNERS }, async () => {
          const learner = new HttpLearner(server.url);
          await learner.register(uniqueEmail('runtime-gc'), 'correct horse battery');
          await learner.chooseLanguage();
          return learner;
        }),
      );

      const failures = (await Promise.all(learners.map(workload))).flat();
      expect(failures, 'every call of the workload answers 2xx').toEqual([]);
      await new Promise((r) => setTimeout(r, IDLE_MS));

      expect(isAlive(server.pid), 'the server is still running after idling').toBe(true);
      expect((await fetch(`${server.url}/api/languages`)).status).toBe(200);
      expect((await learners[0].call('GET', '/api/user/progress')).status).toBe(200);
      const signal = await server.kill('SIGTERM');
      expect({ signal, code: server.exitCode() }).toEqual({ signal: null, code: 0 });
    } finally {
      await server.kill('SIGKILL');
    }
  });
});
