/** Level milestones: the hours at which levels 1 to 6 begin, per language. */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { areValidMilestones, MILESTONE_KEYS, MILESTONE_MAX_HOURS, MILESTONE_MIN_HOURS, type Milestones } from '@common/domain';
import { milestonesSchema } from '@common/schemas/milestones';
import { emptyQuery, languageQuery, requiredLanguageQuery } from '@common/schemas/primitives';
import { ApiHttpError } from '../domain/errors';
import { readErrors, writeErrors, security } from './schemas';
import { languageForRead, languageForWrite, languageSettings, saveMilestones } from '../domain/languages';

const answer = { ...milestonesSchema, description: 'Hours at which each level begins' };

export async function milestoneRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const domain = { db: app.db, now: app.now };
  async function read(userId: number, requested: string | undefined): Promise<Milestones> {
    const language = await languageForRead(domain, userId, requested);
    return (await languageSettings(app.db, userId, language)).milestones;
  }

  app.get(underUser(API_PATHS.milestones), {
    schema: {
      tags: ['settings'],
      summary: 'Milestones of the current language (or ?language=X)',
      description: 'Defaults 50/200/400/800/1200/1800 before a language is chosen or for a language never picked.',
      security,
      querystring: languageQuery,
      response: { 200: answer, ...readErrors() },
    },
    handler: async (request) => read(request.userId, request.query.language),
  });

  app.get(underUser(API_PATHS.milestonesByLanguage), {
    schema: {
      tags: ['settings'],
      summary: 'Milestones of one language',
      security,
      querystring: requiredLanguageQuery,
      response: { 200: answer, ...readErrors() },
    },
    handler: async (request) => read(request.userId, request.query.language),
  });

  app.post(underUser(API_PATHS.milestones), {
    schema: {
      tags: ['settings'],
      summary: 'Set the milestones of the current language',
      description:
        `Whole hours, strictly increasing, level1 at least ${MILESTONE_MIN_HOURS} and level6 at most ${MILESTONE_MAX_HOURS}, ` +
        'else 400 INVALID_MILESTONES. 409 NO_LANGUAGE before a language is chosen.',
      security,
      querystring: emptyQuery,
      body: milestonesSchema,
      response: { 200: answer, ...writeErrors('NO_LANGUAGE') },
    },
    handler: async (request) => {
      const milestones = request.body;
      if (!areValidMilestones(milestones)) {
        throw new ApiHttpError(
          400,
          'INVALID_MILESTONES',
          `Each level needs more hours than the one before, from ${MILESTONE_MIN_HOURS} up to ${MILESTONE_MAX_HOURS.toLocaleString('en')} hours.`,
        );
      }
      const language = await languageForWrite(domain, request.userId);
      const values = Object.fromEntries(MILESTONE_KEYS.map((k) => [k, milestones[k]])) as Milestones;
      await saveMilestones(app.db, { userId: request.userId, language }, values);
      return values;
    },
  });
}
