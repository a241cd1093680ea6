/** The answer of the health check a proxy or a deploy script reads before sending a process work. */
import type { FromSchema } from 'json-schema-to-ts';

export const healthSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: { status: { type: 'string', enum: ['ok'] } },
  description: 'The process takes work and its database answers',
} as const;
export type Health = FromSchema<typeof healthSchema>;
