/**
 * The locale is decided before the app's first render. A page the server drew names it on
 * `<html data-locale>` (its `lang` and `dir` too), and the app never guesses again (the markup must
 * hydrate); otherwise this device's choice (a copy of the account's "App language"), else the best
 * match of the browser's languages, else English. Its catalogue is loaded before anything renders.
 */
import { isLocaleTag, negotiateLocale, PSEUDO_LOCALE } from '@common/locales';
import { loadCatalogue } from './catalogue';
import { createI18n, setActiveI18n, type I18n } from './i18n';

const CHOICE_KEY = 'lingualog.uiLocale';

/** This device's copy of the account's "App language" (null: automatic). */
export function storedLocaleChoice(): string | null {
  try {
    return globalThis.localStorage?.getItem(CHOICE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Keeps the learner's choice on this device, so the next start (even offline, signed out) is in it. */
export function rememberLocaleChoice(choice: string | null): void {
  try {
    if (choice === null) globalThis.localStorage?.removeItem(CHOICE_KEY);
    else globalThis.localStorage?.setItem(CHOICE_KEY, choice);
  } catch {
    // Storage refused (private mode): the account's choice still applies where the server draws.
  }
}

/** The locale the page must start in. */
export function startLocale(doc: Document = document): string {
  const drawn = doc.documentElement.getAttribute('data-locale');
  if (drawn && (isLocaleTag(drawn) || drawn === PSEUDO_LOCALE)) return drawn;
  const stored = storedLocaleChoice();
  if (stored === PSEUDO_LOCALE) return stored;
  return negotiateLocale({ stored, requested: doc.defaultView?.navigator.languages ?? [] });
}

/** The device's zone, which dates are shown in. */
export function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

const SENT_ZONE_KEY = 'lingualog.sentZone';

/** The zone this device last sent to the account (null: none yet). */
export function lastSentZone(): string | null {
  try {
    return globalThis.localStorage?.getItem(SENT_ZONE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function rememberSentZone(zone: string): void {
  try {
    globalThis.localStorage?.setItem(SENT_ZONE_KEY, zone);
  } catch {
    // Storage refused: the zone is sent again at the next sign-in.
  }
}

/** Loads the start locale's catalogue and makes its instance the active one; marks `<html lang dir>`. */
export async function prepareI18n(doc: Document = document): Promise<I18n> {
  const locale = startLocale(doc);
  let i18n: I18n;
  try {
    i18n = createI18n({ locale, messages: await loadCatalogue(locale), timeZone: deviceTimeZone() });
  } catch {
    // A catalogue that cannot load (offline, never cached): English, which the shell's own texts are.
    i18n = createI18n({ locale: 'en', messages: await loadCatalogue('en').catch(() => ({})), timeZone: deviceTimeZone() });
  }
  setActiveI18n(i18n);
  doc.documentElement.lang = i18n.locale;
  doc.documentElement.dir = i18n.dir;
  return i18n;
}

const BEFORE_IMMERSION_KEY = 'lingualog.uiLocale.beforeImmersion';

/** The choice before "Show the app in <language>" (null: automatic), kept so the way back returns to it; undefined when not immersed. */
export function choiceBeforeImmersion(): string | null | undefined {
  try {
    const kept = globalThis.localStorage?.getItem(BEFORE_IMMERSION_KEY);
    return kept === null || kept === undefined ? undefined : kept === '' ? null : kept;
  } catch {
    return undefined;
  }
}

export function rememberChoiceBeforeImmersion(choice: string | null | undefined): void {
  try {
    if (choice === undefined) globalThis.localStorage?.removeItem(BEFORE_IMMERSION_KEY);
    else globalThis.localStorage?.setItem(BEFORE_IMMERSION_KEY, choice ?? '');
  } catch {
    // Storage refused: the App language select stays the way back.
  }
}
