/** Overall minutes, the level, the languages started, and the month total for the calendar. */
import type { FromSchema } from 'json-schema-to-ts';
import { MAX_LEVEL } from '../domain';
import { languageSchema } from './languages';
import { dateSchema, languageQuery } from './primitives';

const minutes = { type: 'integer', minimum: 0 } as const;

export const progressSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'currentLevel', 'totalOverallMins', 'listeningOverallMins', 'readingOverallMins', 'speakingOverallMins', 'writingOverallMins', 'languages',
  ],
  properties: {
    currentLevel: { type: 'integer', minimum: 0, maximum: MAX_LEVEL },
    totalOverallMins: minutes,
    listeningOverallMins: minutes,
    readingOverallMins: minutes,
    speakingOverallMins: minutes,
    writingOverallMins: minutes,
    languages: { type: 'array', items: languageSchema },
  },
  description: 'Totals of the language, its level, and every language the user has started',
} as const;
export type Progress = FromSchema<typeof progressSchema>;

export const monthTotalQuerySchema = {
  ...languageQuery,
  required: ['today'],
  properties: { ...languageQuery.properties, today: dateSchema },
} as const;

export const monthlyTotalSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['monthlyTotalMins'],
  properties: { monthlyTotalMins: minutes },
  description: 'OK',
} as const;
export type MonthlyTotal = FromSchema<typeof monthlyTotalSchema>;
