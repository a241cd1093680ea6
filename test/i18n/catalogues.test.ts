/**
 * The catalogues (common/locales/<tag>/<namespace>.json, docs/TRANSLATING.md): every shipped locale
 * has exactly English's keys in each namespace, every message parses as ICU MessageFormat with
 * English's placeholders, every English key is used by some code and every key the code names exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, SIGN_UP_TEXTS } from '@common/domain';
import { LOCALE_TAGS, NAMESPACES } from '@common/locales';
import { localeFolders, readLocaleFiles } from '../../scripts/i18n/catalogues.mjs';

const root = join(__dirname, '..', '..');
const localesDir = join(root, 'common', 'locales');
const en = readLocaleFiles(localesDir, 'en') as Record<string, Record<string, string>>;

/** The names of a message's placeholders (a locale may write `{n, plural, …}` where English writes `{n, number}`). */
function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) found.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      found.add(el.value);
      for (const option of Object.values(el.options)) placeholders(option.value, found);
    }
    if (el.type === TYPE.tag) placeholders(el.children, found);
  }
  return found;
}
const parsed = (message: string) => parse(message, { ignoreTag: true, shouldParseSkeletons: true });

/** The code that may use a message: the app, the server and common/ (not the catalogues, not the tests). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'locales' || e.name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}
const code = new Map(['src', 'server/src', 'common'].flatMap((dir) => sources(join(root, dir))).map((file) => [relative(root, file), readFileSync(file, 'utf8')]));
const allCode = [...code.values()].join('\n');
/** The server's texts built from constants (common/domain.ts), as it sends them. */
const builtTexts = new Set<string>([...Object.values(SIGN_UP_TEXTS), COMMON_PASSWORD_MESSAGE]);
const errorCatalogueCode = code.get(join('src', 'lib', 'errorMessages.ts')) ?? '';

describe('the catalogues', () => {
  it('ship one folder per shipped locale, each with the namespaces of English, from the list of namespaces', () => {
    expect(localeFolders(localesDir)).toEqual([...LOCALE_TAGS].sort());
    for (const ns of Object.keys(en)) expect(NAMESPACES as readonly string[]).toContain(ns);
    for (const tag of LOCALE_TAGS) expect(Object.keys(readLocaleFiles(localesDir, tag)).sort(), tag).toEqual(Object.keys(en).sort());
  });

  it("keep each key in its namespace's file, named after it ('auth.signIn.title' in auth.json)", () => {
    for (const [ns, messages] of Object.entries(en)) {
      for (const key of Object.keys(messages)) expect(key.startsWith(`${ns}.`), `${key} in ${ns}.json`).toBe(true);
    }
  });

  for (const tag of LOCALE_TAGS) {
    it(`${tag}: has exactly the keys of en in every namespace, each parsing, with the placeholders of English`, () => {
      const files = readLocaleFiles(localesDir, tag) as Record<string, Record<string, string>>;
      for (const [ns, english] of Object.entries(en)) {
        const messages = files[ns] ?? {};
        expect(Object.keys(messages).sort(), `${tag}/${ns}.json`).toEqual(Object.keys(english).sort());
        for (const [key, message] of Object.entries(messages)) {
          expect(typeof message === 'string' && message.trim() !== '', `${tag} ${key} is empty`).toBe(true);
          let ast: MessageFormatElement[] = [];
          expect(() => (ast = parsed(message)), `${tag} ${key} does not parse`).not.toThrow();
          expect([...placeholders(ast)].sort(), `${tag} ${key}`).toEqual([...placeholders(parsed(english[key]))].sort());
        }
      }
    });
  }

  it('hold no message that no code uses', () => {
    const unused = Object.values(en)
      .flatMap((messages) => Object.entries(messages))
      .filter(([key, text]) => {
        if (allCode.includes(`'${key}'`)) return false;
        // The error catalogue reads `errors.<KEY>` for each KEY it lists (src/lib/errorMessages.ts).
        if (key.startsWith('errors.') && errorCatalogueCode.includes(`'${key.slice('errors.'.length)}'`)) return false;
        // The server's messages are looked up by their English text (server/src/plugins/answerLocale.ts), which its code writes.
        if (key.startsWith('server.') && (builtTexts.has(text) || allCode.includes(text) || allCode.includes(JSON.stringify(text).slice(1, -1)))) return false;
        return true;
      })
      .map(([key]) => key);
    expect(unused).toEqual([]);
  });

  it('have every key the code names', () => {
    const known = new Set(Object.values(en).flatMap((messages) => Object.keys(messages)));
    const named = new RegExp(`'((?:${NAMESPACES.join('|')})\\.[A-Za-z0-9_.]+[A-Za-z0-9_])'`, 'g');
    const missing = [...allCode.matchAll(named)].map((m) => m[1]).filter((key) => !known.has(key));
    expect([...new Set(missing)]).toEqual([]);
  });
});
