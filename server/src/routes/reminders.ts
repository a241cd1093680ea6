/** The daily reminder (contract, fourth edition): the VAPID key, the settings and the devices reminded. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { emptyQuery, noContent } from '@common/schemas/primitives';
import {
  PUSH_SUBSCRIPTIONS_MAX,
  pushDeviceListSchema,
  pushEndpointBodySchema,
  pushSubscriptionSchema,
  reminderSchema,
  testReminderAnswerSchema,
  vapidKeySchema,
  type PushDeviceList,
  type Reminder,
  type TestReminderAnswer,
} from '@common/schemas/reminders';
import { endpointProblem, subscriptionKeysProblem } from '../domain/pushEndpoint';
import { limitAttempts } from '../domain/rateLimit';
import {
  assertReminderSettings,
  deleteSubscription,
  listSubscriptions,
  nextDueAt,
  readReminder,
  saveReminder,
  saveSubscription,
  toSettings,
} from '../domain/reminders';
import { ApiHttpError } from '../domain/errors';
import { publicErrors, readErrors, security, writeErrors } from './schemas';

/** Test reminders a learner may send a minute: enough to try again, too few to use the server against a push service. */
const TESTS_PER_MINUTE = 5;

const ENDPOINT_RULE =
  'The endpoint must be an https: URL on the default port and must not name a loopback, private, link-local, shared (100.64/10), ' +
  'multicast, reserved or otherwise internal address (IPv4 in any notation, IPv6, IPv4-mapped ::ffff:0:0/96 and IPv4-compatible ' +
  '::/96 IPv6 read as the IPv4 they hold), nor a name such as localhost or one ending in .localhost, .local or .internal, unless ' +
  'its origin is listed in PUSH_ENDPOINT_ORIGINS. The host is checked as the sender connects to it: a host that two URL parsers ' +
  '(WHATWG and the legacy url.parse the sender uses) read differently, that holds anything but letters, digits, "." and "-" (an IPv6 ' +
  'literal in brackets aside: no %, @, \\, spaces, tabs or newlines), or that ends in more than one dot is refused. Else 400 ' +
  'INVALID_INPUT. When a push is sent, the endpoint is checked again by the same rule and every address its name resolves to is ' +
  'checked and is the address connected to; no redirect is followed.';

/** GET /api/push/key: no session needed (the browser subscribes with it before anything else). */
export async function pushKeyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(API_PATHS.pushKey, {
    schema: {
      tags: ['reminder'],
      summary: "The server's VAPID public key",
      description: 'Made at first start and kept in the database, so every process signs with the same pair. No session needed.',
      querystring: emptyQuery,
      response: { 200: vapidKeySchema, ...publicErrors() },
    },
    handler: async () => ({ publicKey: app.reminders.publicKey }),
  });
}

export async function reminderRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();

  app.get(underUser(API_PATHS.reminder), {
    schema: {
      tags: ['reminder'],
      summary: 'The daily reminder',
      description: 'A learner who never set it: `{"enabled": false, "time": "20:00", "timeZone": "UTC", "skipWhenGoalMet": true}`.',
      security,
      querystring: emptyQuery,
      response: { 200: reminderSchema, ...readErrors() },
    },
    handler: async (request): Promise<Reminder> => toSettings(await readReminder(app.db, request.userId)),
  });

  app.put(underUser(API_PATHS.reminder), {
    schema: {
      tags: ['reminder'],
      summary: 'Set the daily reminder',
      description:
        'All four fields. `time` 00:00 to 23:59 (local wall time in `timeZone`), `timeZone` an IANA zone name; else 400 INVALID_INPUT. ' +
        'With the reminder on, one push goes to each of the learner\'s devices once per learner day (their day boundary counts), ' +
        'at the first minute at or after `time` in `timeZone` (a time skipped by a DST change fires when the clocks jump; a repeated ' +
        'one at its first occurrence), never more than 10 minutes late, unless today is a rest day or `skipWhenGoalMet` and today\'s ' +
        'minutes in the current language reach today\'s goal (or the day is marked achieved). Saving a time up to 10 minutes past ' +
        'still reminds today, unless today\'s reminder was already sent.',
      security,
      querystring: emptyQuery,
      body: reminderSchema,
      response: { 200: { ...reminderSchema, description: 'The saved reminder' }, ...writeErrors() },
    },
    handler: async (request): Promise<Reminder> => {
      const settings = request.body;
      assertReminderSettings(settings);
      await saveReminder(app.db, request.userId, settings, nextDueAt(settings, app.now().getTime()));
      return toSettings(await readReminder(app.db, request.userId));
    },
  });

  app.post(underUser(API_PATHS.reminderTest), {
    schema: {
      tags: ['reminder'],
      summary: 'Send a test reminder to one device now',
      description:
        "`endpoint`: one of the learner's devices (this device, in the app). The push has today's words and is sent whatever the " +
        "goal or rest day; it does not count as the day's reminder. An endpoint the learner has not added: 400 INVALID_INPUT. " +
        `At most ${TESTS_PER_MINUTE} a minute per learner (each is a request to a push service): then 429 RATE_LIMITED with Retry-After. ` +
        '`result`: `sent` when the push service accepted it; `gone` when it answered 404 or 410 (the device is removed); `failed` for ' +
        'anything else, including no answer within 6 seconds (one try, no retry), so the call always answers 200 within its deadline. ' +
        'The daily reminder itself retries a push answered 5xx, 429 or not at all once, within its 10-minute window, and removes a ' +
        'device whose push failed 7 daily reminders in a row.',
      security,
      querystring: emptyQuery,
      body: pushEndpointBodySchema,
      response: { 200: testReminderAnswerSchema, ...writeErrors('RATE_LIMITED') },
    },
    handler: async (request): Promise<TestReminderAnswer> => {
      await limitAttempts(app.db, `reminder-test:${request.userId}`, TESTS_PER_MINUTE, 60_000, app.now().getTime());
      const result = await app.reminders.sendTest(request.userId, request.body.endpoint);
      if (!result) throw new ApiHttpError(400, 'INVALID_INPUT', 'This device is not on the list of devices to remind; add it first.');
      return { result };
    },
  });

  app.post(underUser(API_PATHS.pushSubscriptions), {
    schema: {
      tags: ['reminder'],
      summary: 'Add a device to remind',
      description:
        `The body is a browser's PushSubscription.toJSON() (\`expirationTime\` may be present and is not used). ${ENDPOINT_RULE} ` +
        '`keys.p256dh` must be an uncompressed P-256 point on the curve (65 bytes) and `keys.auth` 16 bytes, base64url; else ' +
        `400 INVALID_INPUT. The same endpoint again replaces its keys (and keeps its place). At most ${PUSH_SUBSCRIPTIONS_MAX} ` +
        'devices per learner: adding another drops the oldest. An endpoint belongs to each learner who adds it on that device.',
      security,
      querystring: emptyQuery,
      body: pushSubscriptionSchema,
      response: { 201: noContent, ...writeErrors() },
    },
    handler: async (request, reply) => {
      const { endpoint, keys } = request.body;
      const problem = endpointProblem(endpoint, app.reminders.allowedOrigins) ?? subscriptionKeysProblem(keys);
      if (problem) throw new ApiHttpError(400, 'INVALID_INPUT', problem);
      await saveSubscription(app.db, request.userId, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, app.now().getTime());
      // Created, with no body (not the text `null`).
      const created: FastifyReply = reply;
      return created.code(201).send();
    },
  });

  app.get(underUser(API_PATHS.pushSubscriptions), {
    schema: {
      tags: ['reminder'],
      summary: 'The devices reminded',
      description: 'Oldest first; never the keys. `createdAt`: when the device was first added, ISO 8601 in UTC.',
      security,
      querystring: emptyQuery,
      response: { 200: pushDeviceListSchema, ...readErrors() },
    },
    handler: async (request): Promise<PushDeviceList> =>
      (await listSubscriptions(app.db, request.userId)).map((row) => ({ endpoint: row.endpoint, createdAt: new Date(Number(row.created_at)).toISOString() })),
  });

  app.delete(underUser(API_PATHS.pushSubscriptions), {
    schema: {
      tags: ['reminder'],
      summary: 'Stop reminding a device',
      description: 'Body `{endpoint}`. 204 whether or not the learner had that device (removing twice is no error).',
      security,
      querystring: emptyQuery,
      body: pushEndpointBodySchema,
      response: { 204: noContent, ...writeErrors() },
    },
    handler: async (request, reply) => {
      await deleteSubscription(app.db, request.userId, request.body.endpoint);
      return reply.code(204).send(null);
    },
  });
}
