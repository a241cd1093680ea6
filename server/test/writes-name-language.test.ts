/**
 * Writes name their language, and a stopped timer stays stopped (API contract, fourth edition,
 * "Writes name their language" and "Timer"), on SQLite and PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { pruneExpiredKeys } from '../src/plugins/keyPruning';
import { buildTestApp, describeDb, signUp, testAppForFile, todayIso, withLanguage } from './helper';
import { caller, DAY_MS, expectError, manualClock, MINUTE_MS, type Caller } from './requests';

const t = testAppForFile();
const ADD = '/api/user/daily-activity';
const TIMER = '/api/user/timer';

interface Learner {
  api: Caller;
  cookie: string;
}

/** A learner who started Spanish, then French (the current language). */
async function bilingual(app: FastifyInstance = t.app): Promise<Learner> {
  const { cookie } = await signUp(app);
  await withLanguage(app, cookie, 'Spanish');
  await withLanguage(app, cookie, 'French');
  return { api: caller(app, cookie), cookie };
}

function add(learner: Learner, body: object, { key, language }: { key?: string; language?: string } = {}, app: FastifyInstance = t.app) {
  const url = language === undefined ? ADD : `${ADD}?language=${encodeURIComponent(language)}`;
  return app.inject({ method: 'POST', url, headers: { cookie: learner.cookie, ...(key ? { 'idempotency-key': key } : {}) }, payload: body });
}

const minutesIn = async (learner: Learner, language: string, date = todayIso()) =>
  (await learner.api.get(`${ADD}?date=${date}&language=${language}`)).json().totalDailyMins as number;
const currentLanguage = async (learner: Learner) => (await learner.api.get('/api/user/language')).json().name as string;
const instant = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();
const runningTimer = async (learner: Learner) => (await learner.api.get(TIMER)).json().timer;

describeDb('POST and PATCH /api/user/daily-activity?language= write to the language named', () => {
  it('an add naming a started language lands there, and the current language does not change', async () => {
    const learner = await bilingual();
    const res = await add(learner, { date: todayIso(), readingDailyMins: 25 }, { language: 'Spanish' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ date: todayIso(), readingDailyMins: 25 });
    expect(await minutesIn(learner, 'Spanish')).toBe(25);
    expect(await minutesIn(learner, 'French')).toBe(0);
    expect(await currentLanguage(learner)).toBe('French');
  });

  it('without ?language= an add goes to the current language, as before', async () => {
    const learner = await bilingual();
    expect((await add(learner, { date: todayIso(), listeningDailyMins: 10 })).statusCode).toBe(200);
    expect(await minutesIn(learner, 'French')).toBe(10);
    expect(await minutesIn(learner, 'Spanish')).toBe(0);
  });

  it('a keyed add naming its language lands there too', async () => {
    const learner = await bilingual();
    const res = await add(learner, { date: todayIso(), speakingDailyMins: 7 }, { key: randomUUID(), language: 'Spanish' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await minutesIn(learner, 'Spanish')).toBe(7);
    expect(await minutesIn(learner, 'French')).toBe(0);
  });

  it('a language we do not offer is 400 UNKNOWN_LANGUAGE and adds nothing, keyed or not', async () => {
    const learner = await bilingual();
    expectError(await add(learner, { date: todayIso(), readingDailyMins: 5 }, { language: 'Klingon' }), 400, 'UNKNOWN_LANGUAGE');
    expectError(await add(learner, { date: todayIso(), readingDailyMins: 5 }, { language: 'Klingon', key: randomUUID() }), 400, 'UNKNOWN_LANGUAGE');
    expect(await minutesIn(learner, 'French')).toBe(0);
  });

  it('an offered language the learner never chose is 409 LANGUAGE_NOT_STARTED, adds nothing and starts nothing', async () => {
    const learner = await bilingual();
    const key = randomUUID();
    expectError(await add(learner, { date: todayIso(), readingDailyMins: 5 }, { language: 'German' }), 409, 'LANGUAGE_NOT_STARTED');
    expectError(await add(learner, { date: todayIso(), readingDailyMins: 5 }, { language: 'German', key }), 409, 'LANGUAGE_NOT_STARTED');
    const progress = (await learner.api.get('/api/user/progress')).json();
    expect(progress.languages.map((l: { name: string }) => l.name).sort()).toEqual(['French', 'Spanish']);
    expect(await minutesIn(learner, 'French')).toBe(0);
    expect(await currentLanguage(learner)).toBe('French');
    // The refusal is not stored with the key: once German is started, the same key adds.
    await withLanguage(t.app, learner.cookie, 'German');
    expect((await add(learner, { date: todayIso(), readingDailyMins: 5 }, { language: 'German', key })).statusCode).toBe(200);
    expect(await minutesIn(learner, 'German')).toBe(5);
  });

  it('PATCH ?language= sets that language\'s day and leaves the current one alone', async () => {
    const learner = await bilingual();
    const day = { date: todayIso(), isToday: true, listeningDailyMins: 10, readingDailyMins: 20, speakingDailyMins: 0, writingDailyMins: 5 };
    const res = await learner.api.patch(`${ADD}?language=Spanish`, day);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ readingDailyMins: 20 });
    expect(await minutesIn(learner, 'Spanish')).toBe(35);
    expect(await minutesIn(learner, 'French')).toBe(0);
    expect(await currentLanguage(learner)).toBe('French');
    expectError(await learner.api.patch(`${ADD}?language=Klingon`, day), 400, 'UNKNOWN_LANGUAGE');
    expectError(await learner.api.patch(`${ADD}?language=German`, day), 409, 'LANGUAGE_NOT_STARTED');
  });
});

describeDb("A keyed add's stored body includes its language", () => {
  it('a retry after a language switch elsewhere, naming the same language, replays the first answer and lands where it did', async () => {
    const learner = await bilingual();
    const key = randomUUID();
    const body = { date: todayIso(), readingDailyMins: 25 };
    const first = await add(learner, body, { key, language: 'Spanish' });
    expect(first.statusCode).toBe(200);
    await withLanguage(t.app, learner.cookie, 'Spanish');
    await withLanguage(t.app, learner.cookie, 'French');
    const retry = await add(learner, body, { key, language: 'Spanish' });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await minutesIn(learner, 'Spanish')).toBe(25);
    expect(await minutesIn(learner, 'French')).toBe(0);
  });

  it('the same key naming another language is 422 IDEMPOTENCY_KEY_REUSED and adds nothing', async () => {
    const learner = await bilingual();
    const key = randomUUID();
    const body = { date: todayIso(), writingDailyMins: 12 };
    expect((await add(learner, body, { key, language: 'Spanish' })).statusCode).toBe(200);
    expectError(await add(learner, body, { key, language: 'French' }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await minutesIn(learner, 'Spanish')).toBe(12);
    expect(await minutesIn(learner, 'French')).toBe(0);
  });

  it('a keyed add without ?language= retried after a switch is the same request: it replays where the first one landed', async () => {
    const learner = await bilingual();
    const key = randomUUID();
    const body = { date: todayIso(), listeningDailyMins: 30 };
    const first = await add(learner, body, { key });
    expect(first.statusCode).toBe(200);
    await withLanguage(t.app, learner.cookie, 'Spanish');
    const retry = await add(learner, body, { key });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await minutesIn(learner, 'French')).toBe(30);
    expect(await minutesIn(learner, 'Spanish')).toBe(0);
    // Named, the first use's language is the same request; another one is not.
    expect((await add(learner, body, { key, language: 'French' })).headers['idempotent-replayed']).toBe('true');
    expectError(await add(learner, body, { key, language: 'Spanish' }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await add(learner, { ...body, listeningDailyMins: 31 }, { key }), 422, 'IDEMPOTENCY_KEY_REUSED');
  });
});

describeDb('PUT /api/user/timer?language= and the fourth edition timer rules', () => {
  it('a start naming a started language runs the timer in it, and the current language does not change', async () => {
    const learner = await bilingual();
    const id = randomUUID();
    const res = await learner.api.put(`${TIMER}?language=Spanish`, { id, skill: 'reading', startedAt: instant() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().timer).toMatchObject({ id, language: 'Spanish' });
    expect((await runningTimer(learner)).language).toBe('Spanish');
    expect(await currentLanguage(learner)).toBe('French');
  });

  it('a start names only a language offered and started: 400 UNKNOWN_LANGUAGE, 409 LANGUAGE_NOT_STARTED, nothing starts', async () => {
    const learner = await bilingual();
    expectError(await learner.api.put(`${TIMER}?language=Klingon`, { id: randomUUID(), skill: 'reading', startedAt: instant() }), 400, 'UNKNOWN_LANGUAGE');
    expectError(await learner.api.put(`${TIMER}?language=German`, { id: randomUUID(), skill: 'reading', startedAt: instant() }), 409, 'LANGUAGE_NOT_STARTED');
    expect(await runningTimer(learner)).toBeNull();
  });

  it('without ?language= the timer runs in the current language', async () => {
    const learner = await bilingual();
    expect((await learner.api.put(TIMER, { id: randomUUID(), skill: 'reading', startedAt: instant() })).json().timer.language).toBe('French');
  });

  it('PUT with the id of the running timer answers 200 with it whatever its startedAt (the bounds apply to a new start only)', async () => {
    const clock = manualClock(new Date().toISOString());
    const built = await buildTestApp({ now: clock.now });
    try {
      const learner = await bilingual(built.app);
      const id = randomUUID();
      const started = await learner.api.put(TIMER, { id, skill: 'speaking', startedAt: clock.now().toISOString() });
      expect(started.statusCode).toBe(200);
      clock.advance(25 * 60 * MINUTE_MS);
      // The start's retry, 25 hours on, with its old instant: past the 24-hour bound, still the same timer.
      const retry = await learner.api.put(TIMER, { id, skill: 'speaking', startedAt: started.json().timer.startedAt });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json()).toEqual(started.json());
      // A new id with that instant is a new start: the bound applies.
      expectError(await learner.api.put(TIMER, { id: randomUUID(), skill: 'speaking', startedAt: started.json().timer.startedAt }), 400, 'INVALID_INPUT');
    } finally {
      await built.close();
    }
  });

  it('PUT with the id of a stopped timer is 409 TIMER_STOPPED and nothing starts (a late retry never restarts it)', async () => {
    const learner = await bilingual();
    const id = randomUUID();
    const startedAt = instant(-10 * MINUTE_MS);
    expect((await learner.api.put(TIMER, { id, skill: 'listening', startedAt })).statusCode).toBe(200);
    expect((await learner.api.del(`${TIMER}/${id}`)).statusCode).toBe(204);
    expectError(await learner.api.put(TIMER, { id, skill: 'listening', startedAt }), 409, 'TIMER_STOPPED');
    expect(await runningTimer(learner)).toBeNull();
    // A new id starts as usual.
    expect((await learner.api.put(TIMER, { id: randomUUID(), skill: 'listening', startedAt: instant() })).statusCode).toBe(200);
  });

  it("stopped ids are one learner's own: another learner may start a timer with the same id", async () => {
    const [a, b] = [await bilingual(), await bilingual()];
    const id = randomUUID();
    await a.api.put(TIMER, { id, skill: 'listening', startedAt: instant() });
    await a.api.del(`${TIMER}/${id}`);
    expect((await b.api.put(TIMER, { id, skill: 'listening', startedAt: instant() })).statusCode).toBe(200);
  });

  it("two devices stopping one timer: the first stop's keyed adds stand, the second's other minutes are 422 IDEMPOTENCY_KEY_REUSED and add nothing", async () => {
    const learner = await bilingual();
    const id = randomUUID();
    await learner.api.put(`${TIMER}?language=Spanish`, { id, skill: 'reading', startedAt: instant(-30 * MINUTE_MS) });
    const key = `${id}:${todayIso()}`;
    const phone = await add(learner, { date: todayIso(), readingDailyMins: 30 }, { key, language: 'Spanish' });
    expect(phone.statusCode).toBe(200);
    expect((await learner.api.del(`${TIMER}/${id}`)).statusCode).toBe(204);
    // The desktop stops the same timer a minute later: its minutes differ, its key does not.
    expectError(await add(learner, { date: todayIso(), readingDailyMins: 31 }, { key, language: 'Spanish' }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect((await learner.api.del(`${TIMER}/${id}`)).statusCode).toBe(204);
    expect(await minutesIn(learner, 'Spanish')).toBe(30);
    expect(await minutesIn(learner, 'French')).toBe(0);
  });

  it('stopped ids are kept as long as keys, then pruned with them', async () => {
    const clock = manualClock(`${todayIso()}T12:00:00Z`);
    const built = await buildTestApp({ now: clock.now, sessionIdleMs: 90 * DAY_MS, sessionAbsoluteMs: 90 * DAY_MS });
    try {
      const learner = await bilingual(built.app);
      const id = randomUUID();
      await learner.api.put(TIMER, { id, skill: 'reading', startedAt: clock.now().toISOString() });
      await learner.api.del(`${TIMER}/${id}`);
      clock.advance(30 * DAY_MS);
      await pruneExpiredKeys(built.app);
      expectError(await learner.api.put(TIMER, { id, skill: 'reading', startedAt: clock.now().toISOString() }), 409, 'TIMER_STOPPED');
      clock.advance(2 * DAY_MS);
      await pruneExpiredKeys(built.app);
      expect(await built.db.selectFrom('stopped_timers').select('id').execute()).toEqual([]);
    } finally {
      await built.close();
    }
  });

  it("deleting the account deletes its stopped timers' ids", async () => {
    const { cookie, email } = await signUp(t.app);
    await withLanguage(t.app, cookie);
    const api = caller(t.app, cookie);
    const id = randomUUID();
    await api.put(TIMER, { id, skill: 'reading', startedAt: instant() });
    await api.del(`${TIMER}/${id}`);
    const user = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect(await t.db.selectFrom('stopped_timers').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
    expect((await api.del('/api/user')).statusCode).toBe(204);
    expect(await t.db.selectFrom('stopped_timers').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });
});
