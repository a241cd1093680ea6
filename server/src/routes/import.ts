/** POST /api/user/import: a LinguaLog export or a Toggl Track CSV, checked whole, then applied in one transaction. */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { importAnswerSchema, importBadRequestSchema, importBodySchema, IMPORT_MAX_BYTES, type ImportBody } from '@common/schemas/data';
import { emptyQuery } from '@common/schemas/primitives';
import { applyImport } from '../transfer/applyImport';
import { readLingualogCsv } from '../transfer/lingualogCsv';
import { readLingualogJson } from '../transfer/lingualogJson';
import { Problems, type ImportContext, type ImportPlan } from '../transfer/plan';
import { readTogglCsv } from '../transfer/togglCsv';
import { ApiHttpError } from '../domain/errors';
import { HEAVY_CALL_RULE, security, writeErrors } from './schemas';
import { addDaysIso } from '@common/buckets';
import { currentLanguage, offeredLanguages } from '../db/languages';
import { utcToday } from '../domain/dates';

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
  HEAVY_CALL_RULE;

export async function importRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const domain = { db: app.db, now: app.now };
  app.post(underUser(API_PATHS.import), {
    bodyLimit: IMPORT_MAX_BYTES,
    // The file's text is the importer's to judge, line by line (plugins/inputHygiene.ts).
    config: { heavy: 'transfer', lenientText: new Set(['content']) },
    schema: {
      tags: ['data'],
      summary: 'Import a LinguaLog export or a Toggl Track CSV',
      description: DESCRIPTION,
      security,
      querystring: emptyQuery,
      body: importBodySchema,
      response: { 200: importAnswerSchema, ...writeErrors('RATE_LIMITED'), 400: importBadRequestSchema },
    },
    handler: async (request, reply) => {
      const body = request.body;
      if (body.source !== 'toggl-csv' && (body.language !== undefined || body.skillMap !== undefined || body.entriesWithoutSkill !== undefined)) {
        throw new ApiHttpError(400, 'INVALID_INPUT', '"language", "skillMap" and "entriesWithoutSkill" apply only to toggl-csv imports.');
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
    if (body.source === 'lingualog-json') return readLingualogJson(body.content, ctx, problems);
    if (body.source === 'lingualog-csv') return readLingualogCsv(body.content, ctx, problems);
    const language = body.language ?? (await currentLanguage(app.db, userId));
    if (!language) problems.add(0, 'Choose a language first, or name the language these entries are for.');
    else if (!ctx.knownLanguages.has(language)) problems.add(0, `"${language}" is not a language LinguaLog offers.`);
    if (!language || problems.any) return null;
    return readTogglCsv(body.content, language, { skillMap: body.skillMap ?? {}, withoutSkill: body.entriesWithoutSkill }, ctx, problems);
  }
}
