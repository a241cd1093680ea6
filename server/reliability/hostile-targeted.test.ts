/**
 * Hand-picked hostile inputs: each must be a clear 4xx with an error code, and the whole
 * database (every row of every table) must be exactly as it was before the request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, todayIso, withLanguage } from '../test/helper';
import { snapshotAll } from './support/snapshot';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
const ONE_MIB = 1024 * 1024;

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  cookie = (await signUp(t.app)).cookie;
  await withLanguage(t.app, cookie);
  await t.app.inject({ method: 'POST', url: '/api/user/daily-activity', headers: { cookie }, payload: { date: todayIso(), readingDailyMins: 30 } });
});
afterAll(() => t.close());

const today = todayIso();
const edit = (minutes: unknown) => ({ date: today, isToday: true, listeningDailyMins: minutes, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 });
const raw = (text: string) => ({ raw: text });

interface Case {
  name: string;
  method: 'POST' | 'PATCH';
  url: string;
  body: object | { raw: string };
  status: number;
  code: string;
  signedIn?: boolean;
}

const CASES: Case[] = [
  { name: 'impossible date 2023-02-29', method: 'POST', url: '/api/user/daily-activity', body: { date: '2023-02-29', readingDailyMins: 5 }, status: 400, code: 'INVALID_INPUT' },
  { name: 'unpadded date 2024-1-1', method: 'PATCH', url: '/api/user/daily-activity', body: { ...edit(5), date: '2024-1-1', isToday: false }, status: 400, code: 'INVALID_INPUT' },
  { name: 'negative minutes', method: 'POST', url: '/api/user/daily-activity', body: { date: today, readingDailyMins: -30 }, status: 400, code: 'INVALID_INPUT' },
  { name: 'negative minutes in an edit', method: 'PATCH', url: '/api/user/daily-activity', body: edit(-1), status: 400, code: 'INVALID_INPUT' },
  { name: 'fractional minutes', method: 'POST', url: '/api/user/daily-activity', body: { date: today, readingDailyMins: 2.5 }, status: 400, code: 'INVALID_INPUT' },
  { name: 'huge minutes', method: 'POST', url: '/api/user/daily-activity', body: { date: today, readingDailyMins: 1e15 }, status: 400, code: 'INVALID_INPUT' },
  { name: 'huge minutes in an edit', method: 'PATCH', url: '/api/user/daily-activity', body: edit(1e15), status: 400, code: 'DAILY_TIME_EXCEEDED' },
  { name: 'minutes beyond double range', method: 'POST', url: '/api/user/daily-activity', body: raw(`{"date":"${today}","readingDailyMins":1e400}`), status: 400, code: 'INVALID_INPUT' },
  { name: 'string minutes', method: 'POST', url: '/api/user/daily-activity', body: { date: today, readingDailyMins: '30' }, status: 400, code: 'INVALID_INPUT' },
  { name: 'an unknown field', method: 'POST', url: '/api/user/daily-activity', body: { date: today, readingDailyMins: 5, userId: 1 }, status: 400, code: 'INVALID_INPUT' },
  { name: 'a __proto__ key', method: 'POST', url: '/api/user/daily-activity', body: raw(`{"date":"${today}","readingDailyMins":5,"__proto__":{"isAdmin":true}}`), status: 400, code: 'INVALID_INPUT' },
  { name: 'a constructor.prototype key', method: 'POST', url: '/api/user/daily-goal', body: raw(`{"dailyGoalMinutes":60,"date":"${today}","constructor":{"prototype":{"x":1}}}`), status: 400, code: 'INVALID_INPUT' },
  { name: 'malformed JSON', method: 'POST', url: '/api/user/daily-goal', body: raw('{"dailyGoalMinutes": 60,'), status: 400, code: 'INVALID_INPUT' },
  { name: 'an empty JSON body', method: 'POST', url: '/api/user/previous-time', body: raw(''), status: 400, code: 'INVALID_INPUT' },
  { name: 'a JSON array body', method: 'POST', url: '/api/user/milestones', body: raw('[50,200,400,800,1200,1800]'), status: 400, code: 'INVALID_INPUT' },
  { name: 'decreasing milestones', method: 'POST', url: '/api/user/milestones', body: { level1: 50, level2: 40, level3: 400, level4: 800, level5: 1200, level6: 1800 }, status: 400, code: 'INVALID_MILESTONES' },
  { name: 'a goal that is no multiple of 5', method: 'POST', url: '/api/user/daily-goal', body: { dailyGoalMinutes: 33, date: today }, status: 400, code: 'INVALID_INPUT' },
  { name: 'a body over the 16 KiB limit', method: 'POST', url: '/api/user/language', body: { name: 'x'.repeat(20_000) }, status: 413, code: 'PAYLOAD_TOO_LARGE' },
  { name: 'a 1 MiB password at sign-up', method: 'POST', url: '/api/auth/register', body: { email: 'big@example.com', password: 'p'.repeat(ONE_MIB) }, status: 413, code: 'PAYLOAD_TOO_LARGE', signedIn: false },
  { name: 'a 1 MiB password at sign-in', method: 'POST', url: '/api/auth/login', body: { email: 'big@example.com', password: 'p'.repeat(ONE_MIB) }, status: 413, code: 'PAYLOAD_TOO_LARGE', signedIn: false },
  { name: 'a 101-character password at sign-up', method: 'POST', url: '/api/auth/register', body: { email: 'long@example.com', password: 'p'.repeat(101) }, status: 400, code: 'INVALID_INPUT', signedIn: false },
];

describe('targeted hostile input', () => {
  it.each(CASES)('$name → $status $code, database unchanged', async ({ name, method, url, body, status, code, signedIn = true }) => {
    const before = await snapshotAll(t.db);
    const payload = 'raw' in body ? (body as { raw: string }).raw : JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signedIn) headers.cookie = cookie;
    const res = await t.app.inject({ method, url, headers, payload });
    expect({ status: res.statusCode, error: res.json().error }).toEqual({ status, error: code });
    expect(res.json().message).toMatch(/\S/);
    const unchanged = JSON.stringify(await snapshotAll(t.db)) === JSON.stringify(before);
    console.log(`[hostile targeted] ${url} with ${name}: ${res.statusCode} ${res.json().error}; database unchanged: ${unchanged}`);
    expect(await snapshotAll(t.db)).toEqual(before);
  });
});
