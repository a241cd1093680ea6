/**
 * The learner's "today" (issue 28): their local calendar day, except that before `dayEndsAtHour`
 * (0 to 4, "My day ends at") the previous calendar day is still today. Every "what is today?" of
 * the app asks this one function: the add's date, the goal bar, the streak and calendar, the
 * month total, insights, the timer's split of a session into days and offline adds.
 * Hours are read from the local wall clock, so a DST change moves the boundary with the clock.
 */
import { localIsoDate } from '@common/domain';
import { learnerDate } from '@common/learnerDay';

/** The rule is common/learnerDay.ts; the device's wall clock is read from Date's local getters. */
export function learnerToday(now: Date, dayEndsAtHour = 0): string {
  return learnerDate({ date: localIsoDate(now), hour: now.getHours() }, dayEndsAtHour);
}

/** The first instant after `now` at which `learnerToday` gives the next day. */
export function nextDayStart(now: Date, dayEndsAtHour = 0): Date {
  const [y, m, d] = learnerToday(now, dayEndsAtHour).split('-').map(Number);
  // An hour a DST change skips is read as the hour after it, which is when the wall clock gets there.
  const start = new Date(y, m - 1, d + 1, dayEndsAtHour);
  return start.getTime() > now.getTime() ? start : new Date(now.getTime() + 60_000);
}

/** Timers of a hidden tab or a sleeping device are late; never wait longer than this before looking again. */
const LONGEST_WAIT_MS = 60 * 60 * 1000;
const WAKE_EVENTS = ['focus', 'pageshow'] as const;

/**
 * Calls `notify` when the learner's day may have changed: at the next boundary (a timer scheduled
 * to it), and whenever the page comes back into view, since a timer does not run on while a phone
 * sleeps. The caller compares `learnerToday` itself. Answers the function that stops watching.
 */
export function watchDayChange(dayEndsAtHour: number, notify: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    const now = new Date();
    timer = setTimeout(check, Math.min(nextDayStart(now, dayEndsAtHour).getTime() - now.getTime(), LONGEST_WAIT_MS));
  };
  const check = () => {
    notify();
    schedule();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') check();
  };
  schedule();
  document.addEventListener('visibilitychange', onVisibility);
  for (const event of WAKE_EVENTS) window.addEventListener(event, check);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
    for (const event of WAKE_EVENTS) window.removeEventListener(event, check);
  };
}
