/**
 * The locale of an answer (contract, fifth edition): the account's "App language", else the best
 * match of the request's Accept-Language among the shipped locales, else English. It translates
 * the `message` of an error answer (the `error` code never changes; English is left byte for byte
 * as the code wrote it). The server's messages are in common/locales/<tag>/server.json, each keyed
 * by a name and looked up by its English text; a message the catalogue does not hold stays English.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LOCALE, intlLocale, isLocaleTag, LOCALE_TAGS, negotiateLocale, type LocaleTag } from '@common/locales';
import { storedUiLocale } from '../db/preferences';

import ar from '@common/locales/ar/server.json';
import de from '@common/locales/de/server.json';
import en from '@common/locales/en/server.json';
import es from '@common/locales/es/server.json';
import fr from '@common/locales/fr/server.json';
import it from '@common/locales/it/server.json';
import ja from '@common/locales/ja/server.json';
import ptBR from '@common/locales/pt-BR/server.json';
import zhHans from '@common/locales/zh-Hans/server.json';

/**
 * The server's catalogues, imported (so the built server holds them: it reads no file of the
 * source tree at run time); its type asks for one per locale of common/locales.ts.
 */
const SERVER_CATALOGUES: Record<LocaleTag, Record<string, string>> = { en, es, 'pt-BR': ptBR, fr, de, it, ja, 'zh-Hans': zhHans, ar };

const english: Record<string, string> = SERVER_CATALOGUES[DEFAULT_LOCALE];
/** The key of each English message (those without placeholders: they are the messages the code writes as they are). */
const keyOfEnglish = new Map(Object.entries(english).filter(([, text]) => !/[{}]/.test(text)).map(([key, text]) => [text, key]));
const catalogues = new Map<string, Record<string, string>>(LOCALE_TAGS.map((tag) => [tag, SERVER_CATALOGUES[tag] ?? {}]));

/** A server message of the catalogue in `locale` (`key` a key of server.json), English when the locale lacks it. */
export function serverText(locale: string, key: string, values?: Record<string, string | number>): string {
  const message = catalogues.get(locale)?.[key] ?? english[key] ?? key;
  return String(new IntlMessageFormat(message, intlLocale(locale)).format(values));
}

/** An English message the code wrote, in `locale` if the catalogue holds it. */
export function localizedMessage(locale: string, message: string): string {
  if (locale === DEFAULT_LOCALE) return message;
  const key = keyOfEnglish.get(message);
  return key ? serverText(locale, key) : message;
}

/** The request's locale when no account names one. */
export const requestLocale = (request: FastifyRequest): LocaleTag => negotiateLocale({ requested: String(request.headers['accept-language'] ?? '') });

/** The locale of the answer to `request`: the account's stored one, else the request's Accept-Language. */
export async function answerLocale(app: FastifyInstance, request: FastifyRequest): Promise<LocaleTag> {
  const userId = (request as { userId?: number }).userId;
  if (typeof userId === 'number' && userId > 0) {
    const stored = await storedUiLocale(app.db, userId).catch(() => null);
    if (isLocaleTag(stored)) return stored;
  }
  return requestLocale(request);
}

/** The error message in the answer's locale: only a message the catalogue holds costs a look at the account. */
export async function answerMessage(app: FastifyInstance, request: FastifyRequest, message: string): Promise<string> {
  if (!keyOfEnglish.has(message)) return message;
  return localizedMessage(await answerLocale(app, request), message);
}

/**
 * Every error answer ({error, message}, plugins/errors.ts) leaves in its locale: its message is
 * translated when the catalogue holds it, and the answer names its language.
 */
export function registerAnswerLocale(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{"error":')) return payload;
    let body: { error?: unknown; message?: unknown };
    try {
      body = JSON.parse(payload) as { error?: unknown; message?: unknown };
    } catch {
      return payload;
    }
    if (typeof body.message !== 'string' || !keyOfEnglish.has(body.message)) return payload;
    const locale = await answerLocale(app, request);
    reply.header('content-language', locale);
    reply.header('vary', [reply.getHeader('vary'), 'Accept-Language'].filter(Boolean).join(', '));
    if (locale === DEFAULT_LOCALE) return payload;
    return JSON.stringify({ ...body, message: localizedMessage(locale, body.message) });
  });
}
