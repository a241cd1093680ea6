/**
 * Two real server processes sharing one PostgreSQL database, driven over HTTP: concurrent adds
 * and edits split across both processes lose nothing and overshoot no limit, and a session
 * started on one process is valid (and ends) on both.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAILY_SKILL_LIMIT_MINS } from '@common/domain';
import { todayIso } from '../test/helper';
import { HttpLearner, uniqueEmail } from './support/httpClient';
import { describePostgres, freshPostgresDatabase } from './support/postgres';
import { runInterleaved, serialOrderViolations, tally, withinLimits, type DayRecord, type Send } from './support/raceWorkload';
import { startServer, type ServerProcess } from './support/serverProcess';

const PARALLEL = 100;

describePostgres('two server processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    // Started together, so both run the migrations against the empty database at the same time.
    servers = await Promise.all([startServer(database.url), startServer(database.url)]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGTERM')));
    await database?.drop();
  });

  async function learnerOnBoth(): Promise<{ send: Send; read: () => Promise<DayRecord>; clients: HttpLearner[] }> {
    const first = new HttpLearner(servers[0].url);
    await first.register(uniqueEmail('pg-race'), 'correct horse battery');
    const second = first.on(servers[1].url);
    await second.chooseLanguage();
    const clients = [first, second];
    const send: Send = (method, body, i) => clients[i % 2].call(method, '/api/user/daily-activity', body);
    const read = async () => (await second.call('GET', `/api/user/daily-activity?date=${todayIso()}`)).body as DayRecord;
    return { send, read, clients };
  }

  it('a session started on one process is valid on the other, and logging out on one ends it on both', async () => {
    const { clients } = await learnerOnBoth();
    const checks = await Promise.all(clients.map((c) => c.call('GET', '/api/auth/check')));
    expect(checks.map((c) => c.status)).toEqual([200, 200]);
    const [first, second] = clients;
    expect((await second.call('POST', '/api/auth/logout')).status).toBe(204);
    const afterLogout = await Promise.all([first.call('GET', '/api/auth/check'), first.call('GET', '/api/user/progress')]);
    expect(afterLogout.map((c) => c.status)).toEqual([401, 401]);
  });

  it('100 parallel adds split across both processes store N × successes within the per-skill limit, 0 server errors', async () => {
    const { send, read } = await learnerOnBoth();
    const minutes = 15;
    const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => send('POST', { date: todayIso(), listeningDailyMins: minutes }, i)));
    const counts = tally(answers);
    const stored = await read();
    console.log(
      `[concurrency/postgres 2 processes] ${PARALLEL} parallel adds of ${minutes} min: ${counts.ok} ok, ${counts.limitRejections} limit 400s, ` +
        `${counts.serverErrors} 5xx; stored listening ${stored.listeningDailyMins} = ${minutes} × ${counts.ok}`,
    );
    expect(counts.serverErrors).toBe(0);
    expect(counts.other).toEqual([]);
    expect(stored.listeningDailyMins).toBe(minutes * counts.ok);
    expect(counts.ok).toBe(DAILY_SKILL_LIMIT_MINS / minutes);
    expect(withinLimits(stored)).toBe(true);
  });

  it('100 adds interleaved with 10 edits across both processes end in a state some serial order explains', async () => {
    const { send, read } = await learnerOnBoth();
    const date = todayIso();
    const run = await runInterleaved(send, date, 90, PARALLEL, 10);
    const adds = tally(run.adds);
    const edits = tally(run.edits);
    const final = await read();
    const violations = serialOrderViolations(run, final, date, 90);
    console.log(
      `[concurrency/postgres interleaved] adds ${adds.ok} ok / ${adds.limitRejections} limit 400s / ${adds.serverErrors} 5xx; ` +
        `edits ${edits.ok} ok / ${edits.serverErrors} 5xx; final ${JSON.stringify(final)}; serial-order violations ${violations.length}`,
    );
    expect(adds.serverErrors + edits.serverErrors).toBe(0);
    expect([...adds.other, ...edits.other]).toEqual([]);
    expect(edits.ok).toBe(10);
    expect(violations).toEqual([]);
  });
});
