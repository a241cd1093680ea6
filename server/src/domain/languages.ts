/** Which language a call is about: the one named in ?language=, else the learner's current one. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { currentLanguage, hasStartedLanguage, isKnownLanguage, settingsFromRow, startedLanguagesQuery, type LanguageSettings } from '../db/languages';
import type { Account } from '../db/sessions';
import type { DomainContext } from './context';
import { ApiHttpError } from './errors';

export async function assertKnownLanguage(db: Kysely<Database>, name: string): Promise<void> {
  if (!(await isKnownLanguage(db, name))) throw new ApiHttpError(400, 'UNKNOWN_LANGUAGE', `"${name}" is not a language we offer.`);
}

/**
 * The language a read is about: ?language=X when given, else the current one (null before any is
 * chosen). `account`, when given, is the user's row read with the session in this request: one query less.
 */
export async function languageForRead({ db }: Pick<DomainContext, 'db'>, userId: number, requested: string | undefined, account?: Account | null): Promise<string | null> {
  if (requested === undefined) return account ? account.currentLanguage : currentLanguage(db, userId);
  await assertKnownLanguage(db, requested);
  return requested;
}

/**
 * The language a write is about (contract, fourth edition): ?language=X when given (an offered
 * language the learner has chosen before: else 400 UNKNOWN_LANGUAGE or 409 LANGUAGE_NOT_STARTED),
 * else the current one. The current language never changes here.
 */
export async function languageForWrite({ db }: Pick<DomainContext, 'db'>, userId: number, account?: Account | null, requested?: string): Promise<string> {
  if (requested !== undefined) {
    await assertKnownLanguage(db, requested);
    if (!(await hasStartedLanguage(db, userId, requested))) {
      throw new ApiHttpError(409, 'LANGUAGE_NOT_STARTED', `You have not started ${requested}; choose it as your language first.`);
    }
    return requested;
  }
  const language = account ? account.currentLanguage : await currentLanguage(db, userId);
  if (!language) throw new ApiHttpError(409, 'NO_LANGUAGE', 'Choose a language to continue.');
  return language;
}

/** The fourth edition's rule for writes, as the descriptions of the writes that take ?language= state it. */
export const WRITE_LANGUAGE_RULE =
  'Writes name their language (contract, fourth edition): `?language=X` writes to X, which must be a language we offer (else ' +
  '400 UNKNOWN_LANGUAGE) that the learner has chosen before (else 409 LANGUAGE_NOT_STARTED); the current language does not change. ' +
  'Without it, the current language (409 NO_LANGUAGE before one is chosen).';

/** Language names in one (English) order whatever the database's collation. One collator: localeCompare with a locale builds one per call. */
export const byName = new Intl.Collator('en').compare;

/**
 * A language's settings and running totals (the defaults for a language not started) and the names
 * of every started language, sorted: one query.
 */
export async function startedLanguageSettings(
  db: Kysely<Database>,
  userId: number,
  language: string | null,
): Promise<{ settings: LanguageSettings; started: string[] }> {
  const rows = await startedLanguagesQuery.execute(db, { userId });
  return { settings: settingsFromRow(rows.find((row) => row.language === language)), started: rows.map((row) => row.language).sort(byName) };
}

/** The offered languages, the learner's current one and its choice, a language's settings and their saves. */
export { chooseLanguage, currentLanguage, languageSettings, offeredLanguages, saveMilestones, savePreviousHours } from '../db/languages';
