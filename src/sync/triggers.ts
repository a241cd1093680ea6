import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { addInvalidates, apiSlice } from '@/api/apiSlice';
import { connectivityChanged } from './syncSlice';

const CHANNEL = 'lingualog-outbox';

export interface Triggers {
  /**
   * Tells the other tabs that the outbox changed, so they read it again instead of waiting for
   * focus, and the days of the adds this tab sent, so their reads of those days refresh: a tab
   * that never saw an add waiting (sent within moments of its tap) has nothing else to go on.
   */
  announce: (sentDates?: Iterable<string>) => void;
  stop: () => void;
}

/**
 * The moments a waiting add may go out: the network is back, the learner returns to the tab,
 * or another tab changed the outbox (a channel never hears its own messages, so no echo).
 */
export function watchTriggers(dispatch: Dispatch<UnknownAction>, flush: () => void): Triggers {
  const online = () => {
    dispatch(connectivityChanged(true));
    flush();
  };
  const offline = () => dispatch(connectivityChanged(false));
  const visible = () => {
    if (document.visibilityState === 'visible') flush();
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  window.addEventListener('focus', flush);
  document.addEventListener('visibilitychange', visible);
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);
  channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
    const dates = sentDatesOf(event.data);
    if (dates.length > 0) dispatch(apiSlice.util.invalidateTags(dates.flatMap((date) => [...addInvalidates(date)])));
    flush();
  });
  dispatch(connectivityChanged(navigator.onLine !== false));
  return {
    announce: (sentDates = []) => channel?.postMessage({ sent: [...new Set(sentDates)] } satisfies Announcement),
    stop: () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('focus', flush);
      document.removeEventListener('visibilitychange', visible);
      channel?.close();
    },
  };
}

/** What a tab tells the others (a tab of an earlier build sends the bare string 'changed'). */
interface Announcement {
  sent: string[];
}

function sentDatesOf(data: unknown): string[] {
  if (typeof data !== 'object' || data === null || !Array.isArray((data as Announcement).sent)) return [];
  return (data as Announcement).sent.filter((date): date is string => typeof date === 'string');
}
