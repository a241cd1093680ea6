/** Hours studied before using the tracker, per language. */
import type { FromSchema } from 'json-schema-to-ts';
import { PREVIOUS_HOURS_MAX, PREVIOUS_HOURS_STEP } from '../domain';

const hours = { type: 'integer', minimum: 0, maximum: PREVIOUS_HOURS_MAX, multipleOf: PREVIOUS_HOURS_STEP } as const;

export const previousTimeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['previousHours'],
  properties: { previousHours: hours },
} as const;
/** The answer of every previous-time call, and the body that sets it. */
export type PreviousTime = FromSchema<typeof previousTimeSchema>;
