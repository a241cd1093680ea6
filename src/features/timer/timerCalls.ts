import { t } from '@/i18n/i18n';
import type { DailyMinutes } from '@common/api-types';
import type { Skill } from '@common/domain';
import { skillDailyField } from '@common/domain';
import { apiSlice } from '@/api/apiSlice';
import type { AppDispatch, RootState } from '@/api/storeTypes';
import { refusalMessage, serverErrorCode } from '@/lib/errorMessages';
import { formatLongDate } from '@/lib/calendar';
import { addQueued, timerCallQueued } from '@/sync';
import { SKILL_NAMES } from '@/lib/skills';
import { formatHoursMinutesLong } from '@/lib/time';
import { capToDailyLimits, splitByLocalDay } from '@/lib/timerSpan';
import { learnerToday } from '@/lib/today';
import { rememberedDayEndsAtHour } from '@/api/useLearnerToday';
import { DEFAULT_DAY_ENDS_AT_HOUR } from '@common/schemas/dayBoundary';
import type { RunningTimer } from '@common/schemas/timer';
import { callFailed, noteShown, startTapped, timerStopped } from './timerSlice';

/**
 * The timer's start and stop go through the outbox (src/sync), in turn with the adds: kept on the
 * device, sent oldest first (a stop after the adds of its minutes, a start after the stop before
 * it), again when the network returns; what the server answers is said by the bar (timerSlice.ts).
 */
type Thunk<R = void> = (dispatch: AppDispatch, getState: () => RootState) => Promise<R>;

/** Starts a timer for `skill` at the instant of the tap; resolves at the start's first answer (or none, offline). */
export const startTimerFor =
  (skill: Skill): Thunk =>
  async (dispatch, getState) => {
    // It runs in the language the dashboard shows, whatever another device makes current meanwhile.
    const language = apiSlice.endpoints.getUserLanguage.select()(getState()).data?.name ?? null;
    dispatch(startTapped());
    const { answered } = dispatch(timerCallQueued({ type: 'start', id: crypto.randomUUID(), skill, startedAt: new Date().toISOString(), language }));
    await answered;
  };

/** The minutes each day already holds, when this device can know them (fresh when online). */
async function minutesOnDays(dispatch: AppDispatch, getState: () => RootState, dates: string[]) {
  const known: Record<string, DailyMinutes | undefined> = {};
  for (const date of dates) {
    if (navigator.onLine) {
      const fresh = await dispatch(apiSlice.endpoints.getDailyMinutes.initiate(date, { forceRefetch: true, subscribe: false }));
      known[date] = fresh.data;
    }
    known[date] ??= apiSlice.endpoints.getDailyMinutes.select(date)(getState()).data;
  }
  return known;
}

/** The stop's note: "will be added" until the server accepted the minutes, "added" once it has. */
function stopNote(skill: Skill, added: number, left: number, discarded: boolean, accepted: boolean): string {
  if (discarded) return t('timer.note.discarded', { skill: SKILL_NAMES[skill] });
  if (added === 0 && left === 0) return t('timer.note.underMinute');
  const what = { duration: formatHoursMinutesLong(added), skill: SKILL_NAMES[skill] };
  const addedText = added === 0 ? t('timer.note.nothingAdded') : accepted ? t('timer.note.added', what) : t('timer.note.willBeAdded', what);
  if (left <= 0) return addedText;
  return t('timer.note.withLeftOut', { added: addedText, leftOut: t('timer.note.leftOut', { duration: formatHoursMinutesLong(left) }) });
}

/** A second stop of a timer another device stopped first: the day as the server holds it, never a failure. */
function stoppedElsewhereNote(skill: Skill, days: { date: string; minutes?: DailyMinutes }[]): string {
  const held = days.map(({ date, minutes }) =>
    minutes
      ? t('timer.note.dayHolds', { date: formatLongDate(date), duration: formatHoursMinutesLong(minutes[skillDailyField(skill)]), skill: SKILL_NAMES[skill] })
      : formatLongDate(date),
  );
  return t('timer.note.stoppedElsewhere', { skill: SKILL_NAMES[skill], days: held.join('; ') });
}

/**
 * Stops `timer` at `end`: its whole minutes per local day become keyed adds (`<id>:<date>`) that
 * the outbox sends exactly once, capped to each day's limits, then the timer is deleted. A stop
 * repeated here or on another device names the same keys, so the server adds nothing twice.
 */
export const stopTimerAt =
  (timer: Pick<RunningTimer, 'id' | 'skill' | 'startedAt'> & { language?: string | null }, end: number | 'discard'): Thunk =>
  async (dispatch, getState) => {
    const dayEndsAtHour = rememberedDayEndsAtHour() ?? DEFAULT_DAY_ENDS_AT_HOUR;
    const shares = end === 'discard' ? [] : splitByLocalDay(Date.parse(timer.startedAt), end, dayEndsAtHour);
    const current = await minutesOnDays(dispatch, getState, shares.map((s) => s.date));
    const { adds, left } = capToDailyLimits(shares, timer.skill, current, learnerToday(new Date(), dayEndsAtHour));
    // The timer's minutes land in the timer's language (the server's timer names it).
    const language = timer.language ?? apiSlice.endpoints.getUserLanguage.select()(getState()).data?.name ?? null;
    const sent = adds.map(({ date, minutes }) => {
      const key = `${timer.id}:${date}`;
      const { stored: kept, answered } = dispatch(addQueued({ key, body: { date, [skillDailyField(timer.skill)]: minutes }, origin: 'timer', language }));
      return { date, kept, answered };
    });
    // The minutes are kept on this device before the timer is deleted: a closed tab loses neither.
    await Promise.all(sent.map((s) => s.kept));
    const total = (list: { minutes: number }[]) => list.reduce((sum, s) => sum + s.minutes, 0);
    const note = (accepted: boolean) => stopNote(timer.skill, total(adds), total(left), end === 'discard', accepted);
    dispatch(timerStopped({ note: note(false) }));
    // The timer is deleted after its adds (the outbox sends in creation order); until then this device shows it stopped.
    const stopped = dispatch(timerCallQueued({ type: 'stop', id: timer.id })).answered;
    if (sent.length === 0) {
      await stopped;
      return;
    }
    const outcomes = await Promise.all(sent.map((s) => s.answered));
    if (outcomes.every((o) => o.kind === 'synced')) {
      dispatch(noteShown(note(true)));
      return;
    }
    const elsewhere = outcomes.some((o) => o.kind === 'refused' && serverErrorCode(o.error) === 'IDEMPOTENCY_KEY_REUSED');
    if (elsewhere) {
      const days = await Promise.all(
        sent.map(async ({ date }) => {
          const fresh = await dispatch(apiSlice.endpoints.getDailyMinutes.initiate(date, { forceRefetch: true, subscribe: false }));
          return { date, minutes: fresh.data };
        }),
      );
      dispatch(noteShown(stoppedElsewhereNote(timer.skill, days)));
      return;
    }
    const refusal = outcomes.find((o) => o.kind === 'refused');
    if (refusal && refusal.kind === 'refused') dispatch(callFailed(refusalMessage(refusal.error, 'ADD_DAILY_TIME_ERROR')));
  };
