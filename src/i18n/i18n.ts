/**
 * The i18n instance: a locale, its messages and the learner's zone, with `t` and the locale's
 * formatters. The browser holds one at a time (the active one, for code outside React such as the
 * error catalogue); the server's render makes one per request (src/ssr/dashboardScreen.tsx) and
 * makes it the active one only for that synchronous render.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LOCALE, intlLocale, localeDir, type LocaleDir } from '@common/locales';
import type { Messages } from './catalogue';

export type MessageValues = Record<string, string | number | Date | null | undefined>;

export interface I18n {
  /** The locale's tag (`de`, `pt-BR`, or the pseudo-locale `en-XA`). */
  readonly locale: string;
  readonly dir: LocaleDir;
  /** The learner's zone for dates, or undefined for the device's. */
  readonly timeZone: string | undefined;
  /** The message `key` of the catalogue, its placeholders filled from `values`. */
  t(key: string, values?: MessageValues): string;
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  /** A date or instant in the learner's zone (`options.timeZone` overrides it, e.g. 'UTC' for a calendar day). */
  formatDate(value: Date | number, options?: Intl.DateTimeFormatOptions): string;
  /** A list joined the locale's way ("a, b and c"). */
  formatList(items: readonly string[], options?: Intl.ListFormatOptions): string;
  /**
   * Minutes as a duration in the locale's words ("1 hr, 30 min", "1 Std., 30 Min."; style `short`,
   * or `long`/`narrow`). Units and a unit list, not Intl.DurationFormat: Node 20 lacks it, and the
   * server's render and the browser must write the same text.
   */
  formatDuration(minutes: number, style?: 'long' | 'short' | 'narrow'): string;
  /** The `Intl` formatter for numbers of this locale (cached per options). */
  numberFormat(options?: Intl.NumberFormatOptions): Intl.NumberFormat;
  /** The `Intl` formatter for dates of this locale and zone (cached per options). */
  dateFormat(options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat;
}

export function createI18n({ locale, messages, timeZone }: { locale: string; messages: Messages; timeZone?: string }): I18n {
  const tag = intlLocale(locale);
  const compiled = new Map<string, IntlMessageFormat>();
  const cache = new Map<string, unknown>();
  const cached = <T>(kind: string, options: object | undefined, make: () => T): T => {
    const id = `${kind}\u0000${JSON.stringify(options ?? {})}`;
    let made = cache.get(id) as T | undefined;
    if (made === undefined) {
      made = make();
      cache.set(id, made);
    }
    return made;
  };
  const numberFormat = (options?: Intl.NumberFormatOptions) => cached('n', options, () => new Intl.NumberFormat(tag, options));
  const dateFormat = (options?: Intl.DateTimeFormatOptions) =>
    cached('d', options, () => new Intl.DateTimeFormat(tag, { timeZone, ...options }));
  return {
    locale,
    dir: localeDir(locale),
    timeZone,
    t(key, values) {
      let format = compiled.get(key);
      if (!format) {
        const ast = messages[key];
        if (!ast) return key;
        // Plain text is shown as it is (the build keeps a message without placeholders as its text).
        if (typeof ast === 'string') return ast;
        format = new IntlMessageFormat(ast, tag);
        compiled.set(key, format);
      }
      return String(format.format(values));
    },
    numberFormat,
    dateFormat,
    formatNumber: (value, options) => numberFormat(options).format(value),
    formatDate: (value, options) => dateFormat(options).format(value),
    formatList: (items, options) => cached('l', options, () => new Intl.ListFormat(tag, { type: 'conjunction', ...options })).format(items),
    formatDuration(minutes, style = 'short') {
      const hours = Math.floor(minutes / 60);
      const mins = Math.round(minutes - hours * 60);
      const unit = (u: string, v: number) => numberFormat({ style: 'unit', unit: u, unitDisplay: style }).format(v);
      const parts = hours ? [unit('hour', hours), ...(mins ? [unit('minute', mins)] : [])] : [unit('minute', mins)];
      return cached('lu', { style }, () => new Intl.ListFormat(tag, { type: 'unit', style })).format(parts);
    },
  };
}

const empty: Messages = {};
let active: I18n = createI18n({ locale: DEFAULT_LOCALE, messages: empty });

/** The active instance, for code outside React (the error catalogue, a toast's text). Inside React use useI18n/useT. */
export const getI18n = (): I18n => active;

/** Makes `i18n` the active instance; returns the one it replaced (the server's render puts it back after). */
export function setActiveI18n(i18n: I18n): I18n {
  const before = active;
  active = i18n;
  return before;
}

/** `t` of the active instance (outside React). */
export const t = (key: string, values?: MessageValues): string => active.t(key, values);
