/** "My day ends at" (issue 28): the hour after midnight at which the learner's today turns into tomorrow. */
import type { FromSchema } from 'json-schema-to-ts';

/** 0 is midnight: the spec's day, unchanged. */
export const DEFAULT_DAY_ENDS_AT_HOUR = 0;
/** A night owl's day may run on until 04:00 at the latest. */
export const DAY_ENDS_AT_HOUR_MAX = 4;

export const dayEndsAtHourSchema = {
  type: 'integer',
  minimum: 0,
  maximum: DAY_ENDS_AT_HOUR_MAX,
  description:
    `The local hour (0 to ${DAY_ENDS_AT_HOUR_MAX}) at which the learner's day ends: before it, the previous calendar day is still "today". ` +
    `${DEFAULT_DAY_ENDS_AT_HOUR} (midnight) is the default.`,
} as const;

export const dayBoundarySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['dayEndsAtHour'],
  properties: { dayEndsAtHour: dayEndsAtHourSchema },
} as const;
export type DayBoundary = FromSchema<typeof dayBoundarySchema>;

export const isDayEndsAtHour = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= DAY_ENDS_AT_HOUR_MAX;
