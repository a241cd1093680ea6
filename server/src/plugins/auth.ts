/**
 * Sessions: a 256-bit random token in an HttpOnly cookie, only its SHA-256 stored. Sessions end
 * after an idle period (sliding, last-seen written at most once an hour) or an absolute
 * lifetime, whichever comes first; an expired session is deleted when it is presented.
 * A Secure cookie is named `__Host-sid`: browsers then refuse it unless it came over HTTPS from
 * this very host with Path=/, so a sibling subdomain or a plain-http page cannot plant one.
 */
import { createHash, randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { registerTokenAccess, usesBearer } from './accessTokens';
import { ApiHttpError } from '../domain/errors';
import type { SignInLimits } from '../domain/accounts';
import { HashQueue, type HashQueueOptions } from './hashQueue';
import { hashPassword, type HashCost } from './password';
import { createSession, deleteExpiredSessions, deleteSession, findSession, touchSession } from '../db/sessions';

/** The cookie's name: `__Host-sid` whenever it is Secure, plain `sid` only for development over http. */
export const sessionCookieName = (secure: boolean): string => (secure ? '__Host-sid' : 'sid');

/**
 * How stale last_seen_at may get before a request writes it again: an hour, or a tenth of the
 * idle limit when that is shorter, so a session still ends within 10% of its idle limit.
 */
const lastSeenResolutionMs = (idleMs: number) => Math.min(60 * 60 * 1000, Math.floor(idleMs / 10));

export interface SessionOptions {
  secureCookie: boolean;
  sameSite: 'lax' | 'strict' | 'none';
  idleMs: number;
  absoluteMs: number;
  hashCost: HashCost;
  hashQueue?: HashQueueOptions;
  /** The sign-in and sign-up windows (domain/accounts.ts). */
  rateLimit: SignInLimits;
}

export interface AuthContext extends SessionOptions {
  /** A real hash of a random password: unknown emails are verified against it so they take as long. */
  dummyHash: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    now: () => Date;
    auth: AuthContext;
    hashQueue: HashQueue;
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    startSession: (reply: FastifyReply, userId: number) => Promise<void>;
    endSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    userId: number;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function registerAuth(app: FastifyInstance, options: SessionOptions): Promise<void> {
  await app.register(cookie);
  app.decorate('auth', { ...options, dummyHash: await hashPassword(randomBytes(16).toString('hex'), options.hashCost) });
  const hashQueue = new HashQueue(options.hashQueue);
  app.decorate('hashQueue', hashQueue);
  app.addHook('onClose', () => hashQueue.close());
  const cookieName = sessionCookieName(options.secureCookie);
  app.decorateRequest('userId', 0);
  app.decorateRequest('account', null);
  registerTokenAccess(app);

  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: options.sameSite,
    secure: options.secureCookie,
  } as const;

  app.decorate('startSession', async (reply: FastifyReply, userId: number) => {
    const token = randomBytes(32).toString('base64url');
    const now = app.now().getTime();
    await createSession(app.db, hashToken(token), userId, now);
    reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: Math.floor(options.absoluteMs / 1000) });
  });

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[cookieName];
    if (token) await deleteSession(app.db, hashToken(token));
    reply.clearCookie(cookieName, cookieOptions);
  });

  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    // A bearer call was judged by its token already (plugins/accessTokens.ts): the cookie is not even read.
    // Without an Authorization header (every cookie call) the route's config is not read (issue #40).
    if (request.headers.authorization !== undefined && usesBearer(request)) {
      if (request.tokenRefusal !== null) throw request.tokenRefusal;
      return;
    }
    const token = request.cookies[cookieName];
    const session = await sessionUser(app, options, token);
    if (session === null) {
      // A cookie naming no live session (expired, signed out elsewhere, deleted account) is
      // cleared, so the browser stops sending a dead credential with every request.
      if (token !== undefined) reply.clearCookie(cookieName, cookieOptions);
      throw new ApiHttpError(401, 'UNAUTHENTICATED', 'Please sign in to continue.');
    }
    request.userId = Number(session.user_id);
    request.account = { email: session.email, currentLanguage: session.current_language };
  });
}

async function sessionUser(app: FastifyInstance, options: SessionOptions, token: string | undefined) {
  if (!token) return null;
  const tokenHash = hashToken(token);
  const session = await findSession.takeFirst(app.db, { tokenHash });
  if (!session) return null;
  const now = app.now().getTime();
  const lastSeen = Number(session.last_seen_at);
  if (now - lastSeen >= options.idleMs || now - Number(session.created_at) >= options.absoluteMs) {
    await deleteSession(app.db, tokenHash);
    return null;
  }
  if (now - lastSeen >= lastSeenResolutionMs(options.idleMs)) {
    await touchSession(app.db, tokenHash, now);
  }
  return session;
}

/** Removes every expired session of a user; run at sign-in so old sessions do not pile up. */
export async function pruneSessions(app: FastifyInstance, userId: number): Promise<void> {
  const now = app.now().getTime();
  await deleteExpiredSessions(app.db, userId, now - app.auth.idleMs, now - app.auth.absoluteMs);
}
