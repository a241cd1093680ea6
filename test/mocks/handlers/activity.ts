import { http, HttpResponse } from 'msw';
import { API_PATHS } from '@common/apiPaths';
import type {
  ActivityRecord,
  ApiErrorCode,
  AddDailyActivity,
  DailyMinutes,
  EditDailyActivity,
  MonthlyTotal,
  Progress,
} from '@common/api-types';
import {
  DAILY_SKILL_LIMIT_MINS,
  DAILY_TOTAL_LIMIT_MINS,
  SKILL_DAILY_FIELDS,
  levelForHours,
  levelHours,
} from '@common/domain';
import type { LanguageData, MockDb } from '../db';
import { ALL_LANGUAGES, current, db, newLanguageData } from '../db';
import { api, apiError, unauthenticated } from '../http';

const total = (r: ActivityRecord) => SKILL_DAILY_FIELDS.reduce((sum, f) => sum + r[f], 0);

function recordFor(date: string, data: LanguageData = current()): ActivityRecord {
  let record = data.activities.find((a) => a.date === date);
  if (!record) {
    record = { date, achieved: false, listeningDailyMins: 0, readingDailyMins: 0, speakingDailyMins: 0, writingDailyMins: 0 };
    data.activities.push(record);
    data.activities.sort((a, b) => a.date.localeCompare(b.date));
  }
  return record;
}

function limitError(record: ActivityRecord) {
  if (SKILL_DAILY_FIELDS.some((f) => record[f] > DAILY_SKILL_LIMIT_MINS)) {
    return apiError(400, 'DAILY_TIME_EXCEEDED', 'You can log at most 16 hours for one skill in a day.');
  }
  if (total(record) > DAILY_TOTAL_LIMIT_MINS) {
    return apiError(400, 'TOTAL_DAILY_TIME_EXCEEDED', 'You can log at most 24 hours in a day across all skills.');
  }
  return null;
}

/** Contract, third edition: the first answer to each Idempotency-Key, per mock database (a reset forgets them). */
const answers = new WeakMap<MockDb, Map<string, { fingerprint: string; status: number; body: string }>>();
function answersOf(of: MockDb) {
  if (!answers.has(of)) answers.set(of, new Map());
  return answers.get(of)!;
}
const JSON_TYPE = { 'Content-Type': 'application/json' };

function add(body: AddDailyActivity, data: LanguageData): Response {
  const field = SKILL_DAILY_FIELDS.find((f) => body[f] !== undefined);
  if (!field) return apiError(400, 'INVALID_INPUT', 'Name one skill');
  const existing = data.activities.find((a) => a.date === body.date);
  const candidate = { ...(existing ?? recordFor(body.date, data)) };
  candidate[field] += body[field] ?? 0;
  const error = limitError(candidate);
  if (error) return error;
  const record = recordFor(body.date, data);
  record[field] = candidate[field];
  record.achieved = total(record) >= data.dailyGoalMinutes;
  return HttpResponse.json(record);
}

/**
 * The language a write names (contract, fourth edition): ?language=X, one offered and started,
 * else the current one. The refusal when it is not.
 */
export function writeLanguage(request: Request): { language: string | null; refusal?: Response } {
  const named = new URL(request.url).searchParams.get('language');
  if (named === null) return { language: db.currentLanguage };
  if (!ALL_LANGUAGES.includes(named)) return { language: null, refusal: apiError(400, 'UNKNOWN_LANGUAGE', `"${named}" is not a language we offer.`) };
  if (!db.languages.includes(named)) return { language: null, refusal: apiError(409, 'LANGUAGE_NOT_STARTED', `You have not started ${named}.`) };
  return { language: named };
}

const dataOf = (language: string | null): LanguageData => {
  if (language === null) return newLanguageData();
  db.perLanguage[language] ??= newLanguageData();
  return db.perLanguage[language];
};

export const activityHandlers = [
  http.get(api(API_PATHS.dailyActivityAll), ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const params = new URL(request.url).searchParams;
    const from = params.get('from') ?? '0000-01-01';
    const to = params.get('to') ?? '9999-12-31';
    return HttpResponse.json<ActivityRecord[]>(current().activities.filter((a) => a.date >= from && a.date <= to));
  }),
  http.get(api(API_PATHS.dailyActivity), ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const date = new URL(request.url).searchParams.get('date') ?? '';
    const r = current().activities.find((a) => a.date === date);
    const minutes: DailyMinutes = {
      totalDailyMins: r ? total(r) : 0,
      listeningDailyMins: r?.listeningDailyMins ?? 0,
      readingDailyMins: r?.readingDailyMins ?? 0,
      speakingDailyMins: r?.speakingDailyMins ?? 0,
      writingDailyMins: r?.writingDailyMins ?? 0,
    };
    return HttpResponse.json(minutes);
  }),
  http.post(api(API_PATHS.dailyActivity), async ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const body = (await request.json()) as AddDailyActivity;
    const { language, refusal } = writeLanguage(request);
    if (refusal) return refusal;
    const key = request.headers.get('Idempotency-Key');
    if (!key) return add(body, dataOf(language));
    const stored = answersOf(db).get(key);
    const fingerprint = JSON.stringify([language, body]);
    if (stored && stored.fingerprint !== fingerprint) {
      return apiError(422, 'IDEMPOTENCY_KEY_REUSED' as ApiErrorCode, 'This key was used for another add.');
    }
    if (stored) return new Response(stored.body, { status: stored.status, headers: { ...JSON_TYPE, 'Idempotent-Replayed': 'true' } });
    const answer = add(body, dataOf(language));
    if (answer.status < 500) answersOf(db).set(key, { fingerprint, status: answer.status, body: await answer.clone().text() });
    return answer;
  }),
  http.patch(api(API_PATHS.dailyActivity), async ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const body = (await request.json()) as EditDailyActivity;
    const { language, refusal } = writeLanguage(request);
    if (refusal) return refusal;
    const data = dataOf(language);
    const candidate: ActivityRecord = { ...recordFor(body.date, data) };
    for (const f of SKILL_DAILY_FIELDS) candidate[f] = body[f];
    const error = limitError(candidate);
    if (error) return error;
    const record = recordFor(body.date, data);
    Object.assign(record, candidate);
    record.achieved = body.achieved ?? total(record) >= data.dailyGoalMinutes;
    return HttpResponse.json(record);
  }),
  http.get(api(API_PATHS.progress), () => {
    if (!db.signedIn) return unauthenticated();
    const data = current();
    const sum = (f: (typeof SKILL_DAILY_FIELDS)[number]) => data.activities.reduce((s, a) => s + a[f], 0);
    const totalOverallMins = data.activities.reduce((s, a) => s + total(a), 0);
    return HttpResponse.json<Progress>({
      currentLevel: levelForHours(levelHours(totalOverallMins, data.previousHours), data.milestones),
      totalOverallMins,
      listeningOverallMins: sum('listeningDailyMins'),
      readingOverallMins: sum('readingDailyMins'),
      speakingOverallMins: sum('speakingDailyMins'),
      writingOverallMins: sum('writingDailyMins'),
      languages: db.languages.map((name) => ({ name })),
    });
  }),
  http.get(api(API_PATHS.calendarMonthTotal), ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const month = (new URL(request.url).searchParams.get('today') ?? '').slice(0, 7);
    const monthlyTotalMins = current()
      .activities.filter((a) => a.date.startsWith(month))
      .reduce((s, a) => s + total(a), 0);
    return HttpResponse.json<MonthlyTotal>({ monthlyTotalMins });
  }),
];
