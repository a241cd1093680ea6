/** The public list of languages a learner may pick. */
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { languagesSchema } from '@common/schemas/languages';
import { emptyQuery } from '@common/schemas/primitives';
import { publicErrors } from './schemas';
import { byName, offeredLanguages } from '../domain/languages';

export async function languageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(API_PATHS.languages, {
    schema: {
      tags: ['languages'],
      summary: 'Every language a learner may pick, sorted by name',
      querystring: emptyQuery,
      response: { 200: languagesSchema, ...publicErrors() },
    },
    handler: async () => {
      return (await offeredLanguages(app.db)).sort(byName).map((name) => ({ name }));
    },
  });
}
