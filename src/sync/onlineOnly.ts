import { useAppSelector } from '@/api/hooks';
import { selectOnline } from './syncSlice';

/**
 * Writes other than adds (past-day edits, settings, account actions) are not queued: offline,
 * their buttons read this ("Needs a connection", the key of its message) and wait, rather than failing after the tap.
 */
export const OFFLINE_ACTION = 'sync.offline.needsConnection';

export const useOnline = () => useAppSelector(selectOnline);
