/** Building blocks of the request and answer schemas: dates, language names, skill minute fields. */
import { ISO_DATE_PATTERN } from '../domain';

export const dateSchema = { type: 'string', pattern: ISO_DATE_PATTERN, description: 'A calendar date, YYYY-MM-DD' } as const;

export const languageNameSchema = { type: 'string', minLength: 1, maxLength: 100 } as const;

export const languageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { language: { ...languageNameSchema, description: 'Another language than the current one' } },
} as const;

export const requiredLanguageQuery = { ...languageQuery, required: ['language'] } as const;

export const emptyQuery = { type: 'object', additionalProperties: false, properties: {} } as const;

export const noContent = { type: 'null', description: 'No content' } as const;

/** The four `<skill>DailyMins` fields, each with the same schema. Spelled out so the field names stay literal types. */
export function skillProperties<const S extends object>(schema: S) {
  return { listeningDailyMins: schema, readingDailyMins: schema, speakingDailyMins: schema, writingDailyMins: schema } as const;
}

export const SKILL_FIELDS_REQUIRED = ['listeningDailyMins', 'readingDailyMins', 'speakingDailyMins', 'writingDailyMins'] as const;
