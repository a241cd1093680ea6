/** The running timer (contract, third edition): kept on the server so every device sees the same clock. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_PATHS, underUser } from '@common/apiPaths';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { emptyQuery, noContent } from '@common/schemas/primitives';
import { startTimerConflictSchema, startTimerSchema, timerAnswerSchema, timerParamsSchema, type TimerAnswer } from '@common/schemas/timer';
import { writeLanguageQuery } from '@common/schemas/activity';
import { WRITE_LANGUAGE_RULE } from '../domain/languages';
import { KEY_RETENTION_DAYS } from '../plugins/keyPruning';
import { runningTimer, startLearnerTimer, stopLearnerTimer } from '../domain/timer';
import { readErrors, security, writeErrors } from './schemas';

const timerPath = underUser(API_PATHS.timer);

export async function timerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const domain = { db: app.db, now: app.now };

  app.get(timerPath, {
    schema: {
      tags: ['timer'],
      summary: 'The running timer, if any',
      description: 'At most one timer runs per learner. The server never turns its time into minutes: the client does, when it stops it.',
      security,
      querystring: emptyQuery,
      response: { 200: { ...timerAnswerSchema, description: '`timer` is null when none runs' }, ...readErrors() },
    },
    handler: async (request): Promise<TimerAnswer> => {
      return { timer: await runningTimer(domain, request.userId) };
    },
  });

  app.put(timerPath, {
    schema: {
      tags: ['timer'],
      summary: 'Start a timer for the current language, or ?language=X',
      description:
        '`id` is made by the client; `startedAt` is the instant of the tap, accepted when at most 2 minutes after the server\'s clock ' +
        'and at most 24 hours before it (else 400 INVALID_INPUT), so a start made offline keeps its instant. Answers 200 with the timer ' +
        'that runs: the new one, or, for the same `id` again, the stored one whatever its `startedAt` and whatever the body and query ' +
        'now say (a retry starts nothing new; the bounds apply to a new start only). Another timer running (a different `id`): 409 ' +
        'TIMER_RUNNING with that timer under `timer`. The `id` of a timer that ran and was stopped: 409 TIMER_STOPPED and ' +
        `nothing starts, so a late retry never restarts it; stopped ids are kept ${KEY_RETENTION_DAYS} days, as ` +
        'idempotency keys are. Before a language is chosen: 409 NO_LANGUAGE.\n\n' +
        WRITE_LANGUAGE_RULE +
        ' The timer runs in that language (its `language`), and its stop adds its minutes there.',
      security,
      querystring: writeLanguageQuery,
      body: startTimerSchema,
      response: { 200: { ...timerAnswerSchema, description: 'The running timer' }, ...writeErrors(), 409: startTimerConflictSchema },
    },
    handler: async (request, reply) => {
      const { id, skill, startedAt } = request.body;
      const { timer, conflict } = await startLearnerTimer(domain, request.userId, request.account, { id, skill, startedAt, language: request.query.language });
      if (!conflict) return { timer };
      const answer: FastifyReply = reply;
      return answer.code(409).send({
        error: 'TIMER_RUNNING',
        message: `A ${timer.skill} timer is already running; stop it before starting another.`,
        timer,
      });
    },
  });

  app.delete(`${timerPath}/:id`, {
    schema: {
      tags: ['timer'],
      summary: 'Stop a timer',
      description:
        '204 whether or not that timer runs (stopping twice, or from two devices, is harmless). The client first sends the minutes as ' +
        'keyed adds, one per local day the timer ran (`Idempotency-Key: <timer id>:<date>`, `?language=` the timer\'s language), so a stop ' +
        'retried from anywhere adds nothing twice: a second stop from another device with other minutes gets 422 IDEMPOTENCY_KEY_REUSED ' +
        'on those keys and adds nothing. The id of a timer that ran is kept as stopped (a later PUT with it is 409 TIMER_STOPPED); an id ' +
        'that never ran is not kept.',
      security,
      querystring: emptyQuery,
      params: timerParamsSchema,
      response: { 204: noContent, ...writeErrors() },
    },
    handler: async (request, reply) => {
      await stopLearnerTimer(domain, request.userId, request.params.id);
      const noContent: FastifyReply = reply;
      return noContent.code(204).send();
    },
  });
}
