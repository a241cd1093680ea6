/**
 * In-memory stand-in for the API's data, for component tests only (msw). It follows the
 * contract in ../shared/spec/api-contract.md; shapes are typed with common/api-types.ts.
 */
import type { ActivityRecord } from '@common/api-types';
import type { Milestones } from '@common/domain';
import type { RestDays } from '@common/schemas/restDays';
import type { RunningTimer } from '@common/schemas/timer';
import { DEFAULT_DAILY_GOAL_MINUTES, DEFAULT_MILESTONES, DEFAULT_PREVIOUS_HOURS } from '@common/domain';

export interface LanguageData {
  dailyGoalMinutes: number;
  previousHours: number;
  milestones: Milestones;
  activities: ActivityRecord[];
}

export interface MockDb {
  signedIn: boolean;
  email: string;
  password: string;
  currentLanguage: string | null;
  languages: string[];
  perLanguage: Record<string, LanguageData>;
  /** Per learner, for every language (contract, "Forgiving streaks"). */
  restDays: RestDays;
  /** "My day ends at" (issue 28), per learner. */
  dayEndsAtHour: number;
  /** The one running timer (contract, third edition). */
  timer: RunningTimer | null;
  /** The app's language and the learner's zone (contract, fifth edition); the zone is this device's, as the app sent it. */
  preferences: { uiLocale: string | null; timeZone: string | null };
}

export const ALL_LANGUAGES = ['Arabic', 'English', 'French', 'German', 'Japanese', 'Spanish'];

export const newLanguageData = (): LanguageData => ({
  dailyGoalMinutes: DEFAULT_DAILY_GOAL_MINUTES,
  previousHours: DEFAULT_PREVIOUS_HOURS,
  milestones: { ...DEFAULT_MILESTONES },
  activities: [],
});

const fresh = (): MockDb => ({
  signedIn: false,
  email: 'learner@example.com',
  password: 'correct horse',
  currentLanguage: null,
  languages: [],
  perLanguage: {},
  restDays: { weekdays: [], periods: [] },
  dayEndsAtHour: 0,
  timer: null,
  preferences: { uiLocale: null, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
});

export let db: MockDb = fresh();

export function resetDb(overrides: Partial<MockDb> = {}): MockDb {
  db = { ...fresh(), ...overrides };
  return db;
}

/** A signed-in learner of Spanish with default settings, the usual starting point of a test. */
export function seedSignedInLearner(language = 'Spanish', data: Partial<LanguageData> = {}): MockDb {
  return resetDb({
    signedIn: true,
    currentLanguage: language,
    languages: [language],
    perLanguage: { [language]: { ...newLanguageData(), ...data } },
  });
}

export function current(): LanguageData {
  if (!db.currentLanguage) return newLanguageData();
  db.perLanguage[db.currentLanguage] ??= newLanguageData();
  return db.perLanguage[db.currentLanguage];
}
