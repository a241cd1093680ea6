/**
 * The i18n instance in React: `<I18nProvider i18n={…}>` at the top of the app's tree (App.tsx),
 * `useT()` for messages and `useI18n()` for the formatters inside any component. Changing the
 * locale (Settings) loads its catalogue, then swaps the instance: the page switches without a reload.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { isLocaleTag, negotiateLocale, PSEUDO_LOCALE } from '@common/locales';
import { loadCatalogue } from './catalogue';
import { createI18n, getI18n, setActiveI18n, type I18n, type MessageValues } from './i18n';
import { rememberLocaleChoice } from './startLocale';

interface I18nContextValue {
  i18n: I18n;
  /** Shows the app in `tag` (or, with null, in the browser's best language): loads its catalogue, then switches. */
  switchLocale(tag: string | null): Promise<void>;
}

const I18nContext = createContext<I18nContextValue | null>(null);

/** Puts the page's `<html lang dir>` in step with the locale shown. */
function markDocument(i18n: I18n) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = i18n.locale;
  document.documentElement.dir = i18n.dir;
}

export function I18nProvider({ i18n: initial, children }: { i18n?: I18n; children: ReactNode }) {
  const [i18n, setI18n] = useState<I18n>(() => initial ?? getI18n());
  const switchLocale = useCallback(
    async (choice: string | null) => {
      const tag =
        choice === null
          ? negotiateLocale({ requested: typeof navigator === 'undefined' ? [] : navigator.languages })
          : isLocaleTag(choice) || choice === PSEUDO_LOCALE
            ? choice
            : negotiateLocale({ requested: [choice] });
      const messages = await loadCatalogue(tag);
      const next = createI18n({ locale: tag, messages, timeZone: i18n.timeZone });
      rememberLocaleChoice(choice);
      setActiveI18n(next);
      markDocument(next);
      setI18n(next);
    },
    [i18n.timeZone],
  );
  const value = useMemo(() => ({ i18n, switchLocale }), [i18n, switchLocale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The instance of the tree: `t`, the locale, its direction and formatters. Outside a provider, the active one. */
export function useI18n(): I18n {
  return useContext(I18nContext)?.i18n ?? getI18n();
}

/** `t(key, values)` of the tree's locale. */
export function useT(): (key: string, values?: MessageValues) => string {
  return useI18n().t;
}

/** Switches the app's locale (Settings' "App language"); a no-op outside a provider. */
export function useSwitchLocale(): (tag: string | null) => Promise<void> {
  return useContext(I18nContext)?.switchLocale ?? (() => Promise.resolve());
}

