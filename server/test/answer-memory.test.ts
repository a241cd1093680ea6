/**
 * Issue #29: a process gives its last calendar summary and month of days again while the
 * language's data has not moved. The rule checked here: whatever another process writes (an add,
 * a keyed add to a settled day, a past day's edit, a goal change, rest days, an import), the next
 * read from a process that remembered the answer before is exactly what a process that never
 * remembered anything answers.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDb, sharedDatabase, signUp, todayIso, withLanguage } from './helper';
import { addDays, caller, type Caller } from './requests';

const today = todayIso();
const reads = [`/api/user/calendar/summary?today=${today}`, `/api/user/daily-activity/all?from=${addDays(today, -40)}&to=${today}`];

describeDb('remembered answers never outlive a write from any process', () => {
  let servers: Awaited<ReturnType<typeof sharedDatabase>>;
  let cookie: string;
  let reader: Caller;
  let writer: Caller;
  let writerApp: FastifyInstance;

  /** Both reads from the remembering process, and from a process started now (nothing remembered). */
  async function readBoth(): Promise<{ remembered: unknown[]; fresh: unknown[] }> {
    const freshApp: FastifyInstance = await servers.open();
    const fresh = caller(freshApp, cookie);
    const answer = async (api: Caller) =>
      Promise.all(
        reads.map(async (url) => {
          const res = await api.get(url);
          expect(res.statusCode, res.body).toBe(200);
          return res.json();
        }),
      );
    return { remembered: await answer(reader), fresh: await answer(fresh) };
  }

  /** Remembers the answers, lets `write` run on the other process, and compares the next reads. */
  async function afterWrite(write: () => Promise<{ statusCode: number; body: string }>): Promise<unknown[]> {
    const before = await readBoth();
    expect(before.remembered).toEqual(before.fresh);
    const res = await write();
    expect(res.statusCode, res.body).toBe(200);
    const after = await readBoth();
    expect(after.remembered).toEqual(after.fresh);
    expect(after.remembered).not.toEqual(before.remembered);
    return after.remembered;
  }

  beforeAll(async () => {
    servers = await sharedDatabase();
    const readerApp = await servers.open();
    writerApp = await servers.open();
    ({ cookie } = await signUp(writerApp));
    await withLanguage(writerApp, cookie, 'Spanish');
    reader = caller(readerApp, cookie);
    writer = caller(writerApp, cookie);
    // Five achieved days before today: a streak the writes below can move.
    for (let back = 1; back <= 5; back += 1) {
      const res = await writer.patch('/api/user/daily-activity', {
        date: addDays(today, -back),
        isToday: false,
        listeningDailyMins: 40,
        readingDailyMins: 0,
        speakingDailyMins: 0,
        writingDailyMins: 0,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => servers.close());

  it("an add to today changes today's record and the streak", async () => {
    const [summary] = (await afterWrite(() => writer.post('/api/user/daily-activity', { date: today, readingDailyMins: 35 }))) as [{ streakDays: number }];
    expect(summary.streakDays).toBe(6);
  });

  it('a keyed add sent days later to a settled day', () =>
    afterWrite(() =>
      writerApp.inject({
        method: 'POST',
        url: '/api/user/daily-activity',
        headers: { cookie, 'idempotency-key': 'a1e7c0de-0000-4000-8000-000000000029' },
        payload: { date: addDays(today, -6), speakingDailyMins: 50 },
      }),
    ));

  it('an edit of a past day', () =>
    afterWrite(() =>
      writer.patch('/api/user/daily-activity', { date: addDays(today, -3), isToday: false, listeningDailyMins: 5, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 }),
    ));

  it("a goal change from today, which only today's achievement follows", () =>
    afterWrite(() => writer.post('/api/user/daily-goal', { dailyGoalMinutes: 120, date: today })));

  it('rest days: a break over the day that broke the streak', () =>
    afterWrite(() => writer.post('/api/user/rest-days', { weekdays: [], periods: [{ from: addDays(today, -3), to: addDays(today, -3) }] })));

  it('an import that replaces the days', async () => {
    const file = JSON.parse((await writer.get('/api/user/export?format=json')).body) as { languages: { days: { date: string; listeningDailyMins: number }[] }[] };
    for (const day of file.languages[0].days) day.listeningDailyMins += 1;
    await afterWrite(() => writer.post('/api/user/import', { source: 'lingualog-json', content: JSON.stringify(file), mode: 'replace', dryRun: false }));
  });
});
