/** "Your data" (contract, second edition): the export file, the import request and its answers. */
import type { FromSchema } from 'json-schema-to-ts';
import { SKILLS } from '../domain';
import { activityRecordSchema } from './activity';
import { API_ERROR_CODES, API_ERRORS, errorSchema } from './errors';
import { dateSchema, languageNameSchema } from './primitives';
import { dayEndsAtHourSchema } from './dayBoundary';
import { restDaysSchema } from './restDays';

export const EXPORT_FORMATS = ['json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const IMPORT_SOURCES = ['lingualog-json', 'lingualog-csv', 'toggl-csv'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
/** What the import call takes: the files above as text, or `days` already summed (fifth edition). */
export const IMPORT_BODY_SOURCES = [...IMPORT_SOURCES, 'days'] as const;
/** A `days` import holds at most this many days a call. */
export const DAYS_IMPORT_MAX = 20_000;
export const IMPORT_MODES = ['merge', 'replace'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
/** What a Toggl import does with an entry that names no skill (issue #44): refuse the file (the default), skip it, or count it for a skill. */
export const ENTRIES_WITHOUT_SKILL = ['refuse', 'skip', ...SKILLS] as const;
export type EntriesWithoutSkill = (typeof ENTRIES_WITHOUT_SKILL)[number];
/** Words every problem about such an entry holds, so the app can offer to skip or map them. */
export const NO_SKILL_PROBLEM = 'names no skill';

/** The import body may be this large (the global limit is far smaller). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The CSV export's header row, in column order. */
export const LINGUALOG_CSV_COLUMNS = [
  'language', 'date', 'listening_minutes', 'reading_minutes', 'speaking_minutes', 'writing_minutes', 'achieved',
] as const;

export const exportQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { format: { type: 'string', enum: EXPORT_FORMATS, default: 'json', description: 'json (default) or csv' } },
} as const;

const integer = { type: 'integer' } as const;

/**
 * The export file, declared once: the writer is typed by ExportFile (server/src/transfer/exportFile.ts) and
 * the importer checks a file with Ajv against a schema derived from this one (transfer/lingualogJsonSchema.ts).
 */
export const exportFileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['format', 'version', 'exportedAt', 'email', 'currentLanguage', 'restDays', 'languages'],
  properties: {
    format: { const: 'lingualog' },
    version: { const: 1 },
    exportedAt: { type: 'string', description: 'ISO instant' },
    email: { type: 'string' },
    currentLanguage: { type: ['string', 'null'] },
    restDays: restDaysSchema,
    // Optional: files exported before the setting existed import as they are and leave it unchanged.
    dayEndsAtHour: dayEndsAtHourSchema,
    languages: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'dailyGoalMinutes', 'goalHistory', 'previousHours', 'milestones', 'days'],
        properties: {
          name: languageNameSchema,
          dailyGoalMinutes: integer,
          goalHistory: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['from', 'dailyGoalMinutes'],
              properties: { from: dateSchema, dailyGoalMinutes: integer },
            },
          },
          previousHours: integer,
          milestones: {
            type: 'object',
            additionalProperties: false,
            required: ['level1', 'level2', 'level3', 'level4', 'level5', 'level6'],
            properties: { level1: integer, level2: integer, level3: integer, level4: integer, level5: integer, level6: integer },
          },
          days: { type: 'array', items: activityRecordSchema },
        },
      },
    },
  },
} as const;
export type ExportFile = FromSchema<typeof exportFileSchema>;
export type ExportedLanguage = ExportFile['languages'][number];

export const importBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['source', 'mode', 'dryRun'],
  properties: {
    source: { type: 'string', enum: IMPORT_BODY_SOURCES },
    content: { type: 'string', description: "The file's text (every source but days, which has none)" },
    days: {
      type: 'array',
      description:
        `days only (and required there): at most ${DAYS_IMPORT_MAX} days, each a date and the minutes of the skills it names ` +
        '(at least one); a skill a day does not name keeps its minutes in a merge and is 0 in a replace.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['date'],
        properties: {
          date: { type: 'string', maxLength: 100 },
          listeningDailyMins: { type: 'number' },
          readingDailyMins: { type: 'number' },
          speakingDailyMins: { type: 'number' },
          writingDailyMins: { type: 'number' },
        },
      },
    },
    mode: { type: 'string', enum: IMPORT_MODES },
    dryRun: { type: 'boolean' },
    language: { ...languageNameSchema, description: 'toggl-csv and days only: the language the entries go to (default: the current one)' },
    skillMap: {
      type: 'object',
      maxProperties: 1000,
      propertyNames: { minLength: 1, maxLength: 200 },
      additionalProperties: { type: 'string', enum: SKILLS },
      description: 'toggl-csv only: a project, tag or description word, and the skill its entries count for',
    },
    entriesWithoutSkill: {
      type: 'string',
      enum: ENTRIES_WITHOUT_SKILL,
      description:
        'toggl-csv only: what happens to an entry whose project, tags and description name no skill (after skillMap). ' +
        '"refuse" (the default): each is a problem quoting the entry, and nothing is imported; "skip": they are left out ' +
        '(the answer counts them in skippedEntries); a skill: they count for that skill.',
    },
  },
} as const;
export type ImportBody = FromSchema<typeof importBodySchema>;

export const importAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['dryRun', 'languages', 'days', 'minutes', 'replacedDays'],
  properties: {
    dryRun: { type: 'boolean' },
    languages: { type: 'array', items: { type: 'string' }, description: 'The languages the file has days or settings for' },
    days: { type: 'integer', minimum: 0, description: 'Days in the file' },
    minutes: { type: 'integer', minimum: 0, description: 'Minutes in the file' },
    replacedDays: { type: 'integer', minimum: 0, description: 'Days already stored that the import changes or removes' },
    skippedEntries: { type: 'integer', minimum: 0, description: 'toggl-csv with entriesWithoutSkill "skip" only: the entries left out' },
  },
} as const;
export type ImportAnswer = FromSchema<typeof importAnswerSchema>;

export const importProblemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['line', 'message'],
  properties: {
    line: { type: 'integer', minimum: 0, description: 'Line of the file (1 = first); 0 when the problem is the request or the file as a whole' },
    message: { type: 'string' },
  },
} as const;
export type ImportProblem = FromSchema<typeof importProblemSchema>;

/** The error answer of the import: the usual {error, message} plus every problem found. */
export const importErrorSchema = {
  ...errorSchema,
  properties: { ...errorSchema.properties, problems: { type: 'array', items: importProblemSchema } },
} as const;

/** The import's 400 answer as documented: only the codes sent with 400, INVALID_IMPORT with its problems. */
export const importBadRequestSchema = {
  ...importErrorSchema,
  properties: {
    ...importErrorSchema.properties,
    error: { ...errorSchema.properties.error, enum: API_ERROR_CODES.filter((code) => API_ERRORS[code].status === 400) },
  },
  description: 'INVALID_IMPORT with the problems by line (nothing was changed), or another 400 code for a bad request',
} as const;
export type ImportError = FromSchema<typeof importErrorSchema>;

/** The export's answer: the file as an attachment, JSON (exportFileSchema) or CSV text. */
export const exportAnswer = {
  description: 'The file, as an attachment',
  content: { 'application/json': { schema: exportFileSchema }, 'text/csv': { schema: { type: 'string' } } },
} as const;
