/**
 * Issue #18: a screen's reads start together with the guard's checks, from the route's loader,
 * instead of one after another as components mount (the guard used to wait for /auth/check, then
 * /has-language, and only then did the panels mount and ask for their data).
 *
 * These are prefetches of the very same RTK Query endpoints and arguments the components use, so
 * the guard and the panels share one set of requests: a component that mounts while a read is in
 * flight waits for it, one that mounts later finds its answer in the cache. Nothing is refetched
 * that is already cached (a return to the dashboard asks for nothing new). The spec's calls, their
 * refresh tags and the guard's rules are unchanged: a signed-out visitor's reads answer 401 and the
 * guard, on /auth/check's 401, sends them to /login (a 401 before any signed-in check is not a
 * "session ended", see session.ts).
 */
import { dashboardReads, guardReads } from '@common/firstReads';
import { apiSlice } from '@/api/apiSlice';
import { learnerToday } from '@/lib/today';
import { rememberedDayEndsAtHour } from '@/api/useLearnerToday';
import type { AppDispatch, AppStore } from '@/app/store';

/**
 * Runs `start` once the browser has painted the current frame: on arrival that frame is the
 * 'Loading...' screen, which then does not wait for the reads to be sent (on a slow phone, sending
 * a dozen requests is work of its own), and the reads still go out together, one frame later.
 */
export function afterNextPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(once, 0));
  // A tab opened in the background paints no frame until it is shown: its reads go out anyway.
  setTimeout(once, 100);
}

type Prefetch = (endpointName: string, arg: unknown, options: object) => Parameters<AppDispatch>[0];
/** The first reads are named by endpoint (common/firstReads.ts): one prefetch of any of them. */
const prefetch = apiSlice.util.prefetch as unknown as Prefetch;

/** The guard's two checks (every guarded screen). */
export function prefetchGuard(dispatch: AppDispatch): void {
  for (const read of guardReads()) dispatch(prefetch(read.endpointName, read.arg, {}));
}

/**
 * Every read the dashboard's panels make on arrival, with the arguments they use
 * (common/firstReads.ts: the reads the server answers into the page, the same list): today's
 * minutes, this month's records and total, the summary for today, and yesterday's summary, which
 * the streak panel needs when today's goal is not reached yet (asked for up front so it never
 * waits for today's answer). Today is the learner's (src/lib/today.ts): with their day boundary
 * as last read (useLearnerToday.ts), else from midnight, and the boundary is read beside the rest.
 */
export function prefetchDashboard({ dispatch, getState }: Pick<AppStore, 'dispatch' | 'getState'>): void {
  const boundary = apiSlice.endpoints.getDayBoundary.select()(getState()).data;
  const today = learnerToday(new Date(), boundary?.dayEndsAtHour ?? rememberedDayEndsAtHour());
  for (const read of dashboardReads(today)) dispatch(prefetch(read.endpointName, read.arg, {}));
}
