/** Shapes of the daily-activity calls: one day's minutes, a day's record, adding and editing. */
import type { FromSchema } from 'json-schema-to-ts';
import { ADD_MINUTES_MAX, ADD_MINUTES_MIN, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_MIN_LENGTH, KEY_CHARACTERS } from '../domain';
import { dateSchema, languageQuery, SKILL_FIELDS_REQUIRED, skillProperties } from './primitives';

const minutes = { type: 'integer', minimum: 0 } as const;

export const dailyMinutesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['totalDailyMins', ...SKILL_FIELDS_REQUIRED],
  properties: { totalDailyMins: minutes, ...skillProperties(minutes) },
  description: "The day's minutes; zeros for a day with nothing logged",
} as const;
export type DailyMinutes = FromSchema<typeof dailyMinutesSchema>;
export type SkillMinutes = Omit<DailyMinutes, 'totalDailyMins'>;

export const activityRecordSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['date', 'achieved', ...SKILL_FIELDS_REQUIRED],
  properties: { date: dateSchema, achieved: { type: 'boolean' }, ...skillProperties(minutes) },
} as const;
export type ActivityRecord = FromSchema<typeof activityRecordSchema>;

export const dayQuerySchema = {
  ...languageQuery,
  required: ['date'],
  properties: { ...languageQuery.properties, date: dateSchema },
} as const;

/** The `language` query of a write (contract, fourth edition): where the write goes, the current language when absent. */
export const writeLanguageQuery = {
  ...languageQuery,
  properties: {
    language: { ...languageQuery.properties.language, description: 'The language written to (one the learner has chosen before); the current one when absent' },
  },
} as const;

export const addDailyActivitySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['date'],
  properties: { date: dateSchema, ...skillProperties({ type: 'integer', minimum: ADD_MINUTES_MIN, maximum: ADD_MINUTES_MAX }) },
} as const;
/** Adds minutes to exactly one skill on `date` (today). */
export type AddDailyActivity = FromSchema<typeof addDailyActivitySchema>;

export const editDailyActivitySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['date', 'isToday', ...SKILL_FIELDS_REQUIRED],
  properties: { date: dateSchema, isToday: { type: 'boolean' }, achieved: { type: 'boolean' }, ...skillProperties(minutes) },
} as const;
export type EditDailyActivity = FromSchema<typeof editDailyActivitySchema>;

/** The add's optional `Idempotency-Key` header (contract, third edition). */
export const addHeadersSchema = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      minLength: IDEMPOTENCY_KEY_MIN_LENGTH,
      maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
      pattern: `^[${KEY_CHARACTERS}]+$`,
      description: `${IDEMPOTENCY_KEY_MIN_LENGTH} to ${IDEMPOTENCY_KEY_MAX_LENGTH} letters, digits, "-", "_" or ":" (a UUID, or "<timer id>:<date>")`,
    },
  },
} as const;
