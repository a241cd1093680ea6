import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { connectivityChanged } from './syncSlice';

const CHANNEL = 'lingualog-outbox';

export interface Triggers {
  /** Tells the other tabs that the outbox changed, so they read it again instead of waiting for focus. */
  announce: () => void;
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
  channel?.addEventListener('message', flush);
  dispatch(connectivityChanged(navigator.onLine !== false));
  return {
    announce: () => channel?.postMessage('changed'),
    stop: () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('focus', flush);
      document.removeEventListener('visibilitychange', visible);
      channel?.close();
    },
  };
}
