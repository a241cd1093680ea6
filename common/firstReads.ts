/**
 * Issue #32: the reads a signed-in screen makes on arrival, each as the api slice's endpoint and
 * argument (its cache key) and the API path it asks. The server answers them into the page
 * (server/src/plugins/firstAnswers.ts) and the SPA seeds its cache with them before its first
 * render (src/app/firstAnswers.ts). The one list of them: src/app/prefetch.ts starts these reads, and
 * src/sync/offlineCache.ts keeps their answers on the device; a client test checks both the keys and
 * the paths against the api slice (test/app/firstAnswers.test.tsx).
 */
import { API_PATHS } from './apiPaths';

export interface FirstRead {
  endpointName: string;
  arg: string | undefined;
  /** The API path with its query, without the /api prefix. */
  path: string;
}

const read = (endpointName: string, path: string, arg?: string): FirstRead => ({ endpointName, arg, path });

function shiftDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function lastOfMonth(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(year, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** The guard's two checks: every signed-in screen. */
export const guardReads = (): FirstRead[] => [read('checkAuth', API_PATHS.authCheck), read('hasLanguage', API_PATHS.hasLanguage)];

/** When the learner's day ends (issue 28): read first, since the learner's `today` depends on it. */
export const dayBoundaryRead = (): FirstRead => read('getDayBoundary', API_PATHS.dayBoundary);

/**
 * The dashboard's reads whose answers are of one day or month (`today`'s minutes, the month, the
 * streak on a date): drawn only for a day the learner's device named (issue #44).
 */
export const DAY_KEYED_READS: ReadonlySet<string> = new Set(['getDailyMinutes', 'getMonthActivities', 'getMonthTotal', 'getCalendarSummary']);

/** The dashboard's panels on `today` (the learner's date), the guard's checks included. */
export function dashboardReads(today: string): FirstRead[] {
  const month = today.slice(0, 7);
  const yesterday = shiftDays(today, -1);
  return [
    ...guardReads(),
    read('getUserLanguage', API_PATHS.language),
    read('getProgress', API_PATHS.progress),
    read('getDailyGoal', API_PATHS.dailyGoal),
    read('getDailyMinutes', `${API_PATHS.dailyActivity}?date=${today}`, today),
    read('getMonthActivities', `${API_PATHS.dailyActivityAll}?from=${month}-01&to=${lastOfMonth(month)}`, month),
    read('getMonthTotal', `${API_PATHS.calendarMonthTotal}?today=${month}-01`, month),
    read('getCalendarSummary', `${API_PATHS.calendarSummary}?today=${today}`, today),
    read('getCalendarSummary', `${API_PATHS.calendarSummary}?today=${yesterday}`, yesterday),
    read('getRestDays', API_PATHS.restDays),
    read('getDayBoundary', API_PATHS.dayBoundary),
    read('getPreviousHours', API_PATHS.previousTime),
    read('getMilestones', API_PATHS.milestones),
    read('getLanguages', API_PATHS.languages),
    read('getTimer', API_PATHS.timer),
  ];
}

/** The endpoints of the dashboard's first reads, whatever the day: the answers kept for an offline start. */
export const FIRST_READ_ENDPOINTS: ReadonlySet<string> = new Set(dashboardReads('2000-01-01').map((r) => r.endpointName));
