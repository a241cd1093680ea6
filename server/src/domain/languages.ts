/** Which language a call is about: the one named in ?language=, else the learner's current one. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { currentLanguage, isKnownLanguage } from '../db/languages';
import type { Account } from '../db/sessions';
import { ApiHttpError } from '../plugins/errors';

export async function assertKnownLanguage(db: Kysely<Database>, name: string): Promise<void> {
  if (!(await isKnownLanguage(db, name))) throw new ApiHttpError(400, 'UNKNOWN_LANGUAGE', `"${name}" is not a language we offer.`);
}

/**
 * The language a read is about: ?language=X when given, else the current one (null before any is
 * chosen). `account`, when given, is the user's row read with the session in this request: one query less.
 */
export async function languageForRead(app: FastifyInstance, userId: number, requested: string | undefined, account?: Account | null): Promise<string | null> {
  if (requested === undefined) return account ? account.currentLanguage : currentLanguage(app.db, userId);
  await assertKnownLanguage(app.db, requested);
  return requested;
}

export async function languageForWrite(app: FastifyInstance, userId: number, account?: Account | null): Promise<string> {
  const language = account ? account.currentLanguage : await currentLanguage(app.db, userId);
  if (!language) throw new ApiHttpError(409, 'NO_LANGUAGE', 'Choose a language to continue.');
  return language;
}

/** Language names in one (English) order whatever the database's collation. One collator: localeCompare with a locale builds one per call. */
export const byName = new Intl.Collator('en').compare;
