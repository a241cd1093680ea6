/** Overall minutes, the level, the languages started, and the month total for the calendar. */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { SKILLS, levelForHours, levelHours } from '@common/domain';
import { languageQuery } from '@common/schemas/primitives';
import { monthlyTotalSchema, monthTotalQuerySchema, progressSchema } from '@common/schemas/progress';
import { readErrors, security } from './schemas';
import { languageForRead, startedLanguageSettings } from '../domain/languages';
import { monthTotal } from '../domain/days';
import { checkRealDate } from '../domain/dates';

export async function progressRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const domain = { db: app.db, now: app.now };
  app.get(underUser(API_PATHS.progress), {
    schema: {
      tags: ['progress'],
      summary: 'Overall minutes and level',
      description:
        'Level: the highest L in 1..6 with floor(totalOverallMins / 60) + previousHours >= milestone L, else 0. ' +
        'For the current language, or ?language=X; zeros and level 0 before a language is chosen.',
      security,
      querystring: languageQuery,
      response: { 200: progressSchema, ...readErrors() },
    },
    handler: async (request) => {
      const userId = request.userId;
      const language = await languageForRead(domain, userId, request.query.language, request.account);
      // Running totals kept by every activity write (db/activity.ts): the cost of this read does not grow with history.
      // One query for the started languages and the shown one's settings (a language not started has the defaults).
      const { settings, started } = await startedLanguageSettings(app.db, userId, language);
      const perSkill = settings.totals;
      const totalOverallMins = SKILLS.reduce((sum, skill) => sum + perSkill[skill], 0);
      return {
        currentLevel: levelForHours(levelHours(totalOverallMins, settings.previousHours), settings.milestones),
        totalOverallMins,
        listeningOverallMins: perSkill.listening,
        readingOverallMins: perSkill.reading,
        speakingOverallMins: perSkill.speaking,
        writingOverallMins: perSkill.writing,
        languages: started.map((name) => ({ name })),
      };
    },
  });

  app.get(underUser(API_PATHS.calendarMonthTotal), {
    schema: {
      tags: ['progress'],
      summary: 'Minutes logged in the calendar month containing ?today',
      description: 'For the current language, or ?language=X; 0 before a language is chosen.',
      security,
      querystring: monthTotalQuerySchema,
      response: { 200: monthlyTotalSchema, ...readErrors() },
    },
    handler: async (request) => {
      const { today, language: requested } = request.query;
      checkRealDate(today, 'today');
      const language = await languageForRead(domain, request.userId, requested, request.account);
      if (!language) return { monthlyTotalMins: 0 };
      const month = today.slice(0, 7);
      return { monthlyTotalMins: await monthTotal(app.db, { userId: request.userId, language, from: `${month}-01`, to: `${month}-31` }) };
    },
  });
}
