/**
 * One acceptable request for every operation under /api/user, and the list of those operations
 * as the server publishes them, so a test can insist that no published route is left out.
 */
import { createECDH, randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEFAULT_MILESTONES } from '@common/domain';
import { endpointsOf } from './schemaRequests';

export type UserCall = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: object;
  /** The published path when the URL fills in a path parameter. */
  operation?: string;
  /**
   * The call is made so that it is refused (a wrong password, a device never added): repeated, it
   * would change the password, mint lasting keys or send a push out of the machine.
   */
  refused?: true;
};

/** A browser's PushSubscription.toJSON(): a public push service, a real P-256 point, 16 bytes of auth. */
const pushSubscription = {
  endpoint: 'https://push.example.com/send/access-test',
  keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
};

export function userCalls(today: string): Record<string, UserCall> {
  const edit = { date: today, isToday: true, listeningDailyMins: 0, readingDailyMins: 5, speakingDailyMins: 0, writingDailyMins: 0 };
  const calls: UserCall[] = [
    { method: 'GET', url: '/api/user/language' },
    { method: 'POST', url: '/api/user/language', body: { name: 'Spanish' } },
    { method: 'GET', url: '/api/user/has-language' },
    { method: 'GET', url: '/api/user/daily-goal' },
    { method: 'GET', url: '/api/user/daily-goal/by-language?language=Spanish' },
    { method: 'POST', url: '/api/user/daily-goal', body: { dailyGoalMinutes: 60, date: today } },
    { method: 'GET', url: '/api/user/previous-time' },
    { method: 'GET', url: '/api/user/previous-time/by-language?language=Spanish' },
    { method: 'POST', url: '/api/user/previous-time', body: { previousHours: 10 } },
    { method: 'GET', url: '/api/user/daily-activity/all' },
    { method: 'GET', url: `/api/user/daily-activity?date=${today}` },
    { method: 'POST', url: '/api/user/daily-activity', body: { date: today, readingDailyMins: 5 } },
    { method: 'PATCH', url: '/api/user/daily-activity', body: edit },
    { method: 'GET', url: '/api/user/milestones' },
    { method: 'GET', url: '/api/user/milestones/by-language?language=Spanish' },
    { method: 'POST', url: '/api/user/milestones', body: DEFAULT_MILESTONES },
    { method: 'GET', url: '/api/user/progress' },
    { method: 'GET', url: `/api/user/calendar/month-total?today=${today}` },
    { method: 'GET', url: `/api/user/calendar/summary?today=${today}` },
    { method: 'GET', url: `/api/user/stats?from=${today}&to=${today}&bucket=day` },
    { method: 'GET', url: '/api/user/rest-days' },
    { method: 'POST', url: '/api/user/rest-days', body: { weekdays: [0], periods: [] } },
    { method: 'GET', url: '/api/user/day-boundary' },
    { method: 'POST', url: '/api/user/day-boundary', body: { dayEndsAtHour: 2 } },
    { method: 'GET', url: '/api/user/timer' },
    { method: 'PUT', url: '/api/user/timer', body: { id: 'timer-0001', skill: 'listening', startedAt: new Date().toISOString() } },
    { method: 'DELETE', url: '/api/user/timer/timer-0001', operation: '/api/user/timer/{id}' },
    { method: 'GET', url: '/api/user/export?format=json' },
    {
      method: 'POST',
      url: '/api/user/import',
      body: {
        source: 'lingualog-csv',
        mode: 'merge',
        dryRun: true,
        content: `language,date,listening_minutes,reading_minutes,speaking_minutes,writing_minutes,achieved\nSpanish,${today},5,0,0,0,false\n`,
      },
    },
    // Contract, fourth edition: the reminder, this device's subscription, access tokens, the password.
    { method: 'GET', url: '/api/user/reminder' },
    { method: 'PUT', url: '/api/user/reminder', body: { enabled: false, time: '20:00', timeZone: 'Europe/Paris', skipWhenGoalMet: true } },
    { method: 'GET', url: '/api/user/push-subscriptions' },
    { method: 'POST', url: '/api/user/push-subscriptions', body: pushSubscription },
    // An endpoint the learner never added: refused before anything is sent (no test traffic leaves the machine).
    { method: 'POST', url: '/api/user/reminder/test', body: { endpoint: 'https://push.example.com/send/never-added' }, refused: true },
    { method: 'DELETE', url: '/api/user/push-subscriptions', body: { endpoint: pushSubscription.endpoint } },
    { method: 'GET', url: '/api/user/tokens' },
    { method: 'POST', url: '/api/user/tokens', body: { name: 'Anki', scope: 'log', password: 'not the password' }, refused: true },
    { method: 'DELETE', url: '/api/user/tokens/00000000-0000-4000-8000-000000000000', operation: '/api/user/tokens/{id}' },
    { method: 'POST', url: '/api/user/password', body: { currentPassword: 'not the password', newPassword: 'a new long passphrase' }, refused: true },
    // Contract, fifth edition: the account's App language and zone.
    { method: 'GET', url: '/api/user/preferences' },
    { method: 'PUT', url: '/api/user/preferences', body: { uiLocale: 'de', timeZone: 'Europe/Berlin' } },
    { method: 'DELETE', url: '/api/user' },
  ];
  return Object.fromEntries(calls.map((c) => [`${c.method} ${c.operation ?? c.url.split('?')[0]}`, c]));
}

/** "METHOD /path" of every operation the OpenAPI document lists under /api/user. */
export function publishedUserOperations(app: FastifyInstance): string[] {
  const doc = app.swagger() as unknown as Parameters<typeof endpointsOf>[0];
  return endpointsOf(doc)
    .filter((e) => e.path === '/api/user' || e.path.startsWith('/api/user/'))
    .map((e) => `${e.method} ${e.path}`)
    .sort();
}

export function injectCall(app: FastifyInstance, call: UserCall, cookie?: string) {
  return app.inject({ method: call.method, url: call.url, headers: cookie ? { cookie } : {}, ...(call.body ? { payload: call.body } : {}) } as InjectOptions);
}
