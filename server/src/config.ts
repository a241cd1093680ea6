/**
 * Environment → AppOptions.
 *   PORT (3000), HOST (127.0.0.1; use 0.0.0.0 in a container or behind a proxy),
 *   DATABASE_URL: unset → SQLite file data/tracker.db; `sqlite:<path>` → that file; postgres://… → PostgreSQL,
 *   CORS_ORIGINS: comma-separated origins allowed to call the API from another site,
 *   NODE_ENV=production → Secure cookies and HSTS, TRUST_PROXY=true → honour X-Forwarded-*,
 *   COOKIE_SAMESITE: lax (default) | strict | none (an SPA on another site; forces Secure),
 *   SERVE_SPA: directory of the built SPA (default dist/; empty to serve the API only),
 *   LOG_LEVEL: info (default: one line per request and its answer), warn, error, …,
 *   RATE_LIMIT_PER_IP / RATE_LIMIT_PER_ACCOUNT: sign-in and sign-up attempts allowed per 15 minutes
 *   (defaults 50 and 10); test and benchmark runs that sign up many users from one address raise them.
 */
import { resolve } from 'node:path';
import type { AppOptions } from './app';

export interface ServerConfig {
  port: number;
  host: string;
  app: AppOptions;
}

function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, not "${value}"`);
  return n;
}

function sameSite(value: string | undefined): AppOptions['cookieSameSite'] {
  const v = (value ?? 'lax').toLowerCase();
  if (v === 'lax' || v === 'strict' || v === 'none') return v;
  throw new Error(`COOKIE_SAMESITE must be lax, strict or none, not "${value}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  const production = env.NODE_ENV === 'production';
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    app: {
      databaseUrl: env.DATABASE_URL || `sqlite:${resolve('data', 'tracker.db')}`,
      corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
      production,
      cookieSameSite: sameSite(env.COOKIE_SAMESITE),
      trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
      // Honoured in production too: `warn` drops the two log lines per request (about a tenth of a cheap read's cost, docs/PERFORMANCE.md).
      logger: { level: env.LOG_LEVEL ?? 'info' },
      spaDir: env.SERVE_SPA === '' ? null : resolve(env.SERVE_SPA ?? 'dist'),
      rateLimit: {
        loginPerIpPerWindow: positiveInt('RATE_LIMIT_PER_IP', env.RATE_LIMIT_PER_IP),
        loginPerAccountPerWindow: positiveInt('RATE_LIMIT_PER_ACCOUNT', env.RATE_LIMIT_PER_ACCOUNT),
      },
    },
  };
}
