/**
 * The session lookup every signed-in request makes: one query, compiled once (db/prepared.ts),
 * that also reads the user's email and current language, which nearly every signed-in call needs
 * next (docs/PERFORMANCE.md, issue #10). It still reads the database on every request, so a logout
 * or account deletion on any process takes effect at once.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './database';
import { prepared } from './prepared';

/**
 * The learner's email and current language beside a credential's row (a session's, an access
 * token's), read by the users table's key in two scalar subqueries rather than by a join. With
 * planner statistics that keep samples (sqlite_stat4, which ANALYZE and PRAGMA optimize write),
 * SQLite planned such a join with the bound hash in hand and compiled it again on every call
 * (issue #43); every statement's parameters are now kept from the planner
 * (db/plannerBlindParameters.ts), and a lookup of one row by a unique index with the learner read
 * by its key is still the cheapest plan in both dialects.
 */
export function learnerColumns(table: 'sessions' | 'access_tokens') {
  const of = (column: 'email' | 'current_language') =>
    sql`(select ${sql.ref(`users.${column}`)} from ${sql.table('users')} where ${sql.ref('users.id')} = ${sql.ref(`${table}.user_id`)})`;
  return [of('email').$castTo<string>().as('email'), of('current_language').$castTo<string | null>().as('current_language')] as const;
}

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
    .selectAll('sessions')
    .select(learnerColumns('sessions'))
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
