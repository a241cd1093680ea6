/**
 * #30: while one learner's import holds its transaction open (seconds for a 5 MiB file, written
 * in batches with the event loop free between them), other requests' reads answer at once (on
 * SQLite from the read-only second connection, db/committedReads.ts), no read sees the import's
 * rows before it commits, and a write waits for the commit (SQLite) and then succeeds.
 */
import type { Kysely } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { writeImport } from '../src/db/importWrites';
import { learner } from './dataSupport';
import { buildTestApp, describeDb, type TestApp } from './helper';
import { addDays } from './requests';

const todayIso = () => new Date().toISOString().slice(0, 10);
const DAYS = 1500;

/** Answers `work`, or fails when it has not answered within `ms` (a read that waits for the import's commit never would). */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms while an import's transaction was open`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

describeDb('a bystander while another learner imports', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("session checks, hot reads and insights answer while an import's transaction is open and see none of its rows until it commits; a write meanwhile is stored", async () => {
    t = await buildTestApp();
    const { app, db } = t;
    const [importer, bystander] = [await learner(app, db, 'Spanish'), await learner(app, db, 'Spanish')];
    const today = todayIso();
    const monthTotal = async () => (await within(2000, importer.api.get(`/api/user/calendar/month-total?today=${today}`))).json().monthlyTotalMins;
    const statsTotal = async () => {
      const res = await within(2000, importer.api.get(`/api/user/stats?from=${addDays(today, -3000)}&to=${today}&bucket=day`));
      expect(res.statusCode).toBe(200);
      return res.json().totals.listeningMins;
    };

    let paused!: () => void;
    const reachedMidway = new Promise<void>((resolve) => (paused = resolve));
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    // Holds the import's transaction open after its first batch of days, as a long import does between batches.
    const watched: Kysely<Database> = db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (args.result.numAffectedRows !== undefined && args.result.numAffectedRows >= 100n) {
          paused();
          await resumed;
        }
        return args.result;
      },
    });
    const writes = Array.from({ length: DAYS }, (_, i) => ({ date: addDays(today, -i), listening: 10, reading: 0, speaking: 0, writing: 0, achieved_override: null }));
    const write = { userId: importer.userId, now: Date.now(), replace: false, languages: [{ language: 'Spanish', writes }] };
    const imported = writeImport(watched, write, { signal: new AbortController().signal, at: Date.now() + 60_000 });
    await reachedMidway;

    for (let i = 0; i < 3; i++) expect((await within(2000, bystander.api.get('/api/auth/check'))).statusCode).toBe(200);
    expect(await monthTotal()).toBe(0);
    expect(await statsTotal()).toBe(0);
    const bystanderAdds = bystander.api.patch('/api/user/daily-activity', { date: today, isToday: true, listeningDailyMins: 7, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 });

    resume();
    await imported;
    const daysThisMonth = Number(today.slice(8, 10));
    expect(await monthTotal()).toBe(10 * daysThisMonth);
    expect(await statsTotal()).toBe(10 * DAYS);
    expect((await bystanderAdds).statusCode).toBe(200);
    expect((await bystander.api.get(`/api/user/calendar/month-total?today=${today}`)).json().monthlyTotalMins).toBe(7);
  });
});
