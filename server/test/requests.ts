/**
 * Small conveniences shared by the contract tests: a caller bound to one session cookie or to a
 * new learner with a language, the contract's error-shape assertion, calendar arithmetic and a
 * clock the tests can move.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ApiErrorCode } from '@common/api-types';
import { signUp, withLanguage } from './helper';

type Body = object;

export interface Caller {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: Body): Promise<LightMyRequestResponse>;
  patch(url: string, body: Body): Promise<LightMyRequestResponse>;
  put(url: string, body: Body): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
}

/** Calls the API as the holder of `cookie` (or as a visitor when it is undefined). */
export function caller(app: FastifyInstance, cookie?: string): Caller {
  const headers = cookie ? { cookie } : {};
  return {
    get: (url) => app.inject({ method: 'GET', url, headers }),
    post: (url, body) => app.inject({ method: 'POST', url, headers, ...(body ? { payload: body } : {}) }),
    patch: (url, body) => app.inject({ method: 'PATCH', url, headers, payload: body }),
    put: (url, body) => app.inject({ method: 'PUT', url, headers, payload: body }),
    del: (url) => app.inject({ method: 'DELETE', url, headers }),
  };
}

/** A caller for a newly registered learner who has already chosen `language`. */
export async function newLearner(app: FastifyInstance, language = 'Spanish'): Promise<Caller> {
  const { cookie } = await signUp(app);
  await withLanguage(app, cookie, language);
  return caller(app, cookie);
}

/** The contract: every error has exactly `{error, message}` with a readable message. */
export function expectError(res: LightMyRequestResponse, status: number, code: ApiErrorCode): void {
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status,
    body: { error: code, message: expect.stringMatching(/\S/) },
  });
}

/** The `sid=…` pair of the session cookie a response sets, if any. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const cookie = res.cookies.find((c) => c.name === 'sid');
  return cookie && cookie.value ? `sid=${cookie.value}` : undefined;
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** A server clock the test moves by hand; pass `clock.now` as the `now` override. */
export function manualClock(startIso: string) {
  let current = new Date(startIso).getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    today: () => new Date(current).toISOString().slice(0, 10),
  };
}
