import { useAppSelector } from '@/api/hooks';
import { selectOnline } from './syncSlice';

/**
 * Writes other than adds (past-day edits, settings, account actions) are not queued: offline,
 * their buttons read this and wait, rather than failing after the tap.
 */
export const OFFLINE_ACTION = 'Needs a connection';

export const useOnline = () => useAppSelector(selectOnline);
