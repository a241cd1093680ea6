/** The users table: accounts by email, sign-up, the current language and deletion. */
import type { Kysely } from 'kysely';
import type { Database } from './database';
import { forgetAccount } from './rateLimits';
import { forgetReminders } from './reminders';

export const findUserByEmail = (db: Kysely<Database>, email: string) =>
  db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', email).executeTakeFirst();

export const userOf = (db: Kysely<Database>, userId: number) =>
  db.selectFrom('users').select(['email', 'current_language']).where('id', '=', userId).executeTakeFirstOrThrow();

/** The new user's id; a unique violation (db/index.ts) when the email is taken meanwhile. */
export async function createUser(db: Kysely<Database>, email: string, passwordHash: string, nowMs: number): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ email, password_hash: passwordHash, current_language: null, created_at: nowMs })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The account and everything under it (the foreign keys cascade), and its email's attempt counters. */
export async function deleteUser(db: Kysely<Database>, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
    await forgetReminders(trx, userId);
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    if (user) await forgetAccount(trx, user.email);
  });
}
