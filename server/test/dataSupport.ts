/** Shared by the export/import tests: a learner with history, a whole-database snapshot, and import calls. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { ExportFormat } from '@common/schemas/data';
import type { Database } from '../src/db/database';
import { writeRestDays } from '../src/db/restDays';
import { signUp, withLanguage } from './helper';
import { caller, type Caller } from './requests';

export const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', 'toggl', name), 'utf8');

export interface Learner {
  api: Caller;
  cookie: string;
  email: string;
  password: string;
  userId: number;
}

export async function learner(app: FastifyInstance, db: Kysely<Database>, language?: string): Promise<Learner> {
  const { cookie, email, password } = await signUp(app);
  if (language) await withLanguage(app, cookie, language);
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { api: caller(app, cookie), cookie, email, password, userId: Number(user.id) };
}

export const day = (date: string, l: number, r: number, s: number, w: number, achieved?: boolean) => ({
  date, isToday: false, listeningDailyMins: l, readingDailyMins: r, speakingDailyMins: s, writingDailyMins: w, ...(achieved === undefined ? {} : { achieved }),
});

/** Years of history in two languages: goal changes, previous hours, milestones, hand-set achievements, rest days. */
export async function learnerWithHistory(app: FastifyInstance, db: Kysely<Database>): Promise<Learner> {
  const me = await learner(app, db, 'German');
  for (const d of [day('2001-02-03', 10, 0, 0, 0), day('2024-12-31', 30, 30, 0, 0)]) expect((await me.api.patch('/api/user/daily-activity', d)).statusCode).toBe(200);
  await withLanguage(app, me.cookie, 'Spanish');
  await db.insertInto('daily_goals').values([
    { user_id: me.userId, language: 'Spanish', effective_from: '2023-05-01', minutes: 45 },
    { user_id: me.userId, language: 'Spanish', effective_from: '2024-01-10', minutes: 60 },
  ]).execute();
  expect((await me.api.post('/api/user/previous-time', { previousHours: 120 })).statusCode).toBe(200);
  const milestones = { level1: 10, level2: 150, level3: 300, level4: 700, level5: 1000, level6: 5000 };
  expect((await me.api.post('/api/user/milestones', milestones)).statusCode).toBe(200);
  const days = [
    day('2000-01-01', 5, 0, 0, 0),
    day('2023-04-30', 30, 0, 0, 0),
    day('2023-05-02', 30, 10, 0, 0),
    day('2023-05-03', 0, 0, 5, 0, true),
    day('2024-01-10', 60, 0, 0, 0, false),
    day('2024-02-29', 120, 240, 300, 60),
    day('2025-07-04', 960, 480, 0, 0),
  ];
  for (const d of days) expect((await me.api.patch('/api/user/daily-activity', d)).statusCode).toBe(200);
  await db.transaction().execute((trx) => writeRestDays(trx, me.userId, { weekdays: [0, 6], periods: [{ from: '2024-08-01', to: '2024-08-14' }] }));
  return me;
}

/** What a learner can read back through the API, for every language they started. */
export async function visibleData(api: Caller) {
  const progress = (await api.get('/api/user/progress')).json() as { languages: { name: string }[] };
  const perLanguage: Record<string, unknown> = {};
  for (const { name } of progress.languages) {
    const q = `language=${encodeURIComponent(name)}`;
    perLanguage[name] = {
      days: (await api.get(`/api/user/daily-activity/all?${q}`)).json(),
      goal: (await api.get(`/api/user/daily-goal/by-language?${q}`)).json(),
      previous: (await api.get(`/api/user/previous-time/by-language?${q}`)).json(),
      milestones: (await api.get(`/api/user/milestones/by-language?${q}`)).json(),
    };
  }
  return { current: (await api.get('/api/user/language')).json(), progress, perLanguage };
}

/**
 * The remembered streak of a language (history_version, streak_*) is a cache of its days, not data:
 * an import that rewrites days with the same values may invalidate it without changing anything.
 */
/** The versions that say when remembered answers must be computed again, and the streak remembered. */
const withoutStreakCache = (row: object) =>
  Object.fromEntries(Object.entries(row).filter(([column]) => column !== 'history_version' && column !== 'data_version' && !column.startsWith('streak_')));

/** Every row the user owns (the caches' bookkeeping aside): equal snapshots mean the learner's data did not change. */
export async function snapshot(db: Kysely<Database>, userId: number) {
  const rows = async (table: 'user_languages' | 'daily_goals' | 'daily_activity' | 'rest_weekdays' | 'rest_periods') =>
    (await db.selectFrom(table).selectAll().where('user_id', '=', userId).execute())
      .map((row) => JSON.stringify(withoutStreakCache(row)))
      .sort();
  const user = await db.selectFrom('users').select(['email', 'current_language']).where('id', '=', userId).executeTakeFirst();
  return {
    user,
    languages: await rows('user_languages'),
    goals: await rows('daily_goals'),
    days: await rows('daily_activity'),
    weekdays: await rows('rest_weekdays'),
    periods: await rows('rest_periods'),
  };
}

export interface ImportRequest {
  source: 'lingualog-json' | 'lingualog-csv' | 'toggl-csv';
  content: string;
  mode?: 'merge' | 'replace';
  dryRun?: boolean;
  language?: string;
  skillMap?: Record<string, string>;
  entriesWithoutSkill?: string;
}

export const importFile = (api: Caller, request: ImportRequest): Promise<LightMyRequestResponse> =>
  api.post('/api/user/import', { mode: 'merge', dryRun: false, ...request });

export const exported = async (api: Caller, format: ExportFormat) => {
  const res = await api.get(`/api/user/export?format=${format}`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

/** The 400 INVALID_IMPORT answer's problems. */
export function problemsOf(res: LightMyRequestResponse): { line: number; message: string }[] {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { error: string; message: string; problems: { line: number; message: string }[] };
  expect(body.error).toBe('INVALID_IMPORT');
  expect(body.problems.length).toBeGreaterThan(0);
  return body.problems;
}
