/**
 * The server's texts in each shipped locale (common/locales/<tag>/server.json, flat ICU
 * MessageFormat), imported so the built server holds them: it reads no file of the source tree at
 * run time. The error answers (plugins/answerLocale.ts), the reset email and the reminder use them.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LOCALE, intlLocale, isLocaleTag, LOCALE_OF_LANGUAGE, LOCALE_TAGS, type LocaleTag } from '@common/locales';

import ar from '@common/locales/ar/server.json';
import de from '@common/locales/de/server.json';
import en from '@common/locales/en/server.json';
import es from '@common/locales/es/server.json';
import fr from '@common/locales/fr/server.json';
import it from '@common/locales/it/server.json';
import ja from '@common/locales/ja/server.json';
import ptBR from '@common/locales/pt-BR/server.json';
import zhHans from '@common/locales/zh-Hans/server.json';

/** One catalogue per locale of common/locales.ts (the type asks for each). */
const SERVER_CATALOGUES: Record<LocaleTag, Record<string, string>> = { en, es, 'pt-BR': ptBR, fr, de, it, ja, 'zh-Hans': zhHans, ar };

const english: Record<string, string> = SERVER_CATALOGUES[DEFAULT_LOCALE];
const catalogues = new Map<string, Record<string, string>>(LOCALE_TAGS.map((tag) => [tag, SERVER_CATALOGUES[tag] ?? {}]));

/** The English texts of the catalogue without placeholders, each with its key: the messages the code writes as they are. */
export const keyOfEnglish: ReadonlyMap<string, string> = new Map(
  Object.entries(english)
    .filter(([, text]) => !/[{}]/.test(text))
    .map(([key, text]) => [text, key]),
);

/** The locale a message is sent in when no request asks: the account's stored one, else English. */
export const sendingLocale = (stored: string | null | undefined): LocaleTag => (isLocaleTag(stored) ? stored : DEFAULT_LOCALE);

/** A server message of the catalogue in `locale` (`key` a key of server.json), English when the locale lacks it. */
export function serverText(locale: string, key: string, values?: Record<string, string | number>): string {
  const message = catalogues.get(locale)?.[key] ?? english[key] ?? key;
  return String(new IntlMessageFormat(message, intlLocale(locale)).format(values));
}

/**
 * A learnable language's name (the API's English name) in `locale`, when a locale of ours speaks
 * it (`Intl.DisplayNames`); any other keeps its English name.
 */
export function languageNameIn(locale: string, language: string): string {
  const tag = LOCALE_OF_LANGUAGE[language];
  if (!tag || locale === DEFAULT_LOCALE) return language;
  const name = new Intl.DisplayNames([intlLocale(locale)], { type: 'language', fallback: 'none' }).of(tag.split('-')[0]);
  return name ?? language;
}
