/** Minutes per skill per day: add to today, edit any day up to today, read one day or all. */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { ADD_MINUTES_MAX, ADD_MINUTES_MIN, DAILY_SKILL_LIMIT_MINS, DAILY_TOTAL_LIMIT_MINS, KEYED_ADD_DAYS_BACK } from '@common/domain';
import {
  activityRecordSchema, addDailyActivitySchema, addHeadersSchema, dailyMinutesSchema, dayQuerySchema, editDailyActivitySchema, writeLanguageQuery,
} from '@common/schemas/activity';
import { activityRangeQuerySchema } from '@common/schemas/calendar';
import { RECORDS_PER_CHUNK } from '../domain/activityRecord';
import { addToDay } from '../domain/adds';
import { editDay } from '../domain/dayEdit';
import { dayMinutes, recordsOfRange } from '../domain/days';
import { WRITE_LANGUAGE_RULE } from '../domain/languages';
import { KEY_RETENTION_DAYS, KEYS_PER_LEARNER, KEYS_PER_TOKEN } from '../plugins/keyPruning';
import { readErrors, writeErrors, security } from './schemas';

const recordAnswer = { ...activityRecordSchema, description: "The day's record after the change" };

export async function activityRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const domain = { db: app.db, now: app.now };
  app.get(underUser(API_PATHS.dailyActivity), {
    schema: {
      tags: ['activity'],
      summary: "One day's minutes",
      description: 'For the current language, or ?language=X. Zeros for a day without a record or before a language is chosen.',
      security,
      querystring: dayQuerySchema,
      response: { 200: dailyMinutesSchema, ...readErrors() },
    },
    handler: async (request) => dayMinutes(domain, request.userId, request.query, request.account),
  });

  app.get(underUser(API_PATHS.dailyActivityAll), {
    schema: {
      tags: ['activity'],
      summary: 'The recorded days of a date range (default: all), oldest first',
      description:
        '`from` and `to` are inclusive and each optional; `from` after `to` is 400 INVALID_INPUT. The dashboard asks for one month at a time. ' +
        '`achieved` is the learner\'s own answer from the edit dialog when given, else whether the day\'s total reached the goal in force on that day. ' +
        'Empty before a language is chosen. The cost is linear in the days answered (days and goal changes are merged in one pass); ' +
        `a long answer is read and sent ${RECORDS_PER_CHUNK} days at a time, letting other requests run in between. A process gives a shorter answer ` +
        "again while the language's days and goals have not changed (one primary-key read).",
      security,
      querystring: activityRangeQuerySchema,
      response: { 200: { type: 'array', items: activityRecordSchema, description: 'Records sorted by date' }, ...readErrors() },
    },
    handler: async (request, reply) => {
      const answer = await recordsOfRange(domain, request.userId, request.query, request.account);
      if (Array.isArray(answer)) return answer;
      // A stream bypasses the response schema; toRecords builds every record in exactly its shape.
      const streaming: FastifyReply = reply;
      return streaming.type('application/json; charset=utf-8').send(Readable.from(answer));
    },
  });

  app.post(underUser(API_PATHS.dailyActivity), {
    schema: {
      tags: ['activity'],
      summary: 'Add minutes to one skill today',
      description:
        `Adds ${ADD_MINUTES_MIN} to ${ADD_MINUTES_MAX} minutes to exactly one skill (name exactly one of the four fields). ` +
        `\`date\` must be the learner's today (within one day of the server's UTC date); earlier days are edited with PATCH. ` +
        `One skill holds at most ${DAILY_SKILL_LIMIT_MINS} minutes a day (else DAILY_TIME_EXCEEDED) and all four together at most ` +
        `${DAILY_TOTAL_LIMIT_MINS} (else TOTAL_DAILY_TIME_EXCEEDED); a rejected add changes nothing. Concurrent adds never lose minutes.\n\n` +
        'With an `Idempotency-Key` header (third edition) the add applies exactly once: the first answer (200, or a 4xx other than a ' +
        "malformed request) is stored with the key in the add's own transaction; the same key with the same language, date, skill " +
        'and minutes gets that answer again, byte for byte, with `Idempotent-Replayed: true`, at any later time; with another body ' +
        '422 IDEMPOTENCY_KEY_REUSED; while the first is still in progress the second waits for it and gets its answer (or 409 ' +
        `IDEMPOTENCY_KEY_IN_USE). A 5xx is not stored. A keyed add may name a day up to ${KEYED_ADD_DAYS_BACK} days before today. ` +
        `Keys are kept ${KEY_RETENTION_DAYS} days after their first use, then pruned in the background; deleting the account deletes them. ` +
        `Keys are bounded per credential, refused adds' keys included: the learner's own sessions hold at most ${KEYS_PER_LEARNER.toLocaleString('en')} ` +
        `at once, and each access token at most ${KEYS_PER_TOKEN.toLocaleString('en')} of its own (counted apart, so no token can make the learner's ` +
        'own adds 429). Past its bound an add with a new key is 429 RATE_LIMITED with Retry-After (the seconds until that credential\'s oldest key ' +
        'expires) and changes nothing; a key already held still gets its stored answer, and an add without a key is not counted. Revoking a ' +
        'token deletes the keys it made.\n\n' +
        WRITE_LANGUAGE_RULE +
        " The key's stored body includes the language the add resolved to, so a retry after a language switch elsewhere is the same " +
        'request and lands where the first one did: a retry naming the same ?language= replays the stored answer, one naming another ' +
        'language is 422 IDEMPOTENCY_KEY_REUSED, and a retry WITHOUT ?language= (whose first use resolved to the then current ' +
        'language) is the same request whatever the current language is now, so it replays the stored answer too. A 400 ' +
        'UNKNOWN_LANGUAGE or 409 LANGUAGE_NOT_STARTED is not stored with the key.',
      security,
      querystring: writeLanguageQuery,
      headers: addHeadersSchema,
      body: addDailyActivitySchema,
      response: { 200: recordAnswer, ...writeErrors('NO_LANGUAGE', 'LANGUAGE_NOT_STARTED', 'IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENCY_KEY_REUSED', 'RATE_LIMITED') },
    },
    handler: async (request, reply) => {
      const add = {
        userId: request.userId,
        account: request.account,
        requested: request.query.language,
        body: request.body,
        key: request.headers['idempotency-key'],
        tokenId: request.accessTokenId,
      };
      const added = await addToDay(domain, add, (record) => reply.serialize(record) as string, app.keyLimit);
      if ('record' in added) return added.record;
      // The stored bytes are the answer, whatever its status: sent as they are, not serialized again.
      const stored: FastifyReply = reply;
      if (added.replayed) stored.header('idempotent-replayed', 'true');
      return stored.code(added.stored.status).type('application/json; charset=utf-8').send(added.stored.body);
    },
  });

  app.patch(underUser(API_PATHS.dailyActivity), {
    schema: {
      tags: ['activity'],
      summary: "Set a day's minutes",
      description:
        `Sets all four skills of a day (each 0 to ${DAILY_SKILL_LIMIT_MINS}, together at most ${DAILY_TOTAL_LIMIT_MINS}, same errors as adding). ` +
        '`isToday` must agree with the server: true only within one day of its UTC date, false only for dates up to its UTC date ' +
        '(a later date is today somewhere, never the past). Dates before 2000-01-01 are 400 INVALID_INPUT. `achieved` may be sent only when isToday is false; omitted, the learner\'s ' +
        'earlier answer (if any) stays. A date after every learner\'s today is FUTURE_DATE.\n\n' +
        WRITE_LANGUAGE_RULE,
      security,
      querystring: writeLanguageQuery,
      body: editDailyActivitySchema,
      response: { 200: recordAnswer, ...writeErrors(409) },
    },
    handler: async (request) => editDay(domain, request.userId, request.body, request.account, request.query.language),
  });
}
