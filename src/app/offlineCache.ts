/**
 * Issue #25: the dashboard opens with the network off and shows the last figures it had. The
 * answers of the signed-in learner's reads are kept on the device (localStorage, one entry) as
 * they arrive, and put back into RTK Query's cache before the first render when the app starts
 * offline; online, the reads go out as ever, so a kept copy never stands in for fresh data.
 * The copy is the signed-in learner's only: it is written only while the session check has
 * answered, and removed as soon as it has not (sign-out, account deletion, an ended session).
 */
import { apiSlice } from '@/app/apiSlice';
import type { AppStore, RootState } from '@/app/store';

const STORAGE_KEY = 'lingualog.offlineCache';
const WRITE_EVERY_MS = 1_000;

type Entries = Parameters<typeof apiSlice.util.upsertQueryEntries>[0];
type QueryEntry = RootState['api']['queries'][string];

/** The reads a screen needs to open offline: the guard's checks and the dashboard's panels. */
const KEPT = new Set([
  'checkAuth', 'hasLanguage', 'getUserLanguage', 'getProgress', 'getDailyGoal', 'getDailyMinutes', 'getMonthActivities',
  'getMonthTotal', 'getCalendarSummary', 'getRestDays', 'getDayBoundary', 'getPreviousHours', 'getMilestones', 'getLanguages',
  'getTimer',
]);

const refusedSession = (q: QueryEntry) => (q?.error as { status?: unknown } | undefined)?.status === 401;

/**
 * Signed in as far as the device knows: the session check has answered, and has not since been
 * refused (401). A check that got no answer since (no network) keeps what was kept: going offline
 * is not signing out.
 */
function signedIn(queries: RootState['api']['queries']): boolean {
  return Object.values(queries).some((q) => q?.endpointName === 'checkAuth' && q.data !== undefined && !refusedSession(q));
}

function keptEntries(state: RootState): Entries | null {
  if (!signedIn(state.api.queries)) return null;
  const queries = Object.values(state.api.queries).filter((q): q is NonNullable<QueryEntry> => Boolean(q));
  // The last answer of each read, also when a later try got no answer.
  return queries
    .filter((q) => KEPT.has(q.endpointName ?? '') && q.data !== undefined && !refusedSession(q))
    .map((q) => ({ endpointName: q.endpointName, arg: q.originalArgs, value: q.data })) as Entries;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Keeps the learner's answers on the device as they change (at most once a second), and at once
 * when the page is hidden or left: a reload or a closed tab within that second must not lose
 * them (the answers the page arrived with, src/app/firstAnswers.ts, change nothing until then).
 */
export function keepAnswersForOffline(store: AppStore): () => void {
  let last: RootState['api']['queries'] | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const entries = keptEntries(store.getState());
    try {
      if (entries) storage()?.setItem(STORAGE_KEY, JSON.stringify(entries));
      else storage()?.removeItem(STORAGE_KEY);
    } catch {
      // Storage full or refused: the app works as before, only not offline.
    }
  };
  const changed = () => {
    const queries = store.getState().api.queries;
    if (queries === last) return;
    last = queries;
    // Signed out (the cache was reset, or the session refused): forgotten at once, not a second later.
    if (!signedIn(queries)) {
      clearTimeout(timer);
      timer = undefined;
      forgetOfflineAnswers();
      return;
    }
    timer ??= setTimeout(write, WRITE_EVERY_MS);
  };
  const leaving = () => {
    if (timer !== undefined) write();
  };
  const hidden = () => {
    if (document.visibilityState === 'hidden') leaving();
  };
  const unsubscribe = store.subscribe(changed);
  // What the store already holds (the page's own answers) is kept too.
  if (signedIn(store.getState().api.queries)) changed();
  window.addEventListener('pagehide', leaving);
  document.addEventListener('visibilitychange', hidden);
  return () => {
    unsubscribe();
    clearTimeout(timer);
    window.removeEventListener('pagehide', leaving);
    document.removeEventListener('visibilitychange', hidden);
  };
}

/** Started offline: the last answers kept on this device fill the cache before the first render. */
export function seedOfflineAnswers(store: AppStore, online = navigator.onLine): boolean {
  if (online) return false;
  const kept = storage()?.getItem(STORAGE_KEY);
  if (!kept) return false;
  try {
    const entries = JSON.parse(kept) as Entries;
    if (!Array.isArray(entries) || entries.length === 0) return false;
    store.dispatch(apiSlice.util.upsertQueryEntries(entries));
    return true;
  } catch {
    return false;
  }
}

/** Forgets the kept answers at once (sign-out, account deletion). */
export function forgetOfflineAnswers(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused: nothing was kept.
  }
}
