/**
 * The app in the learner's language (contract, fifth edition): the shipped locales (public), and
 * the account's "App language" and time zone. A token may read the preferences; only the
 * learner's session changes them (PUT is not among a token's calls, plugins/accessTokens.ts).
 */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { DEFAULT_LOCALE, LOCALES } from '@common/locales';
import { localesSchema, preferencesChangeSchema, preferencesSchema, type LocalesAnswer, type Preferences } from '@common/schemas/preferences';
import { emptyQuery } from '@common/schemas/primitives';
import { publicErrors, readErrors, writeErrors, security } from './schemas';
import { assertPreferences, readPreferences, savePreferences } from '../domain/preferences';

export async function localeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(API_PATHS.locales, {
    schema: {
      tags: ['settings'],
      summary: 'The locales the app ships, each named in itself',
      querystring: emptyQuery,
      response: { 200: localesSchema, ...publicErrors() },
    },
    handler: async (): Promise<LocalesAnswer> => ({ default: DEFAULT_LOCALE, locales: LOCALES.map(({ tag, name, dir }) => ({ tag, name, dir })) }),
  });
}

export async function preferenceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(underUser(API_PATHS.preferences), {
    schema: {
      tags: ['settings'],
      summary: "The learner's app language and time zone",
      description: '`uiLocale` null (the default) follows the browser; `timeZone` null until the app sends the device\'s.',
      security,
      querystring: emptyQuery,
      response: { 200: { ...preferencesSchema, description: 'OK' }, ...readErrors() },
    },
    handler: async (request): Promise<Preferences> => readPreferences(app.db, request.userId),
  });

  app.put(underUser(API_PATHS.preferences), {
    schema: {
      tags: ['settings'],
      summary: "Set the learner's app language and/or time zone",
      description:
        'Either or both fields. `uiLocale`: a tag of GET /api/locales, or null to follow the browser; `timeZone`: an IANA zone ' +
        '`Intl` knows, or null. Anything else is 400 INVALID_INPUT and nothing is saved. Answers the saved value.',
      security,
      querystring: emptyQuery,
      body: preferencesChangeSchema,
      response: { 200: { ...preferencesSchema, description: 'The saved value' }, ...writeErrors() },
    },
    handler: async (request): Promise<Preferences> => {
      assertPreferences(request.body);
      await savePreferences(app.db, request.userId, request.body);
      return readPreferences(app.db, request.userId);
    },
  });
}
