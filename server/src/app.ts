/**
 * Builds the API: database, security, errors, sessions, OpenAPI docs, then one route plugin
 * per domain and, when a built SPA exists, the static files with the SPA fallback.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { createDatabase, migrateToLatest } from './db';
import { registerAuth, type SessionOptions } from './plugins/auth';
import { registerDocs } from './plugins/docs';
import { registerErrors } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerSpa, type SpaFallback } from './plugins/spa';
import { PRODUCTION_HASH_COST, type HashCost } from './plugins/password';
import { activityRoutes } from './routes/activity';
import { authRoutes } from './routes/auth';
import { exportRoutes } from './routes/export';
import { goalRoutes } from './routes/goal';
import { importRoutes } from './routes/import';
import { languageRoutes } from './routes/languages';
import { milestoneRoutes } from './routes/milestones';
import { previousTimeRoutes } from './routes/previousTime';
import { progressRoutes } from './routes/progress';
import { userRoutes } from './routes/user';

export interface AppOptions {
  databaseUrl: string;
  corsOrigins?: string[];
  production?: boolean;
  cookieSameSite?: 'lax' | 'strict' | 'none';
  trustProxy?: boolean;
  logger?: boolean | object;
  spaDir?: string | null;
  passwordHashCost?: HashCost;
  sessionIdleMs?: number;
  sessionAbsoluteMs?: number;
  now?: () => Date;
  rateLimit?: { loginPerIpPerWindow?: number; loginPerAccountPerWindow?: number; windowMs?: number };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const BODY_LIMIT_BYTES = 16 * 1024;

// Passwords and cookies must never reach the logs, whatever the log level.
const REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'req.body', 'body', 'password'];

function loggerOption(logger: AppOptions['logger']): boolean | object {
  if (!logger) return false;
  return { ...(typeof logger === 'object' ? logger : {}), redact: { paths: REDACT, censor: '[redacted]' } };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOption(options.logger),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });

  const db = createDatabase(options.databaseUrl);
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
    rateLimit: {
      perIp: options.rateLimit?.loginPerIpPerWindow ?? 50,
      perAccount: options.rateLimit?.loginPerAccountPerWindow ?? 10,
      windowMs: options.rateLimit?.windowMs ?? 15 * 60 * 1000,
    },
  };

  let spaFallback: SpaFallback | null = null;
  registerErrors(app, (request, reply) => spaFallback?.(request, reply) ?? null);
  await registerSecurity(app, { corsOrigins: options.corsOrigins ?? [], production: Boolean(options.production) });
  await registerAuth(app, session);
  await registerDocs(app);

  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(languageRoutes, { prefix: '/api' });
  await app.register(
    async (user) => {
      user.addHook('onRequest', user.requireUser);
      await user.register(userRoutes);
      await user.register(goalRoutes);
      await user.register(previousTimeRoutes);
      await user.register(activityRoutes);
      await user.register(milestoneRoutes);
      await user.register(progressRoutes);
      await user.register(exportRoutes);
      await user.register(importRoutes);
    },
    { prefix: '/api/user' },
  );

  if (options.spaDir) spaFallback = await registerSpa(app, options.spaDir);
  return app;
}
