/**
 * What the screens may use of the outbox (src/features/sync): a feature never imports another
 * feature, so the dashboard and the settings reach it through the app floor.
 */
export { firstAttemptOf, unwatch, whenStored } from '@/features/sync/sendOutcome';
export type { Outcome } from '@/features/sync/sendOutcome';
export { discardRequested, flushRequested } from '@/features/sync/outbox';
export { selectOnline, selectRefused, selectSignInNeeded, selectStorageVolatile, selectWaiting } from '@/features/sync/syncSlice';
export { WaitingChip, WaitingCount } from '@/features/sync/SyncStatus';
export { RefusedAdds } from '@/features/sync/RefusedAdds';
export { addedMinutes } from '@/features/sync/optimistic';
export { OFFLINE_ACTION, useOnline } from '@/features/sync/onlineOnly';
