import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { AddDailyActivity } from '@common/api-types';
import type { Skill } from '@common/domain';
import { SKILLS, skillDailyField } from '@common/domain';
import { apiSlice } from '@/api/apiSlice';

type Dispatch = ThunkDispatch<never, unknown, UnknownAction>;

/** The skill and minutes of an add (the contract names exactly one skill per add). */
export function addedMinutes(body: AddDailyActivity): { skill: Skill; minutes: number } | undefined {
  const skill = SKILLS.find((s) => body[skillDailyField(s)] !== undefined);
  return skill ? { skill, minutes: body[skillDailyField(skill)] ?? 0 } : undefined;
}

/**
 * The optimistic display of adds not yet on the server: their minutes are added to the day's
 * minutes and to the overall progress in RTK Query's cache. Adds commute, so a patch is undone
 * by subtracting it again, whatever the cache received in between; a read that arrives fresh
 * from the server drops the patches, and `reapply` puts those of still-waiting adds back.
 */
export function optimisticPatches(dispatch: Dispatch) {
  /** Which cached reads carry which add's minutes: 'minutes:<date>' and 'progress'. */
  const applied = new Map<string, Set<string>>();

  const change = (key: string, body: AddDailyActivity, sign: 1 | -1, only?: string) => {
    const added = addedMinutes(body);
    if (!added) return;
    const delta = sign * added.minutes;
    const marks = applied.get(key) ?? new Set<string>();
    const daily = `minutes:${body.date}`;
    if (!only || only === daily) {
      if (sign === 1 || marks.has(daily)) {
        dispatch(
          apiSlice.util.updateQueryData('getDailyMinutes', body.date, (draft) => {
            draft[skillDailyField(added.skill)] += delta;
            draft.totalDailyMins = (draft.totalDailyMins ?? 0) + delta;
          }),
        );
      }
      if (sign === 1) marks.add(daily);
      else marks.delete(daily);
    }
    if (!only || only === 'progress') {
      if (sign === 1 || marks.has('progress')) {
        dispatch(
          apiSlice.util.updateQueryData('getProgress', undefined, (draft) => {
            draft[`${added.skill}OverallMins`] += delta;
            draft.totalOverallMins += delta;
          }),
        );
      }
      if (sign === 1) marks.add('progress');
      else marks.delete('progress');
    }
    if (marks.size > 0) applied.set(key, marks);
    else applied.delete(key);
  };

  return {
    apply: (key: string, body: AddDailyActivity) => change(key, body, 1),
    undo: (key: string, body: AddDailyActivity) => change(key, body, -1),
    /** The add reached the server: the refetch its tags cause shows it, no patch is left to undo. */
    forget: (key: string) => void applied.delete(key),
    /** A read came fresh from the server: no add's patch is in it any more. */
    dropped: (cache: string) => {
      for (const [key, marks] of applied) {
        marks.delete(cache);
        if (marks.size === 0) applied.delete(key);
      }
    },
    reapply: (cache: string, key: string, body: AddDailyActivity) => {
      if (!applied.get(key)?.has(cache)) change(key, body, 1, cache);
    },
  };
}

export type OptimisticPatches = ReturnType<typeof optimisticPatches>;
