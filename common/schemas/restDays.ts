/** Rest days (contract, second edition, "Forgiving streaks"): weekdays to rest and breaks. */
import type { FromSchema } from 'json-schema-to-ts';
import { dateSchema } from './primitives';

export const REST_WEEKDAYS_MAX = 6;
export const REST_PERIODS_MAX = 50;
export const REST_PERIOD_MAX_DAYS = 366;
/** A break may be planned up to this many days after the learner's today (README, "Product decisions"). */
export const REST_PERIOD_MAX_DAYS_AHEAD = 365;

export const restDaysSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['weekdays', 'periods'],
  properties: {
    weekdays: {
      type: 'array',
      uniqueItems: true,
      maxItems: REST_WEEKDAYS_MAX,
      items: { type: 'integer', minimum: 0, maximum: 6 },
      description: 'Weekdays to rest on, 0 = Sunday',
    },
    periods: {
      type: 'array',
      maxItems: REST_PERIODS_MAX,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'to'],
        properties: { from: dateSchema, to: dateSchema },
      },
      description: `Breaks: inclusive date ranges, each at most ${REST_PERIOD_MAX_DAYS} days`,
    },
  },
} as const;
export type RestDays = FromSchema<typeof restDaysSchema>;

export const NO_REST_DAYS: RestDays = { weekdays: [], periods: [] };
