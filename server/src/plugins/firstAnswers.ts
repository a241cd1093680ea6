/**
 * Issue #32, the first answers in the HTML: a signed-in screen's page carries the answers of the
 * reads the screen makes on arrival, so the SPA renders them without waiting for the network.
 * Each answer is the API's own: the read is made through the app (`inject`) with the page
 * request's own cookie, so the routes, their session check and their scoping to the signed-in
 * learner are the very ones the SPA's call would meet. No session, or one the API refuses: none.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DAY_KEYED_READS, dashboardReads, dayBoundaryRead, guardReads, type FirstRead } from '@common/firstReads';
import { firstScreenFacts, firstScreenHtml } from '@common/firstScreen';
import { learnerToday, learnerZone, TIME_ZONE_COOKIE } from '../domain/learnerDay';
import { API_PATHS } from '@common/apiPaths';
import { intlLocale, negotiateLocale, type LocaleTag } from '@common/locales';
import { serverText } from '../domain/serverTexts';

/** The account's App language, read for the page's locale (not one of the app's first reads: the page names it). */
const PREFERENCES_READ = { endpointName: 'getPreferences', arg: undefined, path: API_PATHS.preferences } as const;

/** The SPA's signed-in screens (src/api/paths.ts); the dashboard asks for its panels' data too. */
const SIGNED_IN_SCREENS = new Set(['/dashboard', '/settings', '/insights', '/register/language', '/register/goal', '/register/previoustime']);

export const isSignedInScreen = (path: string) => SIGNED_IN_SCREENS.has(path);

export interface FirstAnswers {
  /** The time zone whose date keyed the answers. */
  timeZone: string;
  /**
   * Whether that zone is the learner's: the one their device named (its `tz` cookie), else the one
   * their account keeps (issue #54, sent by the app at sign-in and whenever the device's zone
   * changes). Without either the zone is the server's guess, and a first screen drawn for the
   * guessed day could show another day's figures.
   */
  zoneKnown: boolean;
  /** The learner's today in that zone, with their day boundary: the date the dashboard's reads were made for. */
  today: string;
  answers: FirstAnswer[];
  /** The page's locale (contract, fifth edition): the account's App language, else the request's Accept-Language, else en. */
  locale: LocaleTag;
}

export interface FirstAnswer {
  endpointName: string;
  arg: string | undefined;
  value: unknown;
}

async function answer(app: FastifyInstance, cookie: string, read: FirstRead): Promise<FirstAnswer | null> {
  const res = await app.inject({ method: 'GET', url: `/api${read.path}`, headers: { cookie } });
  return res.statusCode === 200 ? { endpointName: read.endpointName, arg: read.arg, value: res.json() } : null;
}

/** The answers for `path`'s first reads, or null when there are none to give (a visitor, an ended session). */
export async function firstAnswers(app: FastifyInstance, request: FastifyRequest, path: string): Promise<FirstAnswers | null> {
  const cookie = request.headers.cookie;
  if (!cookie || !isSignedInScreen(path)) return null;
  const [auth, ...guard] = guardReads();
  const signedIn = await answer(app, cookie, auth);
  if (!signedIn) return null;
  const dashboard = path === '/dashboard';
  // The account's preferences name the page's locale and, for a device that named no zone, the learner's zone.
  const [preferences, boundary] = await Promise.all([answer(app, cookie, PREFERENCES_READ), dashboard ? answer(app, cookie, dayBoundaryRead()) : null]);
  const stored = preferences?.value as { uiLocale?: string | null; timeZone?: string | null } | undefined;
  const zone = knownZone(request.cookies[TIME_ZONE_COOKIE], stored?.timeZone);
  const timeZone = zone ?? learnerZone(undefined);
  const hour = (boundary?.value as { dayEndsAtHour?: number } | undefined)?.dayEndsAtHour ?? 0;
  const today = learnerToday(app.now(), timeZone, dashboard ? hour : 0);
  const others = dashboard ? dashboardReads(today).filter((r) => r.endpointName !== auth.endpointName) : guard;
  const answers = await Promise.all(others.map((read) => (read.endpointName === 'getDayBoundary' && boundary ? boundary : answer(app, cookie, read))));
  const locale = negotiateLocale({ stored: stored?.uiLocale, requested: String(request.headers['accept-language'] ?? '') });
  return { timeZone, zoneKnown: zone !== null, today, answers: [signedIn, ...answers.filter((a): a is FirstAnswer => a !== null)], locale };
}

/** The learner's zone: the one their device named when it is a real zone, else the one the account keeps, else null (unknown). */
function knownZone(named: string | undefined, stored: string | null | undefined): string | null {
  for (const candidate of [named, stored ?? undefined]) {
    if (candidate && learnerZone(candidate) === candidate) return candidate;
  }
  return null;
}

/**
 * What a first screen may draw: every answer for a day of the learner's known zone (their device's
 * or their account's); without one (neither named nor kept, or one the server cannot read) only what
 * holds whatever the day (the language, the progress, the levels), so the day's panels show they
 * are loading, never another day's figures.
 */
export function drawableAnswers(first: FirstAnswers): FirstAnswers {
  return first.zoneKnown ? first : { ...first, answers: first.answers.filter((a) => !DAY_KEYED_READS.has(a.endpointName)) };
}

/**
 * The answers as a JSON script element: `<`, `>`, `&` and the line separators U+2028/U+2029 are
 * written as \u escapes, so no value (a learner's text included) can end the element or the page's
 * parsing early, and the JSON reads back exactly.
 */
export function answersScript({ timeZone, answers }: Pick<FirstAnswers, 'timeZone' | 'answers'>): string {
  const json = JSON.stringify(answers).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const zone = timeZone.replace(/[^A-Za-z0-9_+\-/]/g, '');
  return `<script type="application/json" id="first-answers" data-time-zone="${zone}">${json}</script>`;
}

/** The dashboard's first facts (language, total time, today's goal) as HTML from its answers in the page's locale, or '' without them. */
export function dashboardShell(answers: FirstAnswer[], locale: LocaleTag = 'en'): string {
  const value = <T>(endpointName: string) => answers.find((a) => a.endpointName === endpointName)?.value as T | undefined;
  const facts = firstScreenFacts({
    language: value('getUserLanguage'),
    progress: value('getProgress'),
    previousHours: value('getPreviousHours'),
    dailyGoal: value('getDailyGoal'),
    todayMinutes: value('getDailyMinutes'),
  }, intlLocale(locale));
  if (!facts) return '';
  const text = (key: string, values?: Record<string, string>) => serverText(locale, key, values);
  return firstScreenHtml(facts, {
    dailyGoal: text('server.firstScreen.dailyGoal'),
    loading: text('server.firstScreen.loading'),
    goalOf: (done, target) => text('server.firstScreen.goalOf', { done, target }),
    progress: text('server.firstScreen.progress'),
    totalHours: text('server.firstScreen.totalHours'),
  });
}
