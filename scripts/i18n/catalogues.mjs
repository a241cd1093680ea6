// The catalogues at build and in the checks: common/locales/<tag>/<namespace>.json (flat ICU
// MessageFormat), merged per locale into one object of precompiled messages (ASTs), so the browser
// never parses a message and never loads the parser. The pseudo-locale (en-XA) is made here from English.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

export const PSEUDO_LOCALE = 'en-XA';

/** { namespace: { key: message } } of one locale, as its files hold them. */
export function readLocaleFiles(localesDir, tag) {
  const dir = join(localesDir, tag);
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => [f.slice(0, -'.json'.length), JSON.parse(readFileSync(join(dir, f), 'utf8'))]),
  );
}

/** Every locale folder under common/locales. */
export function localeFolders(localesDir) {
  return readdirSync(localesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** One locale's messages, all namespaces merged (their keys begin with the namespace, so none collide). */
export function mergedMessages(localesDir, tag) {
  return Object.assign({}, ...Object.values(readLocaleFiles(localesDir, tag)));
}

const ACCENTS = Object.fromEntries(
  [...'aáAÅcçCÇeéEÉiíIÎnñNÑoóOÖuúUÛyýYÝsšSŠzžZŽ'].flatMap((ch, i, all) => (i % 2 === 0 ? [[ch, all[i + 1]]] : [])),
);
const accent = (text) => [...text].map((ch) => ACCENTS[ch] ?? ch).join('');

function pseudoElements(elements) {
  return elements.map((el) => {
    if (el.type === TYPE.literal) return { ...el, value: accent(el.value) };
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      return { ...el, options: Object.fromEntries(Object.entries(el.options).map(([k, o]) => [k, { ...o, value: pseudoElements(o.value) }])) };
    }
    if (el.type === TYPE.tag) return { ...el, children: pseudoElements(el.children) };
    return el;
  });
}

/** A message of the pseudo-locale: English's, every letter accented, bracketed: `[Śíǵñ íñ]`. */
export function pseudoAst(ast) {
  return [{ type: TYPE.literal, value: '[' }, ...pseudoElements(ast), { type: TYPE.literal, value: ']' }];
}

/** Namespaces only the server reads (common/locales/<tag>/server.json): never in the browser's chunks. */
export const SERVER_NAMESPACES = ['server'];

/**
 * Messages the browser loads only with the code that shows them (the spreadsheet and Anki imports,
 * opened from Settings; the level dialog's descriptions): each locale's first chunk, the one every
 * screen waits for, stays small.
 */
export const LATER_PREFIXES = ['imports.sheet.', 'imports.anki.'];
export const LATER_KEYS = /^dashboard\.level\d\.(general|listening|reading|speaking|writing)$/;

const isLater = (key) => LATER_PREFIXES.some((prefix) => key.startsWith(prefix)) || LATER_KEYS.test(key);
const PARTS = {
  all: () => true,
  first: (key) => !SERVER_NAMESPACES.includes(key.split('.')[0]) && !isLater(key),
  later: (key) => isLater(key),
};

/**
 * The compiled catalogue of one locale (or the pseudo-locale): { key: AST }, or the message itself
 * when it is plain text (most are: the runtime shows those as they are). `part`: 'all', or the
 * browser's 'first' chunk (no server-only namespace, no later message) or its 'later' one.
 */
export function compiledCatalogue(localesDir, tag, part = 'all') {
  const pseudo = tag === PSEUDO_LOCALE;
  const messages = mergedMessages(localesDir, pseudo ? 'en' : tag);
  return Object.fromEntries(
    Object.entries(messages)
      .filter(([key]) => PARTS[part](key))
      .map(([key, message]) => {
        const parsed = parse(message, { ignoreTag: true, shouldParseSkeletons: true });
        const ast = pseudo ? pseudoAst(parsed) : parsed;
        const plain = ast.every((el) => el.type === TYPE.literal);
        return [key, plain ? ast.map((el) => el.value).join('') : ast];
      }),
  );
}

const CATALOGUES = 'virtual:i18n-catalogues';
const ONE = 'virtual:i18n-catalogue/';

/**
 * The Vite plugin: `virtual:i18n-catalogues` exports `loaders`, one dynamic import per locale, so
 * each locale's first chunk is a chunk of its own and only the learner's travels, and
 * `laterLoaders`, the same for the messages loaded with the code that shows them (LATER_PREFIXES, LATER_KEYS);
 * the pseudo-locale is there in development and tests, never in a build.
 */
export function i18nCatalogues({ localesDir, tags, pseudo }) {
  return {
    name: 'i18n-catalogues',
    resolveId(id) {
      if (id === CATALOGUES || id.startsWith(ONE)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === `\0${CATALOGUES}`) {
        const all = pseudo ? [...tags, PSEUDO_LOCALE] : tags;
        const entries = (suffix) => all.map((tag) => `  ${JSON.stringify(tag)}: () => import(${JSON.stringify(`${ONE}${tag}${suffix}`)}),`);
        return `export const loaders = {\n${entries('').join('\n')}\n};\nexport const laterLoaders = {\n${entries('/later').join('\n')}\n};\n`;
      }
      if (id.startsWith(`\0${ONE}`)) {
        const [tag, later] = id.slice(ONE.length + 1).split('/');
        for (const ns of Object.keys(readLocaleFiles(localesDir, tag === PSEUDO_LOCALE ? 'en' : tag))) {
          this.addWatchFile(join(localesDir, tag === PSEUDO_LOCALE ? 'en' : tag, `${ns}.json`));
        }
        const messages = compiledCatalogue(localesDir, tag, later ? 'later' : 'first');
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`;
      }
      return null;
    },
  };
}
