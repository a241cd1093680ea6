/** The daily goal, with history: a new goal holds from its date on, earlier days keep theirs. */
import type { FastifyInstance } from 'fastify';
import { GOAL_MAX_MINUTES, GOAL_MIN_MINUTES, GOAL_STEP_MINUTES } from '@common/domain';
import { dateSchema, languageQuery, readErrors, requiredLanguageQuery, emptyQuery, writeErrors, security } from './schemas';
import { checkDate, goalHistory, goalOn, languageForRead, languageForWrite } from './shared';

const goalMinutes = { type: 'integer', minimum: GOAL_MIN_MINUTES, maximum: GOAL_MAX_MINUTES, multipleOf: GOAL_STEP_MINUTES } as const;
const goalAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['dailyGoalMinutes'],
  properties: { dailyGoalMinutes: goalMinutes },
  description: 'The goal in force today',
} as const;

export async function goalRoutes(app: FastifyInstance): Promise<void> {
  async function currentGoal(userId: number, requested: string | undefined) {
    const language = await languageForRead(app, userId, requested);
    const history = await goalHistory(app.db, userId, language);
    // The newest entry: a learner ahead of UTC may already have set a goal from "tomorrow".
    return { dailyGoalMinutes: goalOn(history, '9999-12-31') };
  }

  app.get('/daily-goal', {
    schema: {
      tags: ['settings'],
      summary: 'The daily goal of the current language (or ?language=X)',
      description: 'Defaults (30) before a language is chosen or for a language never picked.',
      security,
      querystring: languageQuery,
      response: { 200: goalAnswer, ...readErrors() },
    },
    handler: async (request) => currentGoal(request.userId, (request.query as { language?: string }).language),
  });

  app.get('/daily-goal/by-language', {
    schema: {
      tags: ['settings'],
      summary: 'The daily goal of one language',
      description: 'A valid language the user never picked answers the default goal.',
      security,
      querystring: requiredLanguageQuery,
      response: { 200: goalAnswer, ...readErrors() },
    },
    handler: async (request) => currentGoal(request.userId, (request.query as { language: string }).language),
  });

  app.post('/daily-goal', {
    schema: {
      tags: ['settings'],
      summary: 'Set the daily goal from a date on',
      description:
        `The goal (a multiple of ${GOAL_STEP_MINUTES} from ${GOAL_MIN_MINUTES} to ${GOAL_MAX_MINUTES} minutes) holds from \`date\` on; ` +
        'days before it keep the goal they had, so past achievements never change. Goals set for later dates are replaced. ' +
        'Days whose achievement the learner set by hand keep it. 409 NO_LANGUAGE before a language is chosen.',
      security,
      querystring: emptyQuery,
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['dailyGoalMinutes', 'date'],
        properties: { dailyGoalMinutes: goalMinutes, date: dateSchema },
      },
      response: { 200: goalAnswer, ...writeErrors(409) },
    },
    handler: async (request) => {
      const { dailyGoalMinutes, date } = request.body as { dailyGoalMinutes: number; date: string };
      checkDate(app, date);
      const userId = request.userId;
      const language = await languageForWrite(app, userId);
      await app.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('daily_goals').where('user_id', '=', userId).where('language', '=', language).where('effective_from', '>=', date).execute();
        await trx.insertInto('daily_goals').values({ user_id: userId, language, effective_from: date, minutes: dailyGoalMinutes }).execute();
      });
      return { dailyGoalMinutes };
    },
  });
}
