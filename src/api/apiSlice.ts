/**
 * THE one createApi slice: every call of the spec (section 7) and the cache rules of section 4.
 * Reading the tags is reading the spec's "Refreshes after changes" list.
 */
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { API_PATHS } from '@common/apiPaths';
import { createApi, fetchBaseQuery, retry } from '@reduxjs/toolkit/query/react';
import type {
  ActivityRecord,
  AddDailyActivity,
  Credentials,
  DailyGoal,
  DailyMinutes,
  EditDailyActivity,
  EmailAnswer,
  HasLanguage,
  Language,
  MilestonesBody,
  MonthlyTotal,
  PreviousTime,
  Progress,
  SaveDailyGoal,
  UserLanguage,
} from '@common/api-types';
import type { CalendarSummary } from '@common/schemas/calendar';
import type { PasswordChange, PasswordResetAccepted, PasswordResetConfirm, PasswordResetRequest } from '@common/schemas/passwords';
import type { ImportAnswer, ImportBody } from '@common/schemas/data';
import type { DayBoundary } from '@common/schemas/dayBoundary';
import type { Preferences, PreferencesChange } from '@common/schemas/preferences';
import type { RestDays } from '@common/schemas/restDays';
import type { Stats, StatsQuery } from '@common/schemas/stats';
import type { RunningTimer, StartTimer, TimerAnswer } from '@common/schemas/timer';
import type { AccessToken, CreatedToken, CreateToken } from '@common/schemas/tokens';
import type { PushDeviceList, PushEndpointBody, PushSubscriptionBody, Reminder, TestReminderAnswer, VapidKey } from '@common/schemas/reminders';
import { apiBaseUrl } from '@/lib/apiBaseUrl';
import { endThisDevicePush, thisDevicePush } from '@/lib/devicePush';
import { monthOf, monthRange } from '@/lib/calendar';
import { retryDelayMs, retryPolicy, worthRetrying } from '@/lib/retryPolicy';

/**
 * The reads of the current language's figures: what choosing another language refreshes (spec 4
 * "Choosing a language refreshes ..."; milestones are kept per language too, spec 1, or the
 * Levels panel would show the old language's).
 */
const LANGUAGE_TAGS = [
  'UserLanguage',
  'PreviousHours',
  'DailyGoal',
  'DailyMinutes',
  'Progress',
  'Activities',
  'MonthlyTotal',
  'Milestones',
  // Contract, second edition: server-side streaks and insights.
  'CalendarSummary',
  'Stats',
] as const;

const TAGS = [
  'Auth',
  ...LANGUAGE_TAGS,
  // Contract, second edition: rest days (the account's, whatever the language).
  'RestDays',
  // Issue 28: when the learner's day ends.
  'DayBoundary',
  // Contract, third edition: the running timer, kept on the server.
  'Timer',
  // Contract, fourth edition: the daily reminder and the devices it reaches.
  'Reminder',
  // Contract, fourth edition: personal access tokens (Settings).
  'Tokens',
  // Contract, fifth edition: the app's language and the learner's zone.
  'Preferences',
] as const;

const rawBaseQuery = fetchBaseQuery({ baseUrl: apiBaseUrl(), credentials: 'include' });

/**
 * Failed reads are retried (spec 9: up to 3 times, delay doubling from 1 s, capped at 30 s).
 * An answer the server meant is final at once (`worthRetrying`, src/lib/retryPolicy.ts): retrying
 * a 401 would only keep the learner on 'Loading...'. Mutations opt out with `extraOptions: { maxRetries: 0 }`.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, { maxRetries?: number }> = retry(
  async (args: string | FetchArgs, api, extraOptions) => {
    const result = await rawBaseQuery(args, api, extraOptions);
    if (result.error && !worthRetrying(result.error)) retry.fail(result.error, result.meta);
    return result;
  },
  {
    maxRetries: retryPolicy.maxRetries,
    backoff: (attempt) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt))),
  },
);

const noRetry = { maxRetries: 0 };

/**
 * What an add or an edit on `date` changes: the day's minutes and the progress, the records and
 * the total of the day's month only, the streak summary and the insights. Their own tags, and the
 * outbox's when it learns that another tab sent an add (src/sync/reconciler.ts, triggers.ts).
 */
export const addInvalidates = (date: string) =>
  [
    'DailyMinutes',
    'Progress',
    { type: 'Activities', id: monthOf(date) },
    { type: 'MonthlyTotal', id: monthOf(date) },
    'CalendarSummary',
    'Stats',
  ] as const;
const byLanguage = (language: string) => `?language=${encodeURIComponent(language)}`;

type Tag = (typeof TAGS)[number];

/** A read of the current language's (or the account's) one answer, refreshed by its tag. */
const readCurrent = (path: string, tag: Tag) => ({ query: () => path, providesTags: [tag] });

/** A setting of one named language (Settings' sections, the level forecast): cached and refreshed per language. */
const readForLanguage = (path: string, tag: Tag) => ({
  query: (language: string) => `${path}${byLanguage(language)}`,
  providesTags: (_r: unknown, _e: unknown, language: string) => [{ type: tag, id: language }],
});

/** A setting saved as a whole (Settings): sent once, never retried behind the learner's back. */
const saveSetting = <T>(path: string, invalidates: Tag[], method: 'POST' | 'PUT' | 'DELETE' = 'POST') => ({
  query: (body: T) => ({ url: path, method, body }),
  extraOptions: noRetry,
  invalidatesTags: invalidates,
});

export const apiSlice = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAGS,
  keepUnusedDataFor: 5 * 60,
  // Only the daily minutes refetch on window focus: see useDailyMinutesQuery below.
  refetchOnFocus: false,
  endpoints: (build) => ({
    // ---- auth ----
    checkAuth: build.query<EmailAnswer, void>(readCurrent(API_PATHS.authCheck, 'Auth')),
    register: build.mutation<EmailAnswer, Credentials>({
      query: (body) => ({ url: API_PATHS.authRegister, method: 'POST', body }),
      extraOptions: noRetry,
      // A new person is signed in: nothing cached may survive from before.
      invalidatesTags: [...TAGS],
    }),
    login: build.mutation<EmailAnswer, Credentials>({
      query: (body) => ({ url: API_PATHS.authLogin, method: 'POST', body }),
      extraOptions: noRetry,
      invalidatesTags: [...TAGS],
    }),
    logout: build.mutation<void, void>({
      // Issue #42: a device that signs out is no longer reminded for that learner. Its subscription
      // leaves the server while the session still holds (a failure there does not stop the sign-out).
      async queryFn(_arg, _api, _extra, baseQuery) {
        const device = await thisDevicePush();
        if (device) {
          await baseQuery({ url: API_PATHS.pushSubscriptions, method: 'DELETE', body: { endpoint: device.endpoint } });
          await endThisDevicePush(device);
        }
        const answer = await baseQuery({ url: API_PATHS.authLogout, method: 'POST' });
        return answer.error ? { error: answer.error } : { data: undefined };
      },
      extraOptions: noRetry,
    }),
    deleteUser: build.mutation<void, void>({
      query: () => ({ url: API_PATHS.user, method: 'DELETE' }),
      extraOptions: noRetry,
    }),
    // Contract, fourth edition: nothing cached changes with a password, so none of them invalidates a tag.
    requestPasswordReset: build.mutation<PasswordResetAccepted, PasswordResetRequest>({
      query: (body) => ({ url: API_PATHS.passwordReset, method: 'POST', body }),
      extraOptions: noRetry,
    }),
    confirmPasswordReset: build.mutation<void, PasswordResetConfirm>({
      query: (body) => ({ url: API_PATHS.passwordResetConfirm, method: 'POST', body }),
      extraOptions: noRetry,
    }),
    changePassword: build.mutation<void, PasswordChange>({
      query: (body) => ({ url: API_PATHS.password, method: 'POST', body }),
      extraOptions: noRetry,
    }),

    // ---- languages ----
    getLanguages: build.query<Language[], void>({
      query: () => API_PATHS.languages,
      // The list of languages never changes while the app runs: kept forever, never refetched.
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
    getUserLanguage: build.query<UserLanguage, void>(readCurrent(API_PATHS.language, 'UserLanguage')),
    hasLanguage: build.query<HasLanguage, void>(readCurrent(API_PATHS.hasLanguage, 'UserLanguage')),
    setUserLanguage: build.mutation<UserLanguage, { name: string }>({
      query: (body) => ({ url: API_PATHS.language, method: 'POST', body }),
      extraOptions: noRetry,
      invalidatesTags: [...LANGUAGE_TAGS],
    }),

    // ---- daily goal ----
    getDailyGoal: build.query<DailyGoal, void>(readCurrent(API_PATHS.dailyGoal, 'DailyGoal')),
    /** The goal in force on a past day: the edit modal's 'Daily Goal Achieved?' box follows it. */
    getDailyGoalOn: build.query<DailyGoal, string>({
      query: (date) => `/user/daily-goal?date=${encodeURIComponent(date)}`,
      providesTags: ['DailyGoal'],
    }),
    getDailyGoalByLanguage: build.query<DailyGoal, string>(readForLanguage(API_PATHS.dailyGoalByLanguage, 'DailyGoal')),
    saveDailyGoal: build.mutation<DailyGoal, SaveDailyGoal>({
      query: (body) => ({ url: API_PATHS.dailyGoal, method: 'POST', body }),
      extraOptions: noRetry,
      // Today's achieved follows the new goal: today's month of activities and the streak.
      // A goal decides which days count as achieved, in the insights too.
      invalidatesTags: (_r, _e, { date }) => ['DailyGoal', { type: 'Activities', id: monthOf(date) }, 'CalendarSummary', 'Stats'],
    }),

    // ---- previous time ----
    getPreviousHours: build.query<PreviousTime, void>(readCurrent(API_PATHS.previousTime, 'PreviousHours')),
    getPreviousHoursByLanguage: build.query<PreviousTime, string>(readForLanguage(API_PATHS.previousTimeByLanguage, 'PreviousHours')),
    savePreviousHours: build.mutation<PreviousTime, PreviousTime>(saveSetting<PreviousTime>(API_PATHS.previousTime, ['PreviousHours', 'Progress'])),

    // ---- daily activity ----
    getDailyMinutes: build.query<DailyMinutes, string>({
      query: (date) => `${API_PATHS.dailyActivity}?date=${encodeURIComponent(date)}`,
      providesTags: (_r, _e, date) => [{ type: 'DailyMinutes', id: date }],
    }),
    /** One month of activity records ('YYYY-MM'): the calendar never asks for the whole history. */
    getMonthActivities: build.query<ActivityRecord[], string>({
      query: (month) => {
        const { from, to } = monthRange(month);
        return `${API_PATHS.dailyActivityAll}?from=${from}&to=${to}`;
      },
      providesTags: (_r, _e, month) => [{ type: 'Activities', id: month }],
    }),
    /** Sent by the outbox (src/sync) only; its key makes every retry apply at most once (contract, third edition). */
    addDailyActivity: build.mutation<ActivityRecord, AddDailyActivity & { idempotencyKey?: string; language?: string | null }>({
      // `language`: the language the add was logged in (contract, fourth edition), whatever is current when it is sent.
      query: ({ idempotencyKey, language, ...body }) => ({
        url: language ? `${API_PATHS.dailyActivity}${byLanguage(language)}` : API_PATHS.dailyActivity,
        method: 'POST',
        body,
        headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
        // A request that hangs (a black-holed network) must not hold the outbox: it is sent again with its key.
        timeout: 15_000,
      }),
      extraOptions: noRetry,
      invalidatesTags: (_r, _e, { date }) => addInvalidates(date),
    }),
    editDailyActivity: build.mutation<ActivityRecord, EditDailyActivity & { language?: string | null }>({
      // `language`: the language the dialog was opened in (contract, fourth edition), whatever another device made current since.
      query: ({ language, ...body }) => ({ url: language ? `${API_PATHS.dailyActivity}${byLanguage(language)}` : API_PATHS.dailyActivity, method: 'PATCH', body }),
      extraOptions: noRetry,
      // Spec 4 lists daily minutes, activities and progress. An edit also changes the month's
      // total shown beside the calendar, so that is refreshed too rather than left stale: as an add.
      invalidatesTags: (_r, _e, { date }) => addInvalidates(date),
    }),

    // ---- milestones ----
    getMilestones: build.query<MilestonesBody, void>(readCurrent(API_PATHS.milestones, 'Milestones')),
    getMilestonesByLanguage: build.query<MilestonesBody, string>(readForLanguage(API_PATHS.milestonesByLanguage, 'Milestones')),
    saveMilestones: build.mutation<MilestonesBody, MilestonesBody>(saveSetting<MilestonesBody>(API_PATHS.milestones, ['Milestones', 'Progress'])),

    // ---- progress and totals ----
    getProgress: build.query<Progress, void>(readCurrent(API_PATHS.progress, 'Progress')),
    /** The total of one month ('YYYY-MM'); the server takes any day of it as `today`. */
    getMonthTotal: build.query<MonthlyTotal, string>({
      query: (month) => `${API_PATHS.calendarMonthTotal}?today=${monthRange(month).from}`,
      providesTags: (_r, _e, month) => [{ type: 'MonthlyTotal', id: month }],
    }),
    getCalendarSummary: build.query<CalendarSummary, string>({
      query: (today) => `${API_PATHS.calendarSummary}?today=${encodeURIComponent(today)}`,
      providesTags: ['CalendarSummary'],
    }),

    // ---- insights ----
    getStats: build.query<Stats, StatsQuery>({
      query: ({ from, to, bucket }) => `${API_PATHS.stats}?from=${from}&to=${to}&bucket=${bucket}`,
      providesTags: ['Stats'],
    }),

    // ---- rest days ----
    getRestDays: build.query<RestDays, void>(readCurrent(API_PATHS.restDays, 'RestDays')),
    // Rest days change which runs count: the streak figures are recomputed.
    saveRestDays: build.mutation<RestDays, RestDays>(saveSetting<RestDays>(API_PATHS.restDays, ['RestDays', 'CalendarSummary', 'Stats'])),

    // ---- "my day ends at": a new boundary gives a new today, whose reads follow from their arguments ----
    getDayBoundary: build.query<DayBoundary, void>(readCurrent(API_PATHS.dayBoundary, 'DayBoundary')),

    // ---- the app in the learner's language (contract, fifth edition) ----
    /** Either field or both; answers the saved value (the app sends, and never needs to read, them). */
    savePreferences: build.mutation<Preferences, PreferencesChange>(saveSetting<PreferencesChange>(API_PATHS.preferences, ['Preferences'], 'PUT')),
    saveDayBoundary: build.mutation<DayBoundary, DayBoundary>(saveSetting<DayBoundary>(API_PATHS.dayBoundary, ['DayBoundary'])),

    // ---- the running timer (contract, third edition) ----
    getTimer: build.query<TimerAnswer, void>(readCurrent(API_PATHS.timer, 'Timer')),
    /** A retry with the same id starts nothing new; another running timer is 409 TIMER_RUNNING. */
    startTimer: build.mutation<TimerAnswer, StartTimer & { language?: string | null }>({
      query: ({ language, ...body }) => ({ url: language ? `${API_PATHS.timer}${byLanguage(language)}` : API_PATHS.timer, method: 'PUT', body }),
      extraOptions: noRetry,
      invalidatesTags: ['Timer'],
    }),
    /** Stopping twice is harmless (204). The minutes went ahead as keyed adds (addRequested). */
    stopTimer: build.mutation<void, Pick<RunningTimer, 'id'>>({
      query: ({ id }) => ({ url: `${API_PATHS.timer}/${encodeURIComponent(id)}`, method: 'DELETE' }),
      extraOptions: noRetry,
      invalidatesTags: ['Timer'],
    }),

    // ---- the daily reminder (contract, fourth edition): its settings and devices share one tag ----
    getPushKey: build.query<VapidKey, void>({
      query: () => API_PATHS.pushKey,
    }),
    getReminder: build.query<Reminder, void>(readCurrent(API_PATHS.reminder, 'Reminder')),
    saveReminder: build.mutation<Reminder, Reminder>(saveSetting<Reminder>(API_PATHS.reminder, ['Reminder'], 'PUT')),
    getPushDevices: build.query<PushDeviceList, void>(readCurrent(API_PATHS.pushSubscriptions, 'Reminder')),
    addPushDevice: build.mutation<void, PushSubscriptionBody>(saveSetting<PushSubscriptionBody>(API_PATHS.pushSubscriptions, ['Reminder'])),
    removePushDevice: build.mutation<void, PushEndpointBody>(saveSetting<PushEndpointBody>(API_PATHS.pushSubscriptions, ['Reminder'], 'DELETE')),
    /** A device the push service calls gone (404/410) is removed by the server: the list is read again. */
    sendTestReminder: build.mutation<TestReminderAnswer, PushEndpointBody>({
      query: (body) => ({ url: API_PATHS.reminderTest, method: 'POST', body }),
      extraOptions: noRetry,
      invalidatesTags: (answer) => (answer?.result === 'gone' ? ['Reminder'] : []),
    }),

    // ---- personal access tokens: a use by a tool moves lastUsedAt, so the list is read again on each visit ----
    getAccessTokens: build.query<AccessToken[], void>({
      query: () => API_PATHS.tokens,
      providesTags: ['Tokens'],
      keepUnusedDataFor: 0,
    }),
    createAccessToken: build.mutation<CreatedToken, CreateToken>({
      query: (body) => ({ url: API_PATHS.tokens, method: 'POST', body }),
      extraOptions: noRetry,
      invalidatesTags: (answer) => (answer ? ['Tokens'] : []),
    }),
    revokeAccessToken: build.mutation<void, string>({
      query: (id) => ({ url: `${API_PATHS.tokens}/${encodeURIComponent(id)}`, method: 'DELETE' }),
      extraOptions: noRetry,
      invalidatesTags: ['Tokens'],
    }),

    // ---- your data (the export is a plain download link, not a cached read) ----
    importData: build.mutation<ImportAnswer, ImportBody>({
      query: (body) => ({ url: API_PATHS.import, method: 'POST', body }),
      extraOptions: noRetry,
      // An import can change any language's days, goals, milestones and rest days: every read is refreshed.
      invalidatesTags: (answer) => (answer && !answer.dryRun ? [...TAGS] : []),
    }),
  }),
});

export const {
  useCheckAuthQuery,
  useSavePreferencesMutation,
  useRegisterMutation,
  useLoginMutation,
  useLogoutMutation,
  useDeleteUserMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
  useChangePasswordMutation,
  useGetLanguagesQuery,
  useGetUserLanguageQuery,
  useHasLanguageQuery,
  useSetUserLanguageMutation,
  useGetDailyGoalQuery,
  useGetDailyGoalOnQuery,
  useGetDailyGoalByLanguageQuery,
  useSaveDailyGoalMutation,
  useGetPreviousHoursQuery,
  useGetPreviousHoursByLanguageQuery,
  useSavePreviousHoursMutation,
  useGetMonthActivitiesQuery,
  useAddDailyActivityMutation,
  useEditDailyActivityMutation,
  useGetMilestonesQuery,
  useGetMilestonesByLanguageQuery,
  useSaveMilestonesMutation,
  useGetProgressQuery,
  useGetMonthTotalQuery,
  useGetCalendarSummaryQuery,
  useGetStatsQuery,
  useGetRestDaysQuery,
  useSaveRestDaysMutation,
  useGetDayBoundaryQuery,
  useSaveDayBoundaryMutation,
  useImportDataMutation,
  useStartTimerMutation,
  useStopTimerMutation,
  useGetReminderQuery,
  useSaveReminderMutation,
  useGetPushDevicesQuery,
  useLazyGetPushKeyQuery,
  useAddPushDeviceMutation,
  useRemovePushDeviceMutation,
  useSendTestReminderMutation,
  useGetAccessTokensQuery,
  useCreateAccessTokenMutation,
  useRevokeAccessTokenMutation,
} = apiSlice;

/** The daily minutes are the one read refetched when the window regains focus (spec 4). */
export const useDailyMinutesQuery = (date: string) =>
  apiSlice.useGetDailyMinutesQuery(date, { refetchOnFocus: true });

/**
 * The running timer: refetched on focus, on reconnect and every minute while the page is seen,
 * so a timer started or stopped on another device shows here within one refetch.
 */
export const useRunningTimerQuery = () =>
  apiSlice.useGetTimerQuery(undefined, {
    refetchOnFocus: true,
    refetchOnReconnect: true,
    pollingInterval: 60_000,
    skipPollingIfUnfocused: true,
  });
