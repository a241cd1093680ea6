/**
 * The error catalogue of spec section 8: every message the SPA shows, in one place. The texts are
 * in the catalogues (common/locales/<tag>/errors.json, key `errors.<KEY>`; English, the spec's
 * words, is the source): `ERRORS.KEY` reads the active locale's text each time.
 */
import { MAX_TOKENS_PER_LEARNER } from '@common/schemas/tokens';
import { EMAIL_MAX_LENGTH, MILESTONE_MAX_HOURS, MILESTONE_MIN_HOURS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@common/domain';
import type { ApiErrorCode } from '@common/schemas/errors';
import { t, type MessageValues } from '@/i18n/i18n';

const ERROR_KEYS = [
  'NETWORK_ERROR', 'EMAIL_EXISTS', 'SIGN_UP_ERROR', 'INVALID_CREDENTIALS', 'LOG_IN_ERROR', 'LOGOUT_ERROR',
  'GET_LANGUAGES_ERROR', 'GET_USER_LANGUAGE_ERROR', 'UPDATE_LANGUAGE_ERROR', 'GET_DAILY_GOAL_ERROR',
  'UPDATE_DAILY_GOAL_ERROR', 'GET_PREVIOUS_HOURS_ERROR', 'UPDATE_PREVIOUS_HOURS_ERROR', 'GET_MONTH_TOTAL_ERROR',
  'GET_DAILY_TIME_ERROR', 'GET_ACTIVITY_ERROR', 'GET_MILESTONES_ERROR', 'UPDATE_MILESTONES_ERROR',
  'GET_OVERALL_MINUTES_ERROR', 'DELETE_USER_ERROR', 'ADD_DAILY_TIME_ERROR', 'EDIT_DAILY_TIME_ERROR',
  'UPDATING_UNSAVED_LANGUAGE_ERROR', 'NOT_NUMBER_INPUT', 'SAVING_CHANGES_ERROR', 'API_URL_MISSING', 'RESET_ERROR',
  'HAS_CURRENT_USER_LANGUAGE_USER_ERROR',
  // Not in spec 8: the calls of the contract's second edition, worded like the spec's own.
  'GET_CALENDAR_SUMMARY_ERROR', 'GET_STATS_ERROR', 'GET_REST_DAYS_ERROR', 'UPDATE_REST_DAYS_ERROR',
  'GET_DAY_BOUNDARY_ERROR', 'UPDATE_DAY_BOUNDARY_ERROR', 'IMPORT_ERROR',
  // Contract, third edition: the running timer.
  'GET_TIMER_ERROR', 'START_TIMER_ERROR', 'STOP_TIMER_ERROR',
  // Contract, fourth edition: a forgotten password, and a change in Settings.
  'RESET_LINK_ERROR', 'CHANGE_PASSWORD_ERROR', 'RESET_LINK_INVALID', 'CURRENT_PASSWORD_WRONG', 'TOO_MANY_ATTEMPTS',
  // Contract, fourth edition: the daily reminder (Settings).
  'GET_REMINDER_ERROR', 'SAVE_REMINDER_ERROR', 'GET_PUSH_DEVICES_ERROR', 'GET_PUSH_KEY_ERROR', 'ADD_PUSH_DEVICE_ERROR',
  'REMOVE_PUSH_DEVICE_ERROR', 'TEST_REMINDER_ERROR',
  // Contract, fourth edition: personal access tokens (Settings).
  'GET_TOKENS_ERROR', 'CREATE_TOKEN_ERROR', 'REVOKE_TOKEN_ERROR', 'TOKEN_PASSWORD_WRONG', 'TOO_MANY_TOKENS',
  // Shown instead of sending milestones the server would refuse (INVALID_MILESTONES).
  'INVALID_MILESTONES',
] as const;

/** Validation texts of spec section 5, and the server's common-password rule the form shows. */
const VALIDATION_KEYS = [
  'EMPTY_CREDENTIALS', 'EMAIL_TOO_LONG', 'PASSWORD_LENGTH', 'INVALID_EMAIL', 'PASSWORDS_DIFFER', 'CHOOSE_LANGUAGE', 'COMMON_PASSWORD',
] as const;

/** The numbers some texts name. */
const VALUES: Record<string, MessageValues> = {
  TOO_MANY_TOKENS: { max: MAX_TOKENS_PER_LEARNER },
  INVALID_MILESTONES: { min: MILESTONE_MIN_HOURS, max: MILESTONE_MAX_HOURS },
  EMAIL_TOO_LONG: { max: EMAIL_MAX_LENGTH },
  PASSWORD_LENGTH: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
};

/** An object whose every key reads `errors.<KEY>` of the active locale when read. */
function catalogueTexts<K extends string>(keys: readonly K[]): Readonly<Record<K, string>> {
  const texts = {} as Record<K, string>;
  for (const key of keys) Object.defineProperty(texts, key, { enumerable: true, get: () => t(`errors.${key}`, VALUES[key]) });
  return texts;
}

export const ERRORS = catalogueTexts(ERROR_KEYS);

export type ErrorKey = (typeof ERROR_KEYS)[number];

/**
 * THE table of failed calls: for each call of spec 7 (by its RTK Query endpoint), the message an
 * error answer shows. A network failure shows NETWORK_ERROR whatever the call (spec 7). Sign-up
 * and sign-in pick among several messages themselves (EMAIL_EXISTS, any answer = wrong password).
 * The auth check has none: an error answer there means "signed out", not a failure.
 */
export const CALL_ERRORS = {
  register: 'SIGN_UP_ERROR',
  login: 'LOG_IN_ERROR',
  logout: 'LOGOUT_ERROR',
  deleteUser: 'DELETE_USER_ERROR',
  getLanguages: 'GET_LANGUAGES_ERROR',
  getUserLanguage: 'GET_USER_LANGUAGE_ERROR',
  hasLanguage: 'HAS_CURRENT_USER_LANGUAGE_USER_ERROR',
  setUserLanguage: 'UPDATE_LANGUAGE_ERROR',
  getDailyGoal: 'GET_DAILY_GOAL_ERROR',
  // The by-language reads only serve the settings draft of another language (spec 4).
  getDailyGoalByLanguage: 'UPDATING_UNSAVED_LANGUAGE_ERROR',
  // Shown nowhere: without it the edit modal's 'Daily Goal Achieved?' box keeps the saved answer.
  getDailyGoalOn: 'GET_DAILY_GOAL_ERROR',
  saveDailyGoal: 'UPDATE_DAILY_GOAL_ERROR',
  getPreviousHours: 'GET_PREVIOUS_HOURS_ERROR',
  getPreviousHoursByLanguage: 'UPDATING_UNSAVED_LANGUAGE_ERROR',
  savePreviousHours: 'UPDATE_PREVIOUS_HOURS_ERROR',
  getDailyMinutes: 'GET_DAILY_TIME_ERROR',
  getMonthActivities: 'GET_ACTIVITY_ERROR',
  addDailyActivity: 'ADD_DAILY_TIME_ERROR',
  editDailyActivity: 'EDIT_DAILY_TIME_ERROR',
  getMilestones: 'GET_MILESTONES_ERROR',
  getMilestonesByLanguage: 'UPDATING_UNSAVED_LANGUAGE_ERROR',
  saveMilestones: 'UPDATE_MILESTONES_ERROR',
  getProgress: 'GET_OVERALL_MINUTES_ERROR',
  getMonthTotal: 'GET_MONTH_TOTAL_ERROR',
  getCalendarSummary: 'GET_CALENDAR_SUMMARY_ERROR',
  getStats: 'GET_STATS_ERROR',
  getRestDays: 'GET_REST_DAYS_ERROR',
  saveRestDays: 'UPDATE_REST_DAYS_ERROR',
  // The dashboard counts days from midnight while this read fails; Settings says so.
  getDayBoundary: 'GET_DAY_BOUNDARY_ERROR',
  saveDayBoundary: 'UPDATE_DAY_BOUNDARY_ERROR',
  // A refusal the server explains (its problems by line, a 4xx message) is shown in the server's words.
  importData: 'IMPORT_ERROR',
  getTimer: 'GET_TIMER_ERROR',
  // A start or stop that got no answer is kept on this device and sent again (src/features/timer).
  startTimer: 'START_TIMER_ERROR',
  stopTimer: 'STOP_TIMER_ERROR',
  // The forms pick other messages themselves for a refusal they can explain (an expired link, a wrong current password).
  requestPasswordReset: 'RESET_LINK_ERROR',
  confirmPasswordReset: 'CHANGE_PASSWORD_ERROR',
  changePassword: 'CHANGE_PASSWORD_ERROR',
  getReminder: 'GET_REMINDER_ERROR',
  saveReminder: 'SAVE_REMINDER_ERROR',
  getPushDevices: 'GET_PUSH_DEVICES_ERROR',
  getPushKey: 'GET_PUSH_KEY_ERROR',
  addPushDevice: 'ADD_PUSH_DEVICE_ERROR',
  removePushDevice: 'REMOVE_PUSH_DEVICE_ERROR',
  sendTestReminder: 'TEST_REMINDER_ERROR',
  // Creating one picks other messages itself for a refusal it can explain (a wrong password, too many tokens).
  getAccessTokens: 'GET_TOKENS_ERROR',
  createAccessToken: 'CREATE_TOKEN_ERROR',
  revokeAccessToken: 'REVOKE_TOKEN_ERROR',
  // Contract, fifth edition: the App language (Settings); the zone sent at sign-in fails silently.
  savePreferences: 'SAVING_CHANGES_ERROR',
} as const satisfies Record<string, ErrorKey>;

export type CallName = keyof typeof CALL_ERRORS;

/** Validation texts of spec section 5, in the active locale. */
export const VALIDATION = catalogueTexts(VALIDATION_KEYS);

/** Server error codes whose own message is shown to the learner as it is (spec 8). */
const SERVER_MESSAGE_CODES = new Set<string>(['DAILY_TIME_EXCEEDED', 'TOTAL_DAILY_TIME_EXCEEDED'] satisfies ApiErrorCode[]);

interface ErrorLike {
  status?: unknown;
  data?: unknown;
}

function bodyOf(error: unknown): { error?: unknown; message?: unknown } | undefined {
  const data = (error as ErrorLike | undefined)?.data;
  return data && typeof data === 'object' ? (data as { error?: unknown; message?: unknown }) : undefined;
}

/** True when the request never got an answer (server down, offline, CORS refusal). */
export function isNetworkError(error: unknown): boolean {
  const status = (error as ErrorLike | undefined)?.status;
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
}

/** The `error` code of a server answer, if any. */
export function serverErrorCode(error: unknown): ApiErrorCode | undefined {
  const code = bodyOf(error)?.error;
  return typeof code === 'string' ? (code as ApiErrorCode) : undefined;
}

/** True for a failure the server answered (any HTTP status), as opposed to no answer or a broken one. */
export function isErrorAnswer(error: unknown): boolean {
  return typeof (error as ErrorLike | undefined)?.status === 'number';
}

/** True for a 5xx answer: the server failed, the request may be fine. */
export function isServerFault(error: unknown): boolean {
  const status = (error as ErrorLike | undefined)?.status;
  return typeof status === 'number' && status >= 500;
}

/** The message for a failed call named in CALL_ERRORS (`endpointName` of an RTK Query result). */
export function callFailureMessage(call: string | undefined, error: unknown): string {
  const key: ErrorKey = call && call in CALL_ERRORS ? CALL_ERRORS[call as CallName] : 'SAVING_CHANGES_ERROR';
  return messageFor(error, key);
}

/**
 * A settings save step: an answer or a network failure has its own message; anything else (a
 * broken answer, an exception) is covered by none of them and reads 'Error saving changes'.
 */
export function saveFailureMessage(error: unknown, key: ErrorKey): string {
  if (isNetworkError(error) || isErrorAnswer(error)) return messageFor(error, key);
  return ERRORS.SAVING_CHANGES_ERROR;
}

/**
 * A refusal of an add (issue #39, item 8): a 4xx the server explains (its `message`) is shown in
 * the server's words, as the README says; anything else as messageFor.
 */
export function refusalMessage(error: unknown, fallback: ErrorKey): string {
  const status = (error as ErrorLike | undefined)?.status;
  const message = bodyOf(error)?.message;
  const explained = typeof status === 'number' && status >= 400 && status < 500 && status !== 401;
  return explained && typeof message === 'string' && message.trim() !== '' ? message : messageFor(error, fallback);
}

/**
 * The message to show for a failed call: a network failure always wins (spec 7), then the
 * server's own message for the daily-limit codes, else the catalogue entry `fallback`.
 */
export function messageFor(error: unknown, fallback: ErrorKey): string {
  if (isNetworkError(error)) return ERRORS.NETWORK_ERROR;
  const body = bodyOf(error);
  if (typeof body?.error === 'string' && SERVER_MESSAGE_CODES.has(body.error) && typeof body.message === 'string') {
    return body.message;
  }
  return ERRORS[fallback];
}
