/** The public list of languages a learner may pick. */
import type { FastifyInstance } from 'fastify';
import { emptyQuery, publicErrors } from './schemas';
import { byName } from './shared';

export async function languageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/languages', {
    schema: {
      tags: ['languages'],
      summary: 'Every language a learner may pick, sorted by name',
      querystring: emptyQuery,
      response: {
        200: {
          description: 'Languages sorted by name',
          type: 'array',
          items: { type: 'object', additionalProperties: false, required: ['name'], properties: { name: { type: 'string' } } },
        },
        ...publicErrors(),
      },
    },
    handler: async () => {
      const rows = await app.db.selectFrom('languages').select('name').execute();
      return rows.map((r) => r.name).sort(byName).map((name) => ({ name }));
    },
  });
}
