/**
 * The locale of an answer (contract, fifth edition): the account's "App language", else the best
 * match of the request's Accept-Language among the shipped locales, else English. It translates
 * the `message` of an error answer (the `error` code never changes; English is left byte for byte
 * as the code wrote it). The server's messages are in common/locales/<tag>/server.json
 * (domain/serverTexts.ts), each keyed by a name and looked up by its English text; a message the
 * catalogue does not hold stays English.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocaleTag, negotiateLocale, type LocaleTag } from '@common/locales';
import { storedUiLocale } from '../db/preferences';
import { keyOfEnglish, serverText } from '../domain/serverTexts';

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
