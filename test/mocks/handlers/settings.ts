import { http, HttpResponse } from 'msw';
import { API_PATHS } from '@common/apiPaths';
import type { DailyGoal, DayBoundary, MilestonesBody, PreviousTime, SaveDailyGoal } from '@common/api-types';
import { areValidMilestones, isValidDailyGoal, isValidPreviousHours } from '@common/domain';
import { isDayEndsAtHour } from '@common/schemas/dayBoundary';
import { isLocaleTag } from '@common/locales';
import type { Preferences, PreferencesChange } from '@common/schemas/preferences';
import { current, db, newLanguageData } from '../db';
import { api, apiError, unauthenticated } from '../http';

const forLanguage = (request: Request) => {
  const language = new URL(request.url).searchParams.get('language') ?? '';
  return db.perLanguage[language] ?? newLanguageData();
};

export const settingsHandlers = [
  http.get(api(API_PATHS.dailyGoal), () =>
    db.signedIn ? HttpResponse.json<DailyGoal>({ dailyGoalMinutes: current().dailyGoalMinutes }) : unauthenticated(),
  ),
  http.get(api(API_PATHS.dailyGoalByLanguage), ({ request }) =>
    db.signedIn ? HttpResponse.json<DailyGoal>({ dailyGoalMinutes: forLanguage(request).dailyGoalMinutes }) : unauthenticated(),
  ),
  http.post(api(API_PATHS.dailyGoal), async ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const body = (await request.json()) as SaveDailyGoal;
    if (!isValidDailyGoal(body.dailyGoalMinutes)) return apiError(400, 'INVALID_INPUT', 'Invalid goal');
    current().dailyGoalMinutes = body.dailyGoalMinutes;
    return HttpResponse.json<DailyGoal>({ dailyGoalMinutes: body.dailyGoalMinutes });
  }),
  http.get(api(API_PATHS.previousTime), () =>
    db.signedIn ? HttpResponse.json<PreviousTime>({ previousHours: current().previousHours }) : unauthenticated(),
  ),
  http.get(api(API_PATHS.previousTimeByLanguage), ({ request }) =>
    db.signedIn ? HttpResponse.json<PreviousTime>({ previousHours: forLanguage(request).previousHours }) : unauthenticated(),
  ),
  http.post(api(API_PATHS.previousTime), async ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const body = (await request.json()) as PreviousTime;
    if (!isValidPreviousHours(body.previousHours)) return apiError(400, 'INVALID_INPUT', 'Invalid hours');
    current().previousHours = body.previousHours;
    return HttpResponse.json<PreviousTime>(body);
  }),
  http.get(api(API_PATHS.milestones), () =>
    db.signedIn ? HttpResponse.json<MilestonesBody>(current().milestones) : unauthenticated(),
  ),
  http.get(api(API_PATHS.milestonesByLanguage), ({ request }) =>
    db.signedIn ? HttpResponse.json<MilestonesBody>(forLanguage(request).milestones) : unauthenticated(),
  ),
  http.post(api(API_PATHS.milestones), async ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const body = (await request.json()) as MilestonesBody;
    if (!areValidMilestones(body)) return apiError(400, 'INVALID_MILESTONES', 'Invalid milestones');
    current().milestones = body;
    return HttpResponse.json<MilestonesBody>(body);
  }),
  http.get(api(API_PATHS.dayBoundary), () =>
    db.signedIn ? HttpResponse.json<DayBoundary>({ dayEndsAtHour: db.dayEndsAtHour }) : unauthenticated(),
  ),
  http.post(api(API_PATHS.dayBoundary), async ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const body = (await request.json()) as DayBoundary;
    if (!isDayEndsAtHour(body.dayEndsAtHour)) return apiError(400, 'INVALID_INPUT', 'Invalid hour');
    db.dayEndsAtHour = body.dayEndsAtHour;
    return HttpResponse.json<DayBoundary>({ dayEndsAtHour: db.dayEndsAtHour });
  }),
  http.get(api(API_PATHS.preferences), () => (db.signedIn ? HttpResponse.json<Preferences>(db.preferences) : unauthenticated())),
  http.put(api(API_PATHS.preferences), async ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const body = (await request.json()) as PreferencesChange;
    if (body.uiLocale != null && !isLocaleTag(body.uiLocale)) return apiError(400, 'INVALID_INPUT', 'Unknown locale');
    db.preferences = { ...db.preferences, ...body };
    return HttpResponse.json<Preferences>(db.preferences);
  }),
];
