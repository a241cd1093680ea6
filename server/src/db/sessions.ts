/**
 * The session lookup every signed-in request makes: one query, compiled once (db/prepared.ts),
 * that also reads the user's email and current language, which nearly every signed-in call needs
 * next (docs/PERFORMANCE.md, issue #10). It still reads the database on every request, so a logout
 * or account deletion on any process takes effect at once.
 */
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
