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
import { runInterleavedChecked, runParallelAdds, withinLimits, type DayRecord, type Send } from './support/raceWorkload';
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
    const { counts, stored } = await runParallelAdds({ label: 'concurrency/postgres 2 processes', send, read, date: todayIso(), minutes }, PARALLEL);
    expect(counts.serverErrors).toBe(0);
    expect(counts.other).toEqual([]);
    expect(stored.listeningDailyMins).toBe(minutes * counts.ok);
    expect(counts.ok).toBe(DAILY_SKILL_LIMIT_MINS / minutes);
    expect(withinLimits(stored)).toBe(true);
  });

  it('100 adds interleaved with 10 edits across both processes end in a state some serial order explains', async () => {
    const { send, read } = await learnerOnBoth();
    const workload = { label: 'concurrency/postgres interleaved', send, read, date: todayIso(), minutes: 90 };
    const { adds, edits, violations } = await runInterleavedChecked(workload, PARALLEL, 10);
    expect(adds.serverErrors + edits.serverErrors).toBe(0);
    expect([...adds.other, ...edits.other]).toEqual([]);
    expect(edits.ok).toBe(10);
    expect(violations).toEqual([]);
  });
});
