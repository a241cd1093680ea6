/**
 * Every path of the API, under /api: the server registers its routes with them, the SPA's api slice
 * calls them and the test mocks answer them, so a path changed here changes all three, and a path
 * removed here fails `npm run typecheck` wherever it is used.
 */
export const API_PATHS = {
  authRegister: '/auth/register',
  authLogin: '/auth/login',
  authLogout: '/auth/logout',
  authCheck: '/auth/check',
  passwordReset: '/auth/password-reset',
  passwordResetConfirm: '/auth/password-reset/confirm',
  password: '/user/password',
  languages: '/languages',
  health: '/health',
  user: '/user',
  language: '/user/language',
  hasLanguage: '/user/has-language',
  dailyGoal: '/user/daily-goal',
  dailyGoalByLanguage: '/user/daily-goal/by-language',
  previousTime: '/user/previous-time',
  previousTimeByLanguage: '/user/previous-time/by-language',
  dailyActivity: '/user/daily-activity',
  dailyActivityAll: '/user/daily-activity/all',
  milestones: '/user/milestones',
  milestonesByLanguage: '/user/milestones/by-language',
  progress: '/user/progress',
  calendarMonthTotal: '/user/calendar/month-total',
  calendarSummary: '/user/calendar/summary',
  restDays: '/user/rest-days',
  dayBoundary: '/user/day-boundary',
  stats: '/user/stats',
  export: '/user/export',
  import: '/user/import',
  timer: '/user/timer',
  tokens: '/user/tokens',
  pushKey: '/push/key',
  reminder: '/user/reminder',
  reminderTest: '/user/reminder/test',
  pushSubscriptions: '/user/push-subscriptions',
  locales: '/locales',
  preferences: '/user/preferences',
} as const;

export type ApiPath = (typeof API_PATHS)[keyof typeof API_PATHS];
type UserPath = Extract<ApiPath, `/user${string}`>;
type AuthPath = Extract<ApiPath, `/auth/${string}`>;

/** A /user path as registered under the server's /api/user prefix. */
export const underUser = <P extends UserPath>(path: P) => path.slice('/user'.length) as P extends `/user${infer Rest}` ? Rest : never;

/** An /auth path as registered under the server's /api/auth prefix. */
export const underAuth = <P extends AuthPath>(path: P) => path.slice('/auth'.length) as P extends `/auth${infer Rest}` ? Rest : never;
