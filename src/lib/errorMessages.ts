/** The error catalogue of spec section 8: every message the SPA shows, in one place. */
import { MILESTONE_MAX_HOURS, MILESTONE_MIN_HOURS, SIGN_UP_TEXTS } from '@common/domain';
import type { ApiErrorCode } from '@common/schemas/errors';

export const ERRORS = {
  NETWORK_ERROR: 'Server unreachable, try again later',
  EMAIL_EXISTS: 'Email already in use, try another or sign in',
  SIGN_UP_ERROR: 'Error occurred during sign up',
  INVALID_CREDENTIALS: 'Incorrect email and/or password, try again',
  LOG_IN_ERROR: 'Error occured during log in',
  LOGOUT_ERROR: 'Error logging out',
  GET_LANGUAGES_ERROR: 'Error getting languages',
  GET_USER_LANGUAGE_ERROR: "Error getting user's language",
  UPDATE_LANGUAGE_ERROR: "Error updating user's language",
  GET_DAILY_GOAL_ERROR: 'Error getting daily goal',
  UPDATE_DAILY_GOAL_ERROR: 'Error updating daily goal',
  GET_PREVIOUS_HOURS_ERROR: 'Error getting previous hours',
  UPDATE_PREVIOUS_HOURS_ERROR: 'Error updating previous hours',
  GET_MONTH_TOTAL_ERROR: 'Error getting monthly total',
  GET_DAILY_TIME_ERROR: 'Error getting daily time',
  GET_ACTIVITY_ERROR: 'Error getting activity and daily times',
  GET_MILESTONES_ERROR: 'Error getting milestones',
  UPDATE_MILESTONES_ERROR: 'Error updating milestones',
  GET_OVERALL_MINUTES_ERROR: 'Error getting overall minutes',
  DELETE_USER_ERROR: 'Error deleting user',
  ADD_DAILY_TIME_ERROR: 'Error adding daily time',
  EDIT_DAILY_TIME_ERROR: 'Error editing daily time',
  UPDATING_UNSAVED_LANGUAGE_ERROR: 'Error getting unsaved language data',
  NOT_NUMBER_INPUT: 'Invalid input, please enter valid numbers',
  SAVING_CHANGES_ERROR: 'Error saving changes',
  API_URL_MISSING: 'API URL is not defined in environment variables',
  RESET_ERROR: 'Reset failed',
  HAS_CURRENT_USER_LANGUAGE_USER_ERROR: 'Error determining if user has language',
  // Not in spec 8: the calls of the contract's second edition, worded like the spec's own.
  GET_CALENDAR_SUMMARY_ERROR: 'Error getting streak',
  GET_STATS_ERROR: 'Error getting insights',
  GET_REST_DAYS_ERROR: 'Error getting rest days',
  UPDATE_REST_DAYS_ERROR: 'Error updating rest days',
  GET_DAY_BOUNDARY_ERROR: 'Error getting when your day ends',
  UPDATE_DAY_BOUNDARY_ERROR: 'Error updating when your day ends',
  IMPORT_ERROR: 'Error importing data',
  // Contract, third edition: the running timer.
  GET_TIMER_ERROR: 'Error getting timer',
  START_TIMER_ERROR: 'Error starting timer',
  STOP_TIMER_ERROR: 'Error stopping timer',
  // Contract, fourth edition: a forgotten password, and a change in Settings.
  RESET_LINK_ERROR: 'Error sending the link',
  CHANGE_PASSWORD_ERROR: 'Error changing password',
  RESET_LINK_INVALID: 'This link has expired or was already used. Ask for a new link.',
  CURRENT_PASSWORD_WRONG: 'The current password is not right, try again',
  TOO_MANY_ATTEMPTS: 'Too many attempts, wait a while and try again',
  // Contract, fourth edition: the daily reminder (Settings).
  GET_REMINDER_ERROR: 'Error getting your reminder',
  SAVE_REMINDER_ERROR: 'Error saving your reminder',
  GET_PUSH_DEVICES_ERROR: 'Error getting the devices to remind',
  GET_PUSH_KEY_ERROR: 'Error preparing this device for reminders',
  ADD_PUSH_DEVICE_ERROR: 'Error adding this device',
  REMOVE_PUSH_DEVICE_ERROR: 'Error removing the device',
  TEST_REMINDER_ERROR: 'Error sending the test reminder',
  // Contract, fourth edition: personal access tokens (Settings).
  GET_TOKENS_ERROR: 'Error getting your access tokens',
  CREATE_TOKEN_ERROR: 'Error creating the token',
  REVOKE_TOKEN_ERROR: 'Error revoking the token',
  TOKEN_PASSWORD_WRONG: 'The password is not right, try again',
  TOO_MANY_TOKENS: 'You already have 20 access tokens: revoke one you no longer use first',
  // Shown instead of sending milestones the server would refuse (INVALID_MILESTONES).
  INVALID_MILESTONES: `Level milestones must be whole hours from ${MILESTONE_MIN_HOURS} to ${MILESTONE_MAX_HOURS.toLocaleString('en-GB')}, each higher than the one before`,
} as const;

export type ErrorKey = keyof typeof ERRORS;

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
} as const satisfies Record<string, ErrorKey>;

export type CallName = keyof typeof CALL_ERRORS;

/** Validation texts of spec section 5. */
export const VALIDATION = {
  ...SIGN_UP_TEXTS,
  PASSWORDS_DIFFER: 'Passwords do not match, try again',
  CHOOSE_LANGUAGE: 'Choose a language to continue',
} as const;

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
