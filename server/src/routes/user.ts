/** The current language and the account itself. */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { chooseLanguageSchema, hasLanguageSchema, languageSchema, userLanguageSchema } from '@common/schemas/languages';
import { emptyQuery, noContent } from '@common/schemas/primitives';
import { readErrors, writeErrors, security } from './schemas';
import { deleteAccount } from '../domain/accounts';
import { assertKnownLanguage, chooseLanguage, currentLanguage } from '../domain/languages';
import { rejectBody } from '../plugins/requests';

export async function userRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(underUser(API_PATHS.language), {
    schema: {
      tags: ['languages'],
      summary: 'The current language',
      security,
      querystring: emptyQuery,
      response: { 200: userLanguageSchema, ...readErrors() },
    },
    handler: async (request) => ({ name: await currentLanguage(app.db, request.userId) }),
  });

  app.post(underUser(API_PATHS.language), {
    schema: {
      tags: ['languages'],
      summary: 'Make a language the current one',
      description:
        'The first pick of a language starts it with the defaults (goal 30 minutes, previous hours 0, milestones 50/200/400/800/1200/1800 hours); ' +
        'switching back to a language keeps all of its data.',
      security,
      querystring: emptyQuery,
      body: chooseLanguageSchema,
      response: { 200: { ...languageSchema, description: 'The new current language' }, ...writeErrors() },
    },
    handler: async (request) => {
      const { name } = request.body;
      await assertKnownLanguage(app.db, name);
      await chooseLanguage(app.db, request.userId, name, app.now().getTime());
      return { name };
    },
  });

  app.get(underUser(API_PATHS.hasLanguage), {
    schema: {
      tags: ['languages'],
      summary: 'Whether a current language is chosen',
      security,
      querystring: emptyQuery,
      response: { 200: hasLanguageSchema, ...readErrors() },
    },
    handler: async (request) => ({ hasLanguage: (await currentLanguage(app.db, request.userId)) !== null }),
  });

  app.delete(underUser(API_PATHS.user), {
    preValidation: rejectBody,
    schema: {
      tags: ['progress'],
      summary: 'Delete the account',
      description: 'Deletes the user, every session and all data at once. The email can register again afterwards.',
      security,
      querystring: emptyQuery,
      response: { 204: noContent, ...writeErrors() },
    },
    handler: async (request, reply) => {
      await deleteAccount(app.db, request.userId);
      await app.endSession(request, reply);
      return reply.code(204).send(null);
    },
  });
}
