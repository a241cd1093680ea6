/**
 * Environment → AppOptions.
 *   PORT (3000), HOST (127.0.0.1; use 0.0.0.0 in a container or behind a proxy),
 *   DATABASE_URL: unset → SQLite file data/tracker.db; `sqlite:<path>` → that file; postgres://… → PostgreSQL,
 *   CORS_ORIGINS: comma-separated origins allowed to call the API from another site,
 *   NODE_ENV=production → Secure `__Host-sid` cookie and HSTS,
 *   TRUST_PROXY: which proxies' X-Forwarded-* to honour: true (any), a hop count, or addresses/CIDRs,
 *   COOKIE_SAMESITE: lax (default) | strict | none (an SPA on another site; forces Secure),
 *   SERVE_SPA: directory of the built SPA (default dist/; empty to serve the API only),
 *   LOG_LEVEL: info (default: one line per request and its answer), warn, error, …,
 *   RATE_LIMIT_PER_IP / RATE_LIMIT_PER_ACCOUNT: sign-in attempts per address and sign-in or sign-up
 *   attempts per email allowed per 15 minutes (defaults 50 and 10); RATE_LIMIT_SIGNUP_PER_IP: sign-ups
 *   per address per hour (default 10). Test and benchmark runs that sign up many users from one address raise them.
 *   SHUTDOWN_DRAIN_MS (0): behind a proxy, how long a process asked to stop keeps serving writes while it
 *   answers reads and its health check 503, before it stops accepting (plugins/draining.ts, deploy/).
 *   SMTP_URL: smtp://user:pass@host:587 or smtps://user:pass@host:465, the mail server for password-reset emails
 *   (unset: none are sent; `npm run admin -- reset-password <email>` prints a link); MAIL_FROM: their From
 *   (default LinguaLog <no-reply@PUBLIC_URL's host>); PUBLIC_URL: the address learners use, for the links
 *   (default http://localhost:3000; required with NODE_ENV=production, https unless on loopback).
 *   VAPID_SUBJECT: the daily reminder's contact for push services, a mailto: or https: URL (default
 *   mailto:reminders@lingualog.invalid, for development only; required with NODE_ENV=production); PUSH_ENDPOINT_ORIGINS: comma-separated origins
 *   of push services allowed even on an internal address (a self-hosted push service, tests).
 */
import { resolve } from 'node:path';
import type { AppOptions } from './app';
import { parseEndpointOrigins } from './domain/pushEndpoint';

function vapidSubject(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^(mailto:.+@.+|https:\/\/.+)$/.test(value)) throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, not "${value}"`);
  return value;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** Time between the stop signal and closing the listener: the proxy's time to stop sending. */
  drainMs: number;
  app: AppOptions;
}

function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, not "${value}"`);
  return n;
}

function milliseconds(name: string, value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of milliseconds, not "${value}"`);
  return n;
}

function sameSite(value: string | undefined): AppOptions['cookieSameSite'] {
  const v = (value ?? 'lax').toLowerCase();
  if (v === 'lax' || v === 'strict' || v === 'none') return v;
  throw new Error(`COOKIE_SAMESITE must be lax, strict or none, not "${value}"`);
}

/**
 * TRUST_PROXY: unset, `false` or `0` → ignore X-Forwarded-For; `true` → trust every hop (only when
 * the proxy overwrites the header); a number → that many proxies in front; otherwise a
 * comma-separated list of proxy addresses or CIDRs (e.g. `10.0.0.0/8,127.0.0.1`), trusted only
 * when the connection comes from one of them.
 */
export function trustProxy(value: string | undefined): AppOptions['trustProxy'] {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v.split(',').map((a) => a.trim()).filter(Boolean);
  const bad = list.find((a) => !/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(a) && !['loopback', 'linklocal', 'uniquelocal'].includes(a));
  if (bad !== undefined) throw new Error(`TRUST_PROXY must be true, false, a hop count or a list of addresses, not "${value}" ("${bad}")`);
  return list;
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * In production the development defaults would break things quietly (reset links to
 * localhost, a VAPID contact push services refuse) and a plain-http PUBLIC_URL would carry reset
 * links in clear: the start stops instead, naming the variable (contract, fifth edition).
 */
function productionProblem(env: NodeJS.ProcessEnv): string | null {
  if (!env.PUBLIC_URL) return 'PUBLIC_URL must be set when NODE_ENV=production: the address learners use, e.g. https://lingualog.example.org';
  let url: URL;
  try {
    url = new URL(env.PUBLIC_URL);
  } catch {
    return `PUBLIC_URL must be a URL such as https://lingualog.example.org, not "${env.PUBLIC_URL}"`;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOST.test(url.hostname))) {
    return `PUBLIC_URL must be https: when NODE_ENV=production (plain http is allowed on loopback only), not "${env.PUBLIC_URL}"`;
  }
  if (!env.VAPID_SUBJECT) return 'VAPID_SUBJECT must be set when NODE_ENV=production: a mailto: or https: contact for push services, e.g. mailto:ops@example.org';
  return null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  const production = env.NODE_ENV === 'production';
  const problem = production ? productionProblem(env) : null;
  if (problem) throw new Error(problem);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    drainMs: milliseconds('SHUTDOWN_DRAIN_MS', env.SHUTDOWN_DRAIN_MS),
    app: {
      databaseUrl: env.DATABASE_URL || `sqlite:${resolve('data', 'tracker.db')}`,
      corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
      production,
      cookieSameSite: sameSite(env.COOKIE_SAMESITE),
      trustProxy: trustProxy(env.TRUST_PROXY),
      // Honoured in production too: `warn` drops the two log lines per request (about a tenth of a cheap read's cost, docs/PERFORMANCE.md).
      logger: { level: env.LOG_LEVEL ?? 'info' },
      spaDir: env.SERVE_SPA === '' ? null : resolve(env.SERVE_SPA ?? 'dist'),
      rateLimit: {
        loginPerIpPerWindow: positiveInt('RATE_LIMIT_PER_IP', env.RATE_LIMIT_PER_IP),
        loginPerAccountPerWindow: positiveInt('RATE_LIMIT_PER_ACCOUNT', env.RATE_LIMIT_PER_ACCOUNT),
        signupsPerIpPerHour: positiveInt('RATE_LIMIT_SIGNUP_PER_IP', env.RATE_LIMIT_SIGNUP_PER_IP),
      },
      mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM || undefined, publicUrl: env.PUBLIC_URL || undefined },
      push: { subject: vapidSubject(env.VAPID_SUBJECT), endpointOrigins: parseEndpointOrigins(env.PUSH_ENDPOINT_ORIGINS) },
    },
  };
}
