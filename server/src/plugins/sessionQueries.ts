/**
 * The session lookup every signed-in request makes, compiled once (db/prepared.ts). It still reads
 * the database on every request: a logout or account deletion on any process takes effect at once.
 */
import { prepared } from '../db/prepared';

export const findSession = prepared((db, p: { tokenHash: string }) => db.selectFrom('sessions').selectAll().where('token_hash', '=', p.tokenHash));
