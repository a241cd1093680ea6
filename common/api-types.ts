/**
 * Types of the API's requests and answers (see ../shared/spec/api-contract.md), for the SPA,
 * its msw handlers and the tests: `import type` only. Each shape is declared once, as a JSON
 * schema in common/schemas/, and its type here comes from that schema (FromSchema), so the
 * server's validation, serialization and OpenAPI description and the SPA's types cannot drift.
 * (Shapes not yet moved to common/schemas/ are still written here; see docs/decisions.)
 */
import type { Milestones } from './domain';

export type { ApiError, ApiErrorCode } from './schemas/errors';
export type { ActivityRecord, AddDailyActivity, DailyMinutes, EditDailyActivity, SkillMinutes } from './schemas/activity';
export type { DailyGoal, SaveDailyGoal } from './schemas/goal';

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


export interface PreviousTime {
  previousHours: number;
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
