/* eslint-disable @typescript-eslint/no-explicit-any -- migrations take Kysely<any> so they never depend on the table types of today. */
/**
 * The languages a learner may pick: the most studied world languages. The list is frozen
 * into this migration so that later additions arrive as new migrations.
 */
import type { Kysely } from 'kysely';

const LANGUAGE_NAMES: readonly string[] = [
  'Afrikaans', 'Albanian', 'Amharic', 'Arabic', 'Armenian', 'Basque', 'Bengali', 'Bulgarian',
  'Burmese', 'Catalan', 'Chinese (Cantonese)', 'Chinese (Mandarin)', 'Croatian', 'Czech', 'Danish',
  'Dutch', 'English', 'Esperanto', 'Estonian', 'Filipino', 'Finnish', 'French', 'Georgian', 'German',
  'Greek', 'Gujarati', 'Haitian Creole', 'Hausa', 'Hawaiian', 'Hebrew', 'Hindi', 'Hungarian',
  'Icelandic', 'Indonesian', 'Irish', 'Italian', 'Japanese', 'Kannada', 'Kazakh', 'Khmer', 'Korean',
  'Kurdish', 'Lao', 'Latin', 'Latvian', 'Lithuanian', 'Malay', 'Malayalam', 'Maori', 'Marathi',
  'Mongolian', 'Nepali', 'Norwegian', 'Persian', 'Polish', 'Portuguese', 'Punjabi', 'Romanian',
  'Russian', 'Scottish Gaelic', 'Serbian', 'Sign Language (ASL)', 'Sinhala', 'Slovak', 'Slovenian',
  'Somali', 'Spanish', 'Swahili', 'Swedish', 'Tagalog', 'Tamil', 'Telugu', 'Thai', 'Turkish',
  'Ukrainian', 'Urdu', 'Uzbek', 'Vietnamese', 'Welsh', 'Xhosa', 'Yiddish', 'Yoruba', 'Zulu',
];

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('languages')
    .values(LANGUAGE_NAMES.map((name) => ({ name })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('languages').where('name', 'in', LANGUAGE_NAMES).execute();
}
