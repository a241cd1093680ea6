/** GET /api/user/export: every language the learner started, with its settings and days, as JSON or CSV. */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import { exportAnswer, exportQuerySchema, type ExportFormat } from '@common/schemas/data';
import { csvExport, jsonExport } from '../transfer/exportFile';
import { HEAVY_CALL_RULE, readErrors, security } from './schemas';
import { utcToday } from '../domain/dates';

// Without the type provider: the answer is a stream, which its typed reply would not accept.
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const domain = { db: app.db, now: app.now };
  app.get<{ Querystring: { format?: ExportFormat } }>(underUser(API_PATHS.export), {
    config: { heavy: 'transfer' },
    schema: {
      tags: ['data'],
      summary: "Download all of the learner's data",
      description:
        'A file to keep or to import again (POST /api/user/import), named lingualog-export-YYYY-MM-DD with the server\'s UTC date. ' +
        'json: every language the learner started with its goal history, previous hours, milestones and every recorded day, plus the ' +
        'rest days; the goal that held since the language was started is written from 2000-01-01. csv (RFC 4180, UTF-8): one row per ' +
        'recorded day, by language then date; a cell a spreadsheet would run as a formula (starting with = + - @) gets a leading \'. ' +
        'The file is streamed a page of days at a time. ' +
        HEAVY_CALL_RULE,
      security,
      querystring: exportQuerySchema,
      response: {
        200: exportAnswer,
        ...readErrors('RATE_LIMITED'),
      },
    },
    handler: async (request, reply) => {
      const format = request.query.format ?? 'json';
      const filename = `lingualog-export-${utcToday(domain)}.${format}`;
      const chunks = format === 'csv' ? csvExport(app.db, request.userId) : jsonExport(app.db, request.userId, app.now());
      return reply
        .header('content-disposition', `attachment; filename="${filename}"`)
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
        .send(Readable.from(chunks));
    },
  });
}
