import { http, HttpResponse } from 'msw';
import { API_PATHS } from '@common/apiPaths';
import type { CalendarSummary } from '@common/schemas/calendar';
import type { RestDays } from '@common/schemas/restDays';
import { streaksOf } from '@common/streakRule';
import { current, db } from '../db';
import { api, unauthenticated } from '../http';

/** The calendar summary and rest days, with the same streak rule as the server (common/streakRule.ts). */
export const calendarHandlers = [
  http.get(api(API_PATHS.calendarSummary), ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    const today = new URL(request.url).searchParams.get('today') ?? '';
    const records = [...current().activities].sort((a, b) => a.date.localeCompare(b.date));
    return HttpResponse.json<CalendarSummary>({ firstActivityDate: records[0]?.date ?? null, ...streaksOf(records, today, db.restDays) });
  }),
  http.get(api(API_PATHS.restDays), () => (db.signedIn ? HttpResponse.json<RestDays>(db.restDays) : unauthenticated())),
  http.post(api(API_PATHS.restDays), async ({ request }) => {
    if (!db.signedIn) return unauthenticated();
    db.restDays = (await request.json()) as RestDays;
    return HttpResponse.json<RestDays>(db.restDays);
  }),
];
