/** Shapes of the daily-goal calls: the goal answered, and saving it for today. */
import type { FromSchema } from 'json-schema-to-ts';
import { GOAL_MAX_MINUTES, GOAL_MIN_MINUTES, GOAL_STEP_MINUTES } from '../domain';
import { dateSchema, languageQuery } from './primitives';

const goalMinutes = { type: 'integer', minimum: GOAL_MIN_MINUTES, maximum: GOAL_MAX_MINUTES, multipleOf: GOAL_STEP_MINUTES } as const;

export const dailyGoalSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['dailyGoalMinutes'],
  properties: { dailyGoalMinutes: goalMinutes },
  description: 'The goal in force today',
} as const;
export type DailyGoal = FromSchema<typeof dailyGoalSchema>;

/** GET /daily-goal's query: `date` asks for the goal in force that day (the edit modal's 'Daily Goal Achieved?' box). */
export const dailyGoalQuerySchema = {
  ...languageQuery,
  properties: { ...languageQuery.properties, date: { ...dateSchema, description: 'A past day: the goal in force that day' } },
} as const;

export const saveDailyGoalSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['dailyGoalMinutes', 'date'],
  properties: { dailyGoalMinutes: goalMinutes, date: { ...dateSchema, description: "The learner's today" } },
} as const;
export type SaveDailyGoal = FromSchema<typeof saveDailyGoalSchema>;
