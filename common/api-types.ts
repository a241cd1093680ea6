/**
 * Types of the API's requests and answers (see ../shared/spec/api-contract.md), for the SPA,
 * its msw handlers and the tests: `import type` only. Each shape is declared once, as a JSON
 * schema in common/schemas/, and its type here comes from that schema (FromSchema), so the
 * server's validation, serialization and OpenAPI description and the SPA's types cannot drift.
 */
export type { ApiError, ApiErrorCode } from './schemas/errors';
export type { ActivityRecord, AddDailyActivity, DailyMinutes, EditDailyActivity, SkillMinutes } from './schemas/activity';
export type { Credentials, EmailAnswer } from './schemas/auth';
export type { ChooseLanguage, HasLanguage, Language, UserLanguage } from './schemas/languages';
export type { MilestonesBody } from './schemas/milestones';
export type { PreviousTime } from './schemas/previousTime';
export type { MonthlyTotal, Progress } from './schemas/progress';
export type { DailyGoal, SaveDailyGoal } from './schemas/goal';
export type { DayBoundary } from './schemas/dayBoundary';
export type { RunningTimer, StartTimer, TimerAnswer } from './schemas/timer';
