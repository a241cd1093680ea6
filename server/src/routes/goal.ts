/** The daily goal, with history: a new goal holds from its date on, earlier days keep theirs. */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { GOAL_MAX_MINUTES, GOAL_MIN_MINUTES, GOAL_STEP_MINUTES } from '@common/domain';
import { dailyGoalQuerySchema, dailyGoalSchema, saveDailyGoalSchema, type DailyGoal } from '@common/schemas/goal';
import { emptyQuery, requiredLanguageQuery } from '@common/schemas/primitives';
import { goalInForceOn, newestGoalMinutes, setGoalFrom } from '../domain/goals';
import { ApiHttpError } from '../domain/errors';
import { readErrors, writeErrors, security } from './schemas';
import { checkDate, isPlausibleToday } from '../domain/dates';
import { languageForRead, languageForWrite } from '../domain/languages';

export async function goalRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const domain = { db: app.db, now: app.now };

  async function currentGoal(userId: number, requested: string | undefined): Promise<DailyGoal> {
    const language = await languageForRead(domain, userId, requested);
    return { dailyGoalMinutes: await newestGoalMinutes(app.db, userId, language) };
  }

  app.get(underUser(API_PATHS.dailyGoal), {
    schema: {
      tags: ['settings'],
      summary: 'The daily goal of the current language (or ?language=X)',
      description:
        'Defaults (30) before a language is chosen or for a language never picked. With `?date=D`, the goal in force on that day ' +
        '(the latest change on or before it, else the first goal ever set), which decides whether the day\'s minutes achieve it; ' +
        'D follows the rule of every date (from 2000-01-01, else INVALID_INPUT; FUTURE_DATE after every learner\'s today).',
      security,
      querystring: dailyGoalQuerySchema,
      response: { 200: dailyGoalSchema, ...readErrors() },
    },
    handler: async (request) => {
      const { date, language: requested } = request.query;
      if (date === undefined) return currentGoal(request.userId, requested);
      checkDate(domain, date);
      const language = await languageForRead(domain, request.userId, requested);
      return { dailyGoalMinutes: await goalInForceOn(app.db, request.userId, language, date) };
    },
  });

  app.get(underUser(API_PATHS.dailyGoalByLanguage), {
    schema: {
      tags: ['settings'],
      summary: 'The daily goal of one language',
      description: 'A valid language the user never picked answers the default goal.',
      security,
      querystring: requiredLanguageQuery,
      response: { 200: dailyGoalSchema, ...readErrors() },
    },
    handler: async (request) => currentGoal(request.userId, request.query.language),
  });

  app.post(underUser(API_PATHS.dailyGoal), {
    schema: {
      tags: ['settings'],
      summary: 'Set the daily goal from today on',
      description:
        `The goal (a multiple of ${GOAL_STEP_MINUTES} from ${GOAL_MIN_MINUTES} to ${GOAL_MAX_MINUTES} minutes) holds from \`date\` on; ` +
        'days before it keep the goal they had, so past achievements never change. `date` must be the learner\'s today ' +
        '(within one day of the server\'s UTC date); an earlier date is 400 INVALID_INPUT, a later one 400 FUTURE_DATE as for every date. ' +
        'Saving again on the same day replaces that day\'s entry (and any entry from a later date), so the goal history grows by ' +
        'at most one entry a day. Entries saved before this rule keep working. Days whose achievement the learner set by hand keep it. ' +
        '409 NO_LANGUAGE before a language is chosen.',
      security,
      querystring: emptyQuery,
      body: saveDailyGoalSchema,
      response: { 200: dailyGoalSchema, ...writeErrors(409) },
    },
    handler: async (request) => {
      const { dailyGoalMinutes, date } = request.body;
      checkDate(domain, date);
      if (!isPlausibleToday(domain, date)) throw new ApiHttpError(400, 'INVALID_INPUT', `A daily goal can only be saved for today; ${date} is not today.`);
      const userId = request.userId;
      const language = await languageForWrite(domain, userId);
      await setGoalFrom(app.db, { userId, language }, date, dailyGoalMinutes);
      return { dailyGoalMinutes };
    },
  });
}
