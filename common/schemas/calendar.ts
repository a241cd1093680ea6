/** Bounded reads for the dashboard (contract, second edition): a date range of records, the calendar summary. */
import type { FromSchema } from 'json-schema-to-ts';
import { dateSchema, languageQuery } from './primitives';

export const activityRangeQuerySchema = {
  ...languageQuery,
  properties: {
    ...languageQuery.properties,
    from: { ...dateSchema, description: 'First day (inclusive); omitted: from the first record' },
    to: { ...dateSchema, description: 'Last day (inclusive); omitted: up to the last record' },
  },
} as const;
export type ActivityRangeQuery = FromSchema<typeof activityRangeQuerySchema>;

export const calendarSummaryQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['today'],
  properties: { today: { ...dateSchema, description: "The learner's today" } },
} as const;

export const calendarSummarySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['firstActivityDate', 'streakDays', 'longestStreakDays'],
  properties: {
    firstActivityDate: { anyOf: [dateSchema, { type: 'null' }], description: 'The earliest recorded day; null without records' },
    streakDays: { type: 'integer', minimum: 0, description: 'Consecutive achieved days ending today (rest days forgiven)' },
    longestStreakDays: { type: 'integer', minimum: 0, description: 'The longest such run ever' },
  },
} as const;
export type CalendarSummary = FromSchema<typeof calendarSummarySchema>;
