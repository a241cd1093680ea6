/**
 * Shapes of the API's requests and answers (see ../shared/spec/api-contract.md).
 * The SPA's API slice, its msw handlers and the server's route schemas are all typed
 * against these, so a drift between them fails type-checking.
 */
import type { Milestones, SkillDailyField } from './domain';

export type ApiErrorCode =
  | 'INVALID_INPUT'
  | 'EMAIL_EXISTS'
  | 'INVALID_CREDENTIALS'
  | 'UNAUTHENTICATED'
  | 'RATE_LIMITED'
  | 'FORBIDDEN_ORIGIN'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNKNOWN_LANGUAGE'
  | 'NO_LANGUAGE'
  | 'FUTURE_DATE'
  | 'DAILY_TIME_EXCEEDED'
  | 'TOTAL_DAILY_TIME_EXCEEDED'
  | 'INVALID_MILESTONES'
  | 'NOT_FOUND'
  | 'INTERNAL_ERROR';

export interface ApiError {
  error: ApiErrorCode;
  message: string;
}

export interface Credentials {
  email: string;
  password: string;
}
export interface EmailAnswer {
  email: string;
}

export interface Language {
  name: string;
}
export interface UserLanguage {
  name: string | null;
}
export interface HasLanguage {
  hasLanguage: boolean;
}

export interface DailyGoal {
  dailyGoalMinutes: number;
}
export interface SaveDailyGoal {
  dailyGoalMinutes: number;
  date: string;
}

export interface PreviousTime {
  previousHours: number;
}

export type SkillMinutes = Record<SkillDailyField, number>;

export interface DailyMinutes extends SkillMinutes {
  totalDailyMins: number;
}

export interface ActivityRecord extends SkillMinutes {
  date: string;
  achieved: boolean;
}

/** Adds minutes to exactly one skill on `date` (today). */
export type AddDailyActivity = { date: string } & Partial<SkillMinutes>;

export interface EditDailyActivity extends SkillMinutes {
  date: string;
  isToday: boolean;
  achieved?: boolean;
}

export type MilestonesBody = Milestones;

export interface Progress {
  currentLevel: number;
  totalOverallMins: number;
  listeningOverallMins: number;
  readingOverallMins: number;
  speakingOverallMins: number;
  writingOverallMins: number;
  languages: Language[];
}

export interface MonthlyTotal {
  monthlyTotalMins: number;
}
