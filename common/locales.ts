/**
 * The locales LinguaLog ships (contract, fifth edition: "The app in the learner's language") and
 * the one rule that picks a learner's locale, used by the server (pages it draws, error answers,
 * mail, reminders) and by the app (before its first render) alike.
 *
 * Catalogues: common/locales/<tag>/<namespace>.json, flat ICU MessageFormat ({"key": "message"}),
 * English the source (docs/TRANSLATING.md).
 */
export const LOCALES = [
  { tag: 'en', name: 'English', dir: 'ltr' },
  { tag: 'es', name: 'Español', dir: 'ltr' },
  { tag: 'pt-BR', name: 'Português (Brasil)', dir: 'ltr' },
  { tag: 'fr', name: 'Français', dir: 'ltr' },
  { tag: 'de', name: 'Deutsch', dir: 'ltr' },
  { tag: 'it', name: 'Italiano', dir: 'ltr' },
  { tag: 'ja', name: '日本語', dir: 'ltr' },
  { tag: 'zh-Hans', name: '简体中文', dir: 'ltr' },
  { tag: 'ar', name: 'العربية', dir: 'rtl' },
] as const;

export type LocaleTag = (typeof LOCALES)[number]['tag'];
export type LocaleDir = 'ltr' | 'rtl';
export interface LocaleInfo {
  tag: LocaleTag;
  name: string;
  dir: LocaleDir;
}

export const DEFAULT_LOCALE: LocaleTag = 'en';
export const LOCALE_TAGS: readonly LocaleTag[] = LOCALES.map((l) => l.tag);

/**
 * The pseudo-locale: English with every letter accented and every message bracketed, generated
 * from the English catalogue (vite.config.ts). Development and tests only: never shipped, never listed;
 * a text on screen without its marks escaped translation.
 */
export const PSEUDO_LOCALE = 'en-XA';

export function isLocaleTag(value: unknown): value is LocaleTag {
  return typeof value === 'string' && (LOCALE_TAGS as readonly string[]).includes(value);
}

export function localeDir(tag: string): LocaleDir {
  return LOCALES.find((l) => l.tag === tag)?.dir ?? 'ltr';
}

/**
 * The tag to give `Intl` for a locale: every formatter names it. Arabic is pinned to Latin digits,
 * which Node and Chromium both format alike (their default Arabic numbering systems differ, and a
 * page the server drew would not hydrate); English and the pseudo-locale format as British English.
 */
export function intlLocale(tag: string): string {
  if (tag === 'ar') return 'ar-u-nu-latn';
  // The spec's English writes dates the British way ('2 Nov 2026'); so does the pseudo-locale.
  if (tag === 'en' || tag === PSEUDO_LOCALE) return 'en-GB';
  return tag;
}

/** The languages of an `Accept-Language` header, most wanted first (q=0 and `*` left out). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { range: range.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.range !== '' && r.range !== '*' && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((r) => r.range);
}

function validTags(requested: readonly string[]): string[] {
  return requested.flatMap((tag) => {
    try {
      return Intl.getCanonicalLocales(tag);
    } catch {
      return [];
    }
  });
}

/** A tag's language, script and region, its likely script and region filled in (`pt` is pt-Latn-BR, `zh-CN` zh-Hans-CN). */
function likely(tag: string): { language: string; script?: string; region?: string } | null {
  try {
    const { language, script, region } = new Intl.Locale(tag).maximize();
    return { language, script, region };
  } catch {
    return null;
  }
}
const SHIPPED = LOCALE_TAGS.map((tag) => ({ tag, ...likely(tag)! }));

/** The shipped locale for one requested tag: the same tag, else the same language in the same script (its region first), else none. */
function matchOne(requested: string): LocaleTag | undefined {
  const exact = LOCALE_TAGS.find((tag) => tag.toLowerCase() === requested.toLowerCase());
  if (exact) return exact;
  const wanted = likely(requested);
  if (!wanted) return undefined;
  const sameScript = SHIPPED.filter((l) => l.language === wanted.language && l.script === wanted.script);
  return (sameScript.find((l) => l.region === wanted.region) ?? sameScript[0])?.tag;
}

/**
 * The learner's locale: the one stored on the account (or this device's choice), else the best
 * match of the browser's languages (`Accept-Language` or `navigator.languages`, in order) among the
 * shipped ones (`pt` and `pt-PT` get `pt-BR`, `zh-CN` and `zh` `zh-Hans`, `zh-TW` none: another
 * script), else English. `Intl.Locale`'s likely subtags, which Node and browsers both carry, do the
 * matching: @formatjs/intl-localematcher gave the same answers but weighed 10 KB gzip in the
 * browser, past the sign-in page's budget (docs/decisions/0004-i18n-library.md).
 */
export function negotiateLocale({ stored, requested }: { stored?: string | null; requested?: readonly string[] | string | null }): LocaleTag {
  if (isLocaleTag(stored)) return stored;
  const wanted = validTags(typeof requested === 'string' ? parseAcceptLanguage(requested) : (requested ?? []));
  for (const tag of wanted) {
    const match = matchOne(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

/** The catalogues' namespaces: one file per locale and namespace, so translators and engineers do not edit the same file. */
export const NAMESPACES = [
  'common',
  'errors',
  'auth',
  'components',
  'dashboard',
  'settings',
  'insights',
  'onboarding',
  'timer',
  'tokens',
  'reminder',
  'imports',
  'app',
  'landing',
  'server',
  'forecast',
  'sync',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * The shipped locale of each learnable language that has one (the API's English names): Settings
 * offers "Show the app in <language>" for immersion when the language being learned is here.
 */
export const LOCALE_OF_LANGUAGE: Readonly<Record<string, LocaleTag>> = {
  English: 'en',
  Spanish: 'es',
  Portuguese: 'pt-BR',
  French: 'fr',
  German: 'de',
  Italian: 'it',
  Japanese: 'ja',
  Chinese: 'zh-Hans',
  Mandarin: 'zh-Hans',
  Arabic: 'ar',
};
