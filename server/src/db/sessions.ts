/**
 * The session lookup every signed-in request makes: one query, compiled once (db/prepared.ts),
 * that also reads the user's email and current language, which nearly every signed-in call needs
 * next (docs/PERFORMANCE.md, issue #10). It still reads the database on every request, so a logout
 * or account deletion on any process takes effect at once.
 */
import type { Kysely } from 'kysely';
import type { Database } from './database';
import { prepared } from './prepared';

/** The signed-in user's row as read with the session, for the rest of the request. */
export interface Account {
  email: string;
  currentLanguage: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    account: Account | null;
  }
}

export const findSession = prepared((db, p: { tokenHash: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('sessions')
    .select(['users.email', 'users.current_language'])
    .where('sessions.token_hash', '=', p.tokenHash),
);

export async function createSession(db: Kysely<Database>, tokenHash: string, userId: number, nowMs: number): Promise<void> {
  await db.insertInto('sessions').values({ token_hash: tokenHash, user_id: userId, created_at: nowMs, last_seen_at: nowMs }).execute();
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function touchSession(db: Kysely<Database>, tokenHash: string, nowMs: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: nowMs }).where('token_hash', '=', tokenHash).execute();
}

/** Removes a user's sessions idle since `idleBefore` or started before `startedBefore`. */
export async function deleteExpiredSessions(db: Kysely<Database>, userId: number, idleBefore: number, startedBefore: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_seen_at', '<=', idleBefore), eb('created_at', '<=', startedBefore)]))
    .execute();
}
