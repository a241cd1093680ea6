/**
 * THE one createApi slice: every call of the spec (section 7) and the cache rules of section 4.
 * Reading the tags is reading the spec's "Refreshes after changes" list.
 */
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
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
import type { ImportAnswer, ImportBody } from '@common/schemas/data';
import type { RestDays } from '@common/schemas/restDays';
import type { Stats, StatsQuery } from '@common/schemas/stats';
import { apiBaseUrl } from '@/lib/apiBaseUrl';
import { monthOf, monthRange } from '@/lib/calendar';
import { retryDelayMs, retryPolicy } from '@/lib/retryPolicy';

const TAGS = [
  'Auth',
  'UserLanguage',
  'DailyGoal',
  'PreviousHours',
  'DailyMinutes',
  'Progress',
  'Activities',
  'MonthlyTotal',
  'Milestones',
  // Contract, second edition: server-side streaks, insights and rest days.
  'CalendarSummary',
  'Stats',
  'RestDays',
] as const;

const rawBaseQuery = fetchBaseQuery({ baseUrl: apiBaseUrl(), credentials: 'include' });

/**
 * Failed reads are retried (spec 9: up to 3 times, delay doubling from 1 s, capped at 30 s).
 * An answer the server meant (any 4xx) is final at once: retrying a 401 would only keep the
 * learner on 'Loading...'. Mutations opt out with `extraOptions: { maxRetries: 0 }`.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, { maxRetries?: number }> = retry(
  async (args: string | FetchArgs, api, extraOptions) => {
    const result = await rawBaseQuery(args, api, extraOptions);
    const status = result.error?.status;
    if (typeof status === 'number' && status < 500) retry.fail(result.error, result.meta);
    return result;
  },
  {
    maxRetries: retryPolicy.maxRetries,
    backoff: (attempt) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt))),
  },
);

const noRetry = { maxRetries: 0 };
const byLanguage = (language: string) => `?language=${encodeURIComponent(language)}`;

export const apiSlice = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAGS,
  keepUnusedDataFor: 5 * 60,
  // Only the daily minutes refetch on window focus: see useDailyMinutesQuery below.
  refetchOnFocus: false,
  endpoints: (build) => ({
    // ---- auth ----
    checkAuth: build.query<EmailAnswer, void>({
      query: () => '/auth/check',
      providesTags: ['Auth'],
    }),
    register: build.mutation<EmailAnswer, Credentials>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      extraOptions: noRetry,
      // A new person is signed in: nothing cached may survive from before.
      invalidatesTags: [...TAGS],
    }),
    login: build.mutation<EmailAnswer, Credentials>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      extraOptions: noRetry,
      invalidatesTags: [...TAGS],
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      extraOptions: noRetry,
    }),
    deleteUser: build.mutation<void, void>({
      query: () => ({ url: '/user', method: 'DELETE' }),
      extraOptions: noRetry,
    }),

    // ---- languages ----
    getLanguages: build.query<Language[], void>({
      query: () => '/languages',
      // The list of languages never changes while the app runs: kept forever, never refetched.
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
    getUserLanguage: build.query<UserLanguage, void>({
      query: () => '/user/language',
      providesTags: ['UserLanguage'],
    }),
    hasLanguage: build.query<HasLanguage, void>({
      query: () => '/user/has-language',
      providesTags: ['UserLanguage'],
    }),
    setUserLanguage: build.mutation<UserLanguage, { name: string }>({
      query: (body) => ({ url: '/user/language', method: 'POST', body }),
      extraOptions: noRetry,
      // Spec 4 "Choosing a language refreshes ...". Milestones are kept per language too
      // (spec 1), so they are refreshed as well or the Levels panel would show the old language's.
      invalidatesTags: [
        'UserLanguage',
        'PreviousHours',
        'DailyGoal',
        'DailyMinutes',
        'Progress',
        'Activities',
        'MonthlyTotal',
        'Milestones',
        'CalendarSummary',
      ],
    }),

    // ---- daily goal ----
    getDailyGoal: build.query<DailyGoal, void>({
      query: () => '/user/daily-goal',
      providesTags: ['DailyGoal'],
    }),
    /** The goal in force on a past day: the edit modal's 'Daily Goal Achieved?' box follows it. */
    getDailyGoalOn: build.query<DailyGoal, string>({
      query: (date) => `/user/daily-goal?date=${encodeURIComponent(date)}`,
      providesTags: ['DailyGoal'],
    }),
    getDailyGoalByLanguage: build.query<DailyGoal, string>({
      query: (language) => `/user/daily-goal/by-language${byLanguage(language)}`,
      providesTags: (_r, _e, language) => [{ type: 'DailyGoal', id: language }],
    }),
    saveDailyGoal: build.mutation<DailyGoal, SaveDailyGoal>({
      query: (body) => ({ url: '/user/daily-goal', method: 'POST', body }),
      extraOptions: noRetry,
      // Today's achieved follows the new goal: today's month of activities and the streak.
      invalidatesTags: (_r, _e, { date }) => ['DailyGoal', { type: 'Activities', id: monthOf(date) }, 'CalendarSummary'],
    }),

    // ---- previous time ----
    getPreviousHours: build.query<PreviousTime, void>({
      query: () => '/user/previous-time',
      providesTags: ['PreviousHours'],
    }),
    getPreviousHoursByLanguage: build.query<PreviousTime, string>({
      query: (language) => `/user/previous-time/by-language${byLanguage(language)}`,
      providesTags: (_r, _e, language) => [{ type: 'PreviousHours', id: language }],
    }),
    savePreviousHours: build.mutation<PreviousTime, PreviousTime>({
      query: (body) => ({ url: '/user/previous-time', method: 'POST', body }),
      extraOptions: noRetry,
      invalidatesTags: ['PreviousHours', 'Progress'],
    }),

    // ---- daily activity ----
    getDailyMinutes: build.query<DailyMinutes, string>({
      query: (date) => `/user/daily-activity?date=${encodeURIComponent(date)}`,
      providesTags: (_r, _e, date) => [{ type: 'DailyMinutes', id: date }],
    }),
    /** One month of activity records ('YYYY-MM'): the calendar never asks for the whole history. */
    getMonthActivities: build.query<ActivityRecord[], string>({
      query: (month) => {
        const { from, to } = monthRange(month);
        return `/user/daily-activity/all?from=${from}&to=${to}`;
      },
      providesTags: (_r, _e, month) => [{ type: 'Activities', id: month }],
    }),
    addDailyActivity: build.mutation<ActivityRecord, AddDailyActivity>({
      query: (body) => ({ url: '/user/daily-activity', method: 'POST', body }),
      extraOptions: noRetry,
      // Activities and the monthly total of the day's month only, and the streak summary.
      invalidatesTags: (_r, _e, { date }) => [
        'DailyMinutes',
        'Progress',
        { type: 'Activities', id: monthOf(date) },
        { type: 'MonthlyTotal', id: monthOf(date) },
        'CalendarSummary',
      ],
    }),
    editDailyActivity: build.mutation<ActivityRecord, EditDailyActivity>({
      query: (body) => ({ url: '/user/daily-activity', method: 'PATCH', body }),
      extraOptions: noRetry,
      // Spec 4 lists daily minutes, activities and progress. An edit also changes the month's
      // total shown beside the calendar, so that is refreshed too rather than left stale.
      invalidatesTags: (_r, _e, { date }) => [
        'DailyMinutes',
        { type: 'Activities', id: monthOf(date) },
        'Progress',
        { type: 'MonthlyTotal', id: monthOf(date) },
        'CalendarSummary',
      ],
    }),

    // ---- milestones ----
    getMilestones: build.query<MilestonesBody, void>({
      query: () => '/user/milestones',
      providesTags: ['Milestones'],
    }),
    getMilestonesByLanguage: build.query<MilestonesBody, string>({
      query: (language) => `/user/milestones/by-language${byLanguage(language)}`,
      providesTags: (_r, _e, language) => [{ type: 'Milestones', id: language }],
    }),
    saveMilestones: build.mutation<MilestonesBody, MilestonesBody>({
      query: (body) => ({ url: '/user/milestones', method: 'POST', body }),
      extraOptions: noRetry,
      invalidatesTags: ['Milestones', 'Progress'],
    }),

    // ---- progress and totals ----
    getProgress: build.query<Progress, void>({
      query: () => '/user/progress',
      providesTags: ['Progress'],
    }),
    /** The total of one month ('YYYY-MM'); the server takes any day of it as `today`. */
    getMonthTotal: build.query<MonthlyTotal, string>({
      query: (month) => `/user/calendar/month-total?today=${monthRange(month).from}`,
      providesTags: (_r, _e, month) => [{ type: 'MonthlyTotal', id: month }],
    }),
    getCalendarSummary: build.query<CalendarSummary, string>({
      query: (today) => `/user/calendar/summary?today=${encodeURIComponent(today)}`,
      providesTags: ['CalendarSummary'],
    }),

    // ---- insights ----
    getStats: build.query<Stats, StatsQuery>({
      query: ({ from, to, bucket }) => `/user/stats?from=${from}&to=${to}&bucket=${bucket}`,
      providesTags: ['Stats'],
    }),

    // ---- rest days ----
    getRestDays: build.query<RestDays, void>({
      query: () => '/user/rest-days',
      providesTags: ['RestDays'],
    }),
    saveRestDays: build.mutation<RestDays, RestDays>({
      query: (body) => ({ url: '/user/rest-days', method: 'POST', body }),
      extraOptions: noRetry,
      // Rest days change which runs count: the streak figures are recomputed.
      invalidatesTags: ['RestDays', 'CalendarSummary', 'Stats'],
    }),

    // ---- your data (the export is a plain download link, not a cached read) ----
    importData: build.mutation<ImportAnswer, ImportBody>({
      query: (body) => ({ url: '/user/import', method: 'POST', body }),
      extraOptions: noRetry,
      // An import can change any language's days, goals, milestones and rest days: every read is refreshed.
      invalidatesTags: (answer) => (answer && !answer.dryRun ? [...TAGS] : []),
    }),
  }),
});

export const {
  useCheckAuthQuery,
  useRegisterMutation,
  useLoginMutation,
  useLogoutMutation,
  useDeleteUserMutation,
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
  useImportDataMutation,
} = apiSlice;

/** The daily minutes are the one read refetched when the window regains focus (spec 4). */
export const useDailyMinutesQuery = (date: string) =>
  apiSlice.useGetDailyMinutesQuery(date, { refetchOnFocus: true });
