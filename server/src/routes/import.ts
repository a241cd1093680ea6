/** POST /api/user/import: a LinguaLog export, a Toggl Track CSV or days summed elsewhere, checked whole, then applied in one transaction. */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { DAYS_IMPORT_MAX, importAnswerSchema, importBadRequestSchema, importBodySchema, IMPORT_MAX_BYTES, type ImportBody } from '@common/schemas/data';
import { emptyQuery } from '@common/schemas/primitives';
import { applyImport } from '../transfer/applyImport';
import { readLingualogCsv } from '../transfer/lingualogCsv';
import { readLingualogJson } from '../transfer/lingualogJson';
import { Problems, type ImportContext, type ImportPlan } from '../transfer/plan';
import { readTogglCsv } from '../transfer/togglCsv';
import { readDays } from '../transfer/daysImport';
import { ApiHttpError } from '../domain/errors';
import { HEAVY_CALL_RULE, security, writeErrors } from './schemas';
import { addDaysIso } from '@common/buckets';
import { utcToday } from '../domain/dates';
import { currentLanguage, offeredLanguages } from '../domain/languages';

const DESCRIPTION =
  'source: lingualog-json (our JSON export: also restores goal history, previous hours, milestones and rest days, and starts ' +
  'languages not started yet), lingualog-csv (our CSV export; each row names its language), or toggl-csv (Toggl Track\'s Detailed ' +
  'report CSV: an entry counts on its Start date for the skill that skillMap gives its project, a tag, its description or a word of ' +
  'it, else for the skill a project, tag or description word names (listening/listen, reading/read, …); seconds are summed per day ' +
  'and skill and rounded to whole minutes; entries go to `language`, default the current language; an entry that names no skill ' +
  'is by default a problem quoting its description, project, date and duration, and entriesWithoutSkill "skip" leaves such ' +
  'entries out (counted in the answer\'s skippedEntries) or a skill counts them for it). ' +
  'merge: each day in the file replaces that day\'s minutes (and achieved answer where the file has one), other days stay; a ' +
  'toggl-csv file speaks only for the skills it has entries for on a day, so a merge replaces those skills\' minutes and keeps the ' +
  'day\'s other skills as stored (a day of 53 listening + 14 reading + 13 speaking and a file with 45 minutes of listening that ' +
  'day become 45 + 14 + 13), and the sum must still keep the daily limits; replace: ' +
  'the language\'s days become exactly the file\'s days. A file\'s achieved answer is stored only where it differs from what the ' +
  'minutes and goal give, and not for a day that may still be today. Every rule holds: dates from 2000-01-01 to today, at most 960 ' +
  'minutes a skill and 1440 a day, known languages, no day twice. Any problem: 400 INVALID_IMPORT listing up to 100 problems by ' +
  'line (0 = the request or the file as a whole), and nothing changes. Importing the same file again changes nothing more. ' +
  'dryRun: the same answer without changing anything. replacedDays counts stored days the import changes or removes. ' +
  'A learner without a current language gets the file\'s (or its first) language. The body may be up to 5 MiB. ' +
  'A lingualog-json file nested deeper than 64 levels (arrays and objects together) is 400 INVALID_IMPORT with that problem on the ' +
  'line where it goes too deep, found before the file is parsed, as is one holding more than 100,000 arrays and objects or 600,000 ' +
  'values (line 0; an export that fits 5 MiB holds about 50,000 and 400,000); the request body itself follows the API-wide rule (deeper than ' +
  '64 levels: 400 INVALID_INPUT). The file\'s text is read by the importer, except that a lone surrogate in it is 400 INVALID_INPUT. ' +
  'days: no content but `days`, a list of {date, listeningDailyMins?, readingDailyMins?, speakingDailyMins?, writingDailyMins?} ' +
  '(an Anki collection or a spreadsheet the app read on the device, a script, an add-on), to `language`, default the current one. ' +
  'Each day names at least one skill; a merge sets the skills a day names and keeps the others as stored; a replace makes the ' +
  "language's days exactly these (a skill a day does not name is 0). At most 20,000 days a call; a date twice, a day naming no " +
  'skill, minutes that are not whole numbers from 0 to 960, and the daily limits are problems whose line is the day\'s index ' +
  '(from 1); the same days sent twice change nothing more. Access tokens: a `log` token may send source days with mode merge ' +
  '(dry run or not); every other source, and replace, need the session (403 TOKEN_SCOPE), so a leaked token cannot wipe a ' +
  'history; a `read` token may not import. ' +
  HEAVY_CALL_RULE;

/** What a `log` token may import: days, merged (a leaked token cannot wipe a history). */
const mergesDays = (body: unknown): boolean => {
  const { source, mode } = (body ?? {}) as { source?: unknown; mode?: unknown };
  return source === 'days' && mode === 'merge';
};

export async function importRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const domain = { db: app.db, now: app.now };
  app.post(underUser(API_PATHS.import), {
    bodyLimit: IMPORT_MAX_BYTES,
    // The file's text is the importer's to judge, line by line (plugins/inputHygiene.ts).
    // A days import's body holds up to 20,000 days of up to five values and the object each.
    config: { heavy: 'transfer', lenientText: new Set(['content']), tokenAccess: 'log', tokenBodyScope: mergesDays, maxBodyValues: DAYS_IMPORT_MAX * 6 + 100 },
    schema: {
      tags: ['data'],
      summary: 'Import a LinguaLog export, a Toggl Track CSV or days summed elsewhere',
      description: DESCRIPTION,
      security,
      querystring: emptyQuery,
      body: importBodySchema,
      response: { 200: importAnswerSchema, ...writeErrors('RATE_LIMITED'), 400: importBadRequestSchema },
    },
    handler: async (request, reply) => {
      const body = request.body;
      if (body.source !== 'toggl-csv' && (body.skillMap !== undefined || body.entriesWithoutSkill !== undefined)) {
        throw new ApiHttpError(400, 'INVALID_INPUT', '"skillMap" and "entriesWithoutSkill" apply only to toggl-csv imports.');
      }
      if (body.source !== 'toggl-csv' && body.source !== 'days' && body.language !== undefined) {
        throw new ApiHttpError(400, 'INVALID_INPUT', '"language" applies only to toggl-csv and days imports.');
      }
      if ((body.source === 'days') !== (body.days !== undefined) || (body.source === 'days') === (body.content !== undefined)) {
        throw new ApiHttpError(400, 'INVALID_INPUT', body.source === 'days' ? 'A days import sends "days" and no "content".' : 'A file import sends "content" and no "days".');
      }
      const today = utcToday(domain);
      const ctx: ImportContext = { today, latest: addDaysIso(today, 1), knownLanguages: new Set(await offeredLanguages(app.db)), signal: request.deadline };
      const problems = new Problems();
      const plan = await planOf(body, request.userId, ctx, problems);
      const deadline = { signal: request.deadline, at: request.deadlineAt };
      const options = { userId: request.userId, mode: body.mode, dryRun: body.dryRun, today, now: app.now().getTime(), deadline };
      const answer = plan && !problems.any ? await applyImport(app.db, plan, options, problems) : null;
      if (answer) return answer;
      const list = problems.result();
      return reply.code(400).send({
        error: 'INVALID_IMPORT' as const,
        message: `The file has ${list.length === 1 ? 'a problem' : 'problems'}; nothing was imported.`,
        problems: list,
      });
    },
  });

  async function planOf(body: ImportBody, userId: number, ctx: ImportContext, problems: Problems): Promise<ImportPlan | null> {
    const content = body.content ?? '';
    if (body.source === 'lingualog-json') return readLingualogJson(content, ctx, problems);
    if (body.source === 'lingualog-csv') return readLingualogCsv(content, ctx, problems);
    const language = body.language ?? (await currentLanguage(app.db, userId));
    if (!language) problems.add(0, 'Choose a language first, or name the language these entries are for.');
    else if (!ctx.knownLanguages.has(language)) problems.add(0, `"${language}" is not a language LinguaLog offers.`);
    if (!language || problems.any) return null;
    if (body.source === 'days') return readDays(body.days ?? [], language, ctx, problems);
    return readTogglCsv(content, language, { skillMap: body.skillMap ?? {}, withoutSkill: body.entriesWithoutSkill }, ctx, problems);
  }
}
