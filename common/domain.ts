/**
 * Business constants and pure rules shared by the SPA (src/) and the API server (server/).
 * No DOM or Node APIs here: both sides import this file as it is.
 */

export const EMAIL_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 100;

/**
 * A password's length in Unicode code points, so an emoji counts as one character as a learner
 * sees it, not as the two UTF-16 units of String.length. The form and the server both use this.
 */
export const passwordLength = (password: string): number => [...password].length;

export const isValidPasswordLength = (password: string): boolean => {
  const length = passwordLength(password);
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
};

/**
 * NUL, the other C0/C1 control characters and the bidirectional controls: no text field may hold
 * them (issue #30). PostgreSQL refuses NUL outright, and the others make look-alike or garbled values.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export const hasUnsafeCharacter = (text: string): boolean => UNSAFE_CHARACTER.test(text);

/**
 * Invisible format characters (Unicode category Cf: zero-width space and joiners U+200B–U+200F,
 * word joiner U+2060, BOM U+FEFF, soft hyphen…): an email holding one looks like another
 * learner's address (issue #38). A lone surrogate (not text at all) is refused with them.
 */
const INVISIBLE_OR_BROKEN = /[\p{Cf}\p{Cs}]/u;

export const hasInvisibleCharacter = (text: string): boolean => INVISIBLE_OR_BROKEN.test(text);

/**
 * One @, a dot in the domain, and none of the characters a mail system only takes inside quotes or
 * not at all (whitespace, markup and punctuation that delimit addresses: < > ( ) [ ] \ , ; : ").
 * Letters of any script stay allowed (internationalised addresses).
 */
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/u;

/**
 * The email rule of sign-up, on the form and on the server alike (the server answers a control,
 * invisible or broken character by field name, before this rule, at sign-in too).
 */
export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(email) && !hasUnsafeCharacter(email) && !hasInvisibleCharacter(email);

/**
 * Sign-up texts of spec 5: the form shows them before sending, the server answers them to API
 * clients. INVALID_EMAIL is ours, beside the spec's four: the rule after them, as the server checks it.
 */
export const SIGN_UP_TEXTS = {
  EMPTY_CREDENTIALS: 'Input an email and password to continue',
  EMAIL_TOO_LONG: `Email must be less than ${EMAIL_MAX_LENGTH} characters`,
  PASSWORD_LENGTH: `Password must be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters`,
  INVALID_EMAIL: 'Enter a valid email address, like name@example.com',
} as const;

/** Why sign-up refuses a password from the list of most common ones (server check, shown by the form). */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common, choose one that is harder to guess';

/** The earliest date LinguaLog keeps: the bound of every date a client sends, the stats range and the import. */
export const FIRST_DATE = '2000-01-01';

export const SKILLS = ['listening', 'reading', 'speaking', 'writing'] as const;
export type Skill = (typeof SKILLS)[number];

/** Field name of a skill's minutes in a daily record, e.g. `listeningDailyMins`. */
export type SkillDailyField = `${Skill}DailyMins`;
const SKILL_WORDS: Readonly<Record<string, Skill>> = {
  listening: 'listening', listen: 'listening',
  reading: 'reading', read: 'reading',
  speaking: 'speaking', speak: 'speaking',
  writing: 'writing', write: 'writing',
};

/** The skill a name or word says ('Read', 'listening'), if any: the Toggl import and its dialog read names alike. */
export function skillNamed(name: string): Skill | undefined {
  const lower = name.trim().toLowerCase();
  return Object.hasOwn(SKILL_WORDS, lower) ? SKILL_WORDS[lower] : undefined;
}

export const skillDailyField = (skill: Skill): SkillDailyField => `${skill}DailyMins`;
export const SKILL_DAILY_FIELDS: readonly SkillDailyField[] = SKILLS.map(skillDailyField);

/** One add may carry at most a whole day of minutes. */
export const ADD_MINUTES_MIN = 1;
export const ADD_MINUTES_MAX = 1440;
/** One skill may hold at most 16 hours on one day. */
export const DAILY_SKILL_LIMIT_MINS = 960;
/** The four skills together may hold at most 24 hours on one day. */
export const DAILY_TOTAL_LIMIT_MINS = 1440;

export const DEFAULT_DAILY_GOAL_MINUTES = 30;
export const GOAL_MIN_MINUTES = 5;
export const GOAL_MAX_HOURS = 12;
export const GOAL_MAX_MINUTES = GOAL_MAX_HOURS * 60;
export const GOAL_STEP_MINUTES = 5;
export const GOAL_HOUR_OPTIONS: readonly number[] = Array.from({ length: GOAL_MAX_HOURS + 1 }, (_, h) => h);
export const GOAL_MINUTE_STEPS: readonly number[] = [0, 5, 10, 15, 20, 30, 45, 50, 55];

/** Minutes offered for a chosen number of goal hours: no 0 with 0 hours, only 0 with 12 hours. */
export function goalMinuteOptions(hours: number): number[] {
  if (hours >= GOAL_MAX_HOURS) return [0];
  if (hours <= 0) return GOAL_MINUTE_STEPS.filter((m) => m > 0);
  return [...GOAL_MINUTE_STEPS];
}

export function isValidDailyGoal(minutes: unknown): minutes is number {
  return (
    typeof minutes === 'number' &&
    Number.isInteger(minutes) &&
    minutes >= GOAL_MIN_MINUTES &&
    minutes <= GOAL_MAX_MINUTES &&
    minutes % GOAL_STEP_MINUTES === 0
  );
}

export const DEFAULT_PREVIOUS_HOURS = 0;
export const PREVIOUS_HOURS_MAX = 2000;
export const PREVIOUS_HOURS_STEP = 10;
export const PREVIOUS_HOURS_OPTIONS: readonly number[] = Array.from(
  { length: PREVIOUS_HOURS_MAX / PREVIOUS_HOURS_STEP + 1 },
  (_, i) => i * PREVIOUS_HOURS_STEP,
);

export function isValidPreviousHours(hours: unknown): hours is number {
  return (
    typeof hours === 'number' &&
    Number.isInteger(hours) &&
    hours >= 0 &&
    hours <= PREVIOUS_HOURS_MAX &&
    hours % PREVIOUS_HOURS_STEP === 0
  );
}

export const MAX_LEVEL = 6;
export const LEVELS = [1, 2, 3, 4, 5, 6] as const;
export type MilestoneKey = `level${(typeof LEVELS)[number]}`;
export const MILESTONE_KEYS: readonly MilestoneKey[] = LEVELS.map((l) => `level${l}` as MilestoneKey);
export type Milestones = Record<MilestoneKey, number>;
export const DEFAULT_MILESTONES: Milestones = {
  level1: 50,
  level2: 200,
  level3: 400,
  level4: 800,
  level5: 1200,
  level6: 1800,
};
export const MILESTONE_MIN_HOURS = 1;
export const MILESTONE_MAX_HOURS = 100000;

/** Milestones are whole hours, strictly increasing, from 1 up to 100,000. */
export function areValidMilestones(m: Milestones): boolean {
  let previous = MILESTONE_MIN_HOURS - 1;
  for (const key of MILESTONE_KEYS) {
    const value = m[key];
    if (!Number.isInteger(value) || value <= previous || value > MILESTONE_MAX_HOURS) return false;
    previous = value;
  }
  return true;
}

/** Hours counted towards a level: whole hours logged plus hours studied before. */
export function levelHours(totalOverallMins: number, previousHours: number): number {
  return Math.floor(totalOverallMins / 60) + previousHours;
}

/** The highest level whose threshold the hours reach, else 0. */
export function levelForHours(hours: number, milestones: Milestones): number {
  let level = 0;
  for (const l of LEVELS) {
    if (hours >= milestones[`level${l}`]) level = l;
  }
  return level;
}

/** Hours still missing to reach the level after `currentLevel`, or null at the highest level. */
export function hoursUntilNextLevel(hours: number, currentLevel: number, milestones: Milestones): number | null {
  if (currentLevel >= MAX_LEVEL) return null;
  const next = milestones[`level${currentLevel + 1}` as MilestoneKey];
  return Math.max(0, Math.ceil(next - hours));
}

/** Share (0..1) of the way from the current level's threshold to the next one. */
export function levelProgressRatio(hours: number, currentLevel: number, milestones: Milestones): number {
  if (currentLevel >= MAX_LEVEL) return 1;
  const from = currentLevel === 0 ? 0 : milestones[`level${currentLevel}` as MilestoneKey];
  const to = milestones[`level${currentLevel + 1}` as MilestoneKey];
  if (to <= from) return 1;
  return Math.min(1, Math.max(0, (hours - from) / (to - from)));
}

/** `YYYY-MM-DD` that is a real calendar date. */
export const ISO_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const ISO_DATE = new RegExp(ISO_DATE_PATTERN);
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The learner's local calendar date as `YYYY-MM-DD`. */
export function localIsoDate(date: Date = new Date()): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** The product's name as learners see it. */
export const BRAND_NAME = 'LinguaLog';

// Contract, third edition: adds that apply exactly once, and the running timer.
/** Characters of an Idempotency-Key and of a timer id: a UUID, or `<timer id>:<date>`. */
export const KEY_CHARACTERS = 'A-Za-z0-9_:-';
export const IDEMPOTENCY_KEY_MIN_LENGTH = 8;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;
export const TIMER_ID_MAX_LENGTH = 64;
/** A keyed add (one made offline and sent later) may name a day up to this many days before today. */
export const KEYED_ADD_DAYS_BACK = 7;
/** A timer's start may be this far after the server's clock (clock skew) and this far before it. */
export const TIMER_START_MAX_AHEAD_MS = 2 * 60_000;
export const TIMER_START_MAX_AGE_MS = 24 * 60 * 60_000;
