/**
 * Builds the API: database, security, errors, sessions, OpenAPI docs, then one route plugin
 * per domain and, when a built SPA exists, the static files with the SPA fallback.
 */
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { createDatabase, migrateToLatest } from './db';
import { usesBearer } from './plugins/accessTokens';
import { registerAuth, type SessionOptions } from './plugins/auth';
import { DEFAULT_REQUEST_TIMEOUT_MS, registerDeadline } from './plugins/availability';
import { clientErrorHandler } from './plugins/clientErrors';
import { registerDocs } from './plugins/docs';
import { registerDraining } from './plugins/draining';
import { registerErrors } from './plugins/errors';
import { registerAnswerLocale } from './plugins/answerLocale';
import { timerRoutes } from './routes/timer';
import { tokenRoutes } from './routes/tokens';
import { registerKeyPruning } from './plugins/keyPruning';
import { registerHeavyCalls, type HeavyCallOptions } from './plugins/heavyCalls';
import { registerInputHygiene } from './plugins/inputHygiene';
import { registerJsonBody } from './plugins/jsonBody';
import type { HashQueueOptions } from './plugins/hashQueue';
import { registerSecurity } from './plugins/security';
import { registerMail, type MailOptions } from './plugins/mail';
import { registerReminders, type ReminderOptions } from './plugins/reminders';
import { parseEndpointOrigins } from './domain/pushEndpoint';
import { registerSpa, type SpaFallback } from './plugins/spa';
import type { ScreenOptions } from './plugins/serverScreen';
import { PRODUCTION_HASH_COST, type HashCost } from './plugins/password';
import { activityRoutes } from './routes/activity';
import { authRoutes } from './routes/auth';
import { calendarRoutes } from './routes/calendar';
import { exportRoutes } from './routes/export';
import { goalRoutes } from './routes/goal';
import { healthRoutes } from './routes/health';
import { importRoutes } from './routes/import';
import { languageRoutes } from './routes/languages';
import { milestoneRoutes } from './routes/milestones';
import { previousTimeRoutes } from './routes/previousTime';
import { progressRoutes } from './routes/progress';
import { restDayRoutes } from './routes/restDays';
import { dayBoundaryRoutes } from './routes/dayBoundary';
import { pushKeyRoutes, reminderRoutes } from './routes/reminders';
import { statsRoutes } from './routes/stats';
import { userRoutes } from './routes/user';
import { localeRoutes, preferenceRoutes } from './routes/preferences';
import { passwordChangeRoutes, passwordResetRoutes } from './routes/passwords';

export interface AppOptions {
  databaseUrl: string;
  corsOrigins?: string[];
  production?: boolean;
  cookieSameSite?: 'lax' | 'strict' | 'none';
  /** true (every hop), a hop count, or the proxies' addresses/CIDRs; see config.ts. */
  trustProxy?: boolean | number | string[];
  logger?: boolean | object;
  spaDir?: string | null;
  /** The server's render of the dashboard's first screen (plugins/serverScreen.ts): `onRender` is called for each render made. */
  serverScreen?: ScreenOptions;
  passwordHashCost?: HashCost;
  sessionIdleMs?: number;
  sessionAbsoluteMs?: number;
  now?: () => Date;
  rateLimit?: {
    loginPerIpPerWindow?: number;
    loginPerAccountPerWindow?: number;
    windowMs?: number;
    loginFailuresPerIpPerMinute?: number;
    signupsPerIpPerHour?: number;
  };
  hashQueue?: HashQueueOptions;
  /** Every request is answered (503 at worst) within this time. */
  requestTimeoutMs?: number;
  /**
   * Import, export and stats: their deadline (default requestTimeoutMs), which aborts the work
   * rather than answering beside it, and how many run and wait at once (plugins/heavyCalls.ts).
   */
  heavyCalls?: HeavyCallOptions & { deadlineMs?: number };
  /** PostgreSQL connect and statement timeout. */
  databaseTimeoutMs?: number;
  /** Idempotency keys a learner holds at once before a new one is 429 (default 10,000; plugins/keyPruning.ts). */
  keysPerLearner?: number;
  /** Idempotency keys one access token holds at once before a new one is 429 (default 2,000; plugins/keyPruning.ts). */
  keysPerToken?: number;
  /** Outgoing mail (password resets): SMTP_URL, MAIL_FROM, PUBLIC_URL; without smtpUrl nothing is sent. */
  mail?: MailOptions;
  /**
   * The daily reminder (plugins/reminders.ts): VAPID_SUBJECT, PUSH_ENDPOINT_ORIGINS (when not given, read from the
   * environment, so a test or a script building the app sees the same rule), a CA to trust, the scheduler on or off.
   */
  push?: ReminderOptions;
}

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const BODY_LIMIT_BYTES = 16 * 1024;

// Passwords and cookies must never reach the logs, whatever the log level.
const REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'req.body', 'body', 'password'];

/** Query parameters a token may be sent in by mistake. */
const TOKEN_PARAMETER = /([?&](?:access_token|token)=)[^&#]*/gi;
/** Anything shaped like one of our access tokens, wherever it stands in the URL. */
const TOKEN_SHAPE = /lingualog_pat_[^&#/?\s]*/gi;

/**
 * A URL as the log may hold it: a token sent in the query (`?access_token=`, `?token=`) or
 * anywhere else in the URL is never used (contract, fifth edition) and never written down.
 */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_PARAMETER, '$1[redacted]').replace(TOKEN_SHAPE, 'lingualog_pat_[redacted]');
}

type LoggedRequest = { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } };

function loggerOption(logger: AppOptions['logger']): boolean | object {
  if (!logger) return false;
  const given = typeof logger === 'object' ? (logger as { serializers?: Record<string, (value: unknown) => unknown> }) : {};
  const request = given.serializers?.req as ((req: LoggedRequest) => Record<string, unknown>) | undefined;
  return {
    ...given,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      ...given.serializers,
      // Fastify's own request fields (or the caller's), always with the URL redacted.
      req: (req: LoggedRequest) => {
        const fields = request ? request(req) : { method: req.method, url: req.url, host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
        return typeof fields.url === 'string' ? { ...fields, url: redactUrl(fields.url) } : fields;
      },
    },
  };
}

/**
 * A hop count trusts that many proxies in front, whoever connects: right only when the server
 * cannot be reached except through them. Fastify itself ignores a number, hence the function.
 */
function trustProxyOption(trust: AppOptions['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust ?? false;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A signed-out call's 401 under /api/user, answered once its small body was read (preValidation). */
    deferredRefusal: Error | null;
  }
}

/** A body of at most the default limit, announced by its length: read like a public call's body. */
const smallBody = (request: FastifyRequest) => {
  const length = Number(request.headers['content-length'] ?? 0);
  return length > 0 && length <= BODY_LIMIT_BYTES;
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOption(options.logger),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(options.trustProxy),
    clientErrorHandler,
    // A request already on an accepted connection when the server closes is served, not refused: nginx
    // never resends a refused POST. Idle keep-alive connections are closed at once (server.ts).
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });

  const db = createDatabase(options.databaseUrl, { timeoutMs: options.databaseTimeoutMs });
  try {
    await migrateToLatest(db);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  app.decorate('db', db);
  app.decorate('now', options.now ?? (() => new Date()));
  app.addHook('onClose', async () => db.destroy());

  const session: SessionOptions = {
    secureCookie: Boolean(options.production) || options.cookieSameSite === 'none',
    sameSite: options.cookieSameSite ?? 'lax',
    idleMs: options.sessionIdleMs ?? 30 * DAY_MS,
    absoluteMs: options.sessionAbsoluteMs ?? 90 * DAY_MS,
    hashCost: options.passwordHashCost ?? PRODUCTION_HASH_COST,
    hashQueue: options.hashQueue,
    rateLimit: {
      perIp: options.rateLimit?.loginPerIpPerWindow ?? 50,
      perAccount: options.rateLimit?.loginPerAccountPerWindow ?? 10,
      windowMs: options.rateLimit?.windowMs ?? 15 * MINUTE_MS,
      failuresPerIpShort: options.rateLimit?.loginFailuresPerIpPerMinute ?? 20,
      shortWindowMs: MINUTE_MS,
      signupsPerIp: options.rateLimit?.signupsPerIpPerHour ?? 10,
      signupWindowMs: 60 * MINUTE_MS,
    },
  };

  let spaFallback: SpaFallback | null = null;
  registerDraining(app);
  const defaultMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  registerDeadline(app, { defaultMs, heavyMs: options.heavyCalls?.deadlineMs ?? defaultMs });
  registerHeavyCalls(app, options.heavyCalls);
  registerErrors(app, (request, reply) => spaFallback?.(request, reply) ?? null);
  registerAnswerLocale(app);
  await registerSecurity(app, { corsOrigins: options.corsOrigins ?? [], production: Boolean(options.production) });
  registerJsonBody(app);
  registerInputHygiene(app);
  registerKeyPruning(app, options.keysPerLearner, options.keysPerToken);
  await registerAuth(app, session);
  await registerDocs(app);
  // As the push settings below: without options, the environment's (a test or a script building the app sees the same rule).
  registerMail(app, options.mail ?? { smtpUrl: process.env.SMTP_URL || undefined, from: process.env.MAIL_FROM || undefined, publicUrl: process.env.PUBLIC_URL || undefined });
  await registerReminders(app, {
    ...options.push,
    subject: options.push?.subject ?? process.env.VAPID_SUBJECT,
    endpointOrigins: options.push?.endpointOrigins ?? parseEndpointOrigins(process.env.PUSH_ENDPOINT_ORIGINS),
  });

  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(passwordResetRoutes, { prefix: '/api/auth' });
  await app.register(languageRoutes, { prefix: '/api' });
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(localeRoutes, { prefix: '/api' });
  await app.register(pushKeyRoutes, { prefix: '/api' });
  await app.register(
    async (user) => {
      // The session is checked at once. Without one, a small body (at most the default 16 KiB, never a
      // heavy call's) is read before the 401, as a public call's would be, so that a body no one may send
      // (nested past 64 levels, text that is not Unicode) is 400 signed in or not (contract, fourth
      // edition); a larger one is refused unread, and no handler or validation ever runs. A bearer
      // call's refusal (unknown token, scope, its calls a minute) is held the same way.
      // In callback style, the session check's own promise the only one (issue #40).
      user.decorateRequest('deferredRefusal', null);
      user.addHook('onRequest', (request, reply, done) => {
        const refuse = (err: Error) => {
          if (!smallBody(request) || request.routeOptions.config.heavy) return done(err);
          request.deferredRefusal = err;
          done();
        };
        // A bearer call reaching this hook was judged by its token already (plugins/accessTokens.ts): authenticated, or refused.
        if (request.headers.authorization !== undefined && usesBearer(request)) return request.tokenRefusal === null ? done() : refuse(request.tokenRefusal);
        user.requireUser(request, reply).then(() => done(), refuse);
      });
      user.addHook('preValidation', (request, _reply, done) => {
        if (request.deferredRefusal === null) return done();
        done(request.deferredRefusal);
      });
      await user.register(userRoutes);
      await user.register(preferenceRoutes);
      await user.register(goalRoutes);
      await user.register(previousTimeRoutes);
      await user.register(activityRoutes);
      await user.register(milestoneRoutes);
      await user.register(progressRoutes);
      await user.register(calendarRoutes);
      await user.register(restDayRoutes);
      await user.register(dayBoundaryRoutes);
      await user.register(statsRoutes);
      await user.register(exportRoutes);
      await user.register(importRoutes);
      await user.register(timerRoutes);
      await user.register(passwordChangeRoutes);
      await user.register(reminderRoutes);
      await user.register(tokenRoutes);
    },
    { prefix: '/api/user' },
  );

  if (options.spaDir) spaFallback = await registerSpa(app, options.spaDir, options.serverScreen);
  return app;
}
