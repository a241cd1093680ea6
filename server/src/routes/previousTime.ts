/** Hours studied before using the tracker; they count towards the level. */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { PREVIOUS_HOURS_MAX, PREVIOUS_HOURS_STEP } from '@common/domain';
import { previousTimeSchema } from '@common/schemas/previousTime';
import { emptyQuery, languageQuery, requiredLanguageQuery } from '@common/schemas/primitives';
import { readErrors, writeErrors, security } from './schemas';
import { languageForRead, languageForWrite, languageSettings, savePreviousHours } from '../domain/languages';

const answer = { ...previousTimeSchema, description: 'Previous hours of the language' };

export async function previousTimeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const domain = { db: app.db, now: app.now };
  async function read(userId: number, requested: string | undefined) {
    const language = await languageForRead(domain, userId, requested);
    const { previousHours } = await languageSettings(app.db, userId, language);
    return { previousHours };
  }

  app.get(underUser(API_PATHS.previousTime), {
    schema: {
      tags: ['settings'],
      summary: 'Previous hours of the current language (or ?language=X)',
      description: 'Default 0 before a language is chosen or for a language never picked.',
      security,
      querystring: languageQuery,
      response: { 200: answer, ...readErrors() },
    },
    handler: async (request) => read(request.userId, request.query.language),
  });

  app.get(underUser(API_PATHS.previousTimeByLanguage), {
    schema: {
      tags: ['settings'],
      summary: 'Previous hours of one language',
      security,
      querystring: requiredLanguageQuery,
      response: { 200: answer, ...readErrors() },
    },
    handler: async (request) => read(request.userId, request.query.language),
  });

  app.post(underUser(API_PATHS.previousTime), {
    schema: {
      tags: ['settings'],
      summary: 'Set previous hours of the current language',
      description: `A multiple of ${PREVIOUS_HOURS_STEP} from 0 to ${PREVIOUS_HOURS_MAX}. 409 NO_LANGUAGE before a language is chosen.`,
      security,
      querystring: emptyQuery,
      body: previousTimeSchema,
      response: { 200: answer, ...writeErrors('NO_LANGUAGE') },
    },
    handler: async (request) => {
      const { previousHours } = request.body;
      const language = await languageForWrite(domain, request.userId);
      await savePreviousHours(app.db, { userId: request.userId, language }, previousHours);
      return { previousHours };
    },
  });
}
