/**
 * Preloaded, with --expose-gc, into the server under test by runtime-gc.test.ts. Every 500 ms it
 * prepares and drops statements on a scratch in-memory database with the driver the server loads
 * (the server caches its own statements, so it seldom leaves one to collect), then starts a full
 * collection and lets V8 finish it on its own schedule: while the server idles that happens in a
 * task outside JavaScript, where the crash class lives. A plain gc() finishes inside JavaScript.
 */
import { SQLite } from '../../src/db/sqliteDriver';

const collect = globalThis.gc;
if (!collect) throw new Error('idleGc.ts needs node --expose-gc');
const scratch = new SQLite(':memory:');
setInterval(() => {
  for (let i = 0; i < 200; i++) scratch.prepare(`select ${i} as n`).get();
  collect({ type: 'major', execution: 'async' });
}, 500).unref();
