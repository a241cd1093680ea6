/**
 * Issue #25: the dashboard opens with the network off and shows the last figures it had. The
 * answers of the signed-in learner's reads are kept on the device (localStorage, one entry) as
 * they arrive, and put back into RTK Query's cache before the first render when the app starts
 * offline; online, the reads go out as ever, so a kept copy never stands in for fresh data.
 * The copy is the signed-in learner's only: it is written only while the session check has
 * answered, and removed as soon as it has not (sign-out, account deletion, an ended session).
 */
import { FIRST_READ_ENDPOINTS } from '@common/firstReads';
import { apiSlice } from '@/api/apiSlice';
import { outageMet } from '@/api/session';
import type { AppStore, RootState } from '@/api/storeTypes';
import { addedMinutes } from '@/sync/optimistic';
import { selectWaiting } from '@/sync/syncSlice';
import { isNetworkError, isServerFault } from '@/lib/errorMessages';

const STORAGE_KEY = 'lingualog.offlineCache';
const WRITE_EVERY_MS = 1_000;

type Entries = Parameters<typeof apiSlice.util.upsertQueryEntries>[0];
type QueryEntry = RootState['api']['queries'][string];

/** The reads a screen needs to open offline: the guard's checks and the dashboard's panels (its first reads). */
const KEPT = FIRST_READ_ENDPOINTS;

const refusedSession = (q: QueryEntry) => (q?.error as { status?: unknown } | undefined)?.status === 401;
const sessionRefused = (queries: RootState['api']['queries']) =>
  Object.values(queries).some((q) => q?.endpointName === 'checkAuth' && refusedSession(q));

/**
 * Signed in as far as the device knows: the session check has answered, and has not since been
 * refused (401). A check that got no answer since (no network) keeps what was kept: going offline
 * is not signing out.
 */
function signedIn(queries: RootState['api']['queries']): boolean {
  return Object.values(queries).some((q) => q?.endpointName === 'checkAuth' && q.data !== undefined && !refusedSession(q));
}

/** The session check got no answer, or a server failure, and holds nothing from before: the server is down. */
function serverDown(queries: RootState['api']['queries']): boolean {
  const check = Object.values(queries).find((q) => q?.endpointName === 'checkAuth');
  return check?.status === 'rejected' && check.data === undefined && (isNetworkError(check.error) || isServerFault(check.error));
}

/**
 * A read's answer as the server gave it (issue #39, item 9): the adds still waiting on this device
 * are shown on the day's minutes and the progress as patches, and a copy kept with them would count
 * them twice once the outbox patches the copy again after a reload. They are taken off here.
 */
function withoutWaitingAdds(state: RootState, endpointName: string, arg: unknown, value: unknown): unknown {
  if (endpointName !== 'getDailyMinutes' && endpointName !== 'getProgress') return value;
  const waiting = selectWaiting(state);
  const answer = { ...(value as Record<string, number>) };
  for (const entry of waiting) {
    const added = addedMinutes(entry.body);
    if (!added) continue;
    if (endpointName === 'getDailyMinutes' && entry.body.date === arg) {
      answer[`${added.skill}DailyMins`] = Math.max(0, answer[`${added.skill}DailyMins`] - added.minutes);
      answer.totalDailyMins = Math.max(0, answer.totalDailyMins - added.minutes);
    }
    if (endpointName === 'getProgress') {
      answer[`${added.skill}OverallMins`] = Math.max(0, answer[`${added.skill}OverallMins`] - added.minutes);
      answer.totalOverallMins = Math.max(0, answer.totalOverallMins - added.minutes);
    }
  }
  return answer;
}

/** The read of a kept entry failed (no answer, or a server failure) since the entry was put back. */
function failedNow(queries: RootState['api']['queries'], entry: Entries[number]): boolean {
  const arg = JSON.stringify(entry.arg);
  return Object.values(queries).some(
    (q) => q?.endpointName === entry.endpointName && JSON.stringify(q.originalArgs) === arg && q.status === 'rejected' && !refusedSession(q),
  );
}

function keptEntries(state: RootState): Entries | null {
  if (!signedIn(state.api.queries)) return null;
  const queries = Object.values(state.api.queries).filter((q): q is NonNullable<QueryEntry> => Boolean(q));
  // The last answer of each read, also when a later try got no answer.
  return queries
    .filter((q) => KEPT.has(q.endpointName ?? '') && q.data !== undefined && !refusedSession(q))
    .map((q) => ({
      endpointName: q.endpointName,
      arg: q.originalArgs,
      value: withoutWaitingAdds(state, q.endpointName ?? '', q.originalArgs, q.data),
    })) as Entries;
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
  /** What an earlier visit kept, read before this page's first request can fail (issue #39, item 10). */
  const keptBefore = readKept();
  let wasSignedIn = false;
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
    // The server is down (a reload during an outage, the network up): the last figures this
    // device saw, with the outage said once (NetworkBanner), rather than 'Loading...' and a failure.
    if (keptBefore && serverDown(queries)) {
      store.dispatch(apiSlice.util.upsertQueryEntries(keptBefore));
      store.dispatch(outageMet(true));
      return;
    }
    // While the outage lasts, a kept read whose own request fails meanwhile keeps showing its kept answer.
    if (keptBefore && store.getState().session.outage) {
      const failed = keptBefore.filter((entry) => failedNow(queries, entry));
      if (failed.length > 0) {
        store.dispatch(apiSlice.util.upsertQueryEntries(failed));
        return;
      }
    }
    // Signed out (the cache was reset, or the session refused): forgotten at once, not a second
    // later. A page whose first session check has not answered yet keeps what it found.
    if (!signedIn(queries)) {
      if (!wasSignedIn && !sessionRefused(queries)) return;
      wasSignedIn = false;
      clearTimeout(timer);
      timer = undefined;
      forgetOfflineAnswers();
      return;
    }
    wasSignedIn = true;
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

/** The answers kept on this device, if any. */
function readKept(): Entries | null {
  try {
    const entries = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null') as Entries | null;
    return Array.isArray(entries) && entries.length > 0 ? entries : null;
  } catch {
    return null;
  }
}

/** Started offline: the last answers kept on this device fill the cache before the first render. */
export function seedOfflineAnswers(store: AppStore, online = navigator.onLine): boolean {
  if (online) return false;
  const entries = readKept();
  if (!entries) return false;
  store.dispatch(apiSlice.util.upsertQueryEntries(entries));
  return true;
}

/** Forgets the kept answers at once (sign-out, account deletion). */
export function forgetOfflineAnswers(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused: nothing was kept.
  }
}
