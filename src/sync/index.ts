/**
 * What the screens may use of the outbox: the core floor's public face, imported as `@/sync` by
 * the dashboard, the settings, the insights and the timer.
 */
export type { Outcome } from '@/sync/outcomes';
export type { TimerCall } from '@/sync/outboxRequests';
export { timerCallAnswered } from '@/sync/outboxRequests';
export { addQueued, addTime, addUnwatched, discardRequested, flushRequested, timerCallQueued } from '@/sync/outbox';
export { selectOnline, selectRefused, selectSignInNeeded, selectStorageVolatile, selectTimerCalls, selectWaiting } from '@/sync/syncSlice';
export { WaitingChip, WaitingCount } from '@/sync/SyncStatus';
export { RefusedAdds } from '@/sync/RefusedAdds';
export { addedMinutes } from '@/sync/optimistic';
export { OFFLINE_ACTION, useOnline } from '@/sync/onlineOnly';
