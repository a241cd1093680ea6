/** The public list of languages a learner may pick. */
import type { FastifyInstance } from 'fastify';
import { emptyQuery, publicErrors } from './schemas';

const byName = (a: string, b: string) => a.localeCompare(b, 'en');

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
      // Sorted here rather than in SQL so both databases give the same (English) order.
      return rows.map((r) => r.name).sort(byName).map((name) => ({ name }));
    },
  });
}
