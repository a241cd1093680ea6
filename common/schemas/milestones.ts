/** Level milestones: the hours at which levels 1 to 6 begin, per language. */
import type { FromSchema } from 'json-schema-to-ts';

const hours = { type: 'number' } as const;

// Bounds and ordering are checked by the route (INVALID_MILESTONES), not by the schema (INVALID_INPUT).
export const milestonesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['level1', 'level2', 'level3', 'level4', 'level5', 'level6'],
  properties: { level1: hours, level2: hours, level3: hours, level4: hours, level5: hours, level6: hours },
} as const;
/** The answer of every milestones call, and the body that sets them. */
export type MilestonesBody = FromSchema<typeof milestonesSchema>;

