/**
 * A learnable language's name in the UI language. The API names languages in English ('Spanish'),
 * and keeps those names as their identifiers; the screen shows `Intl.DisplayNames` of the
 * language's code in the locale in force ('Spanisch' for a German learner). English, and a name
 * without a known code, show as the API wrote them.
 */
import { getI18n } from '@/i18n/i18n';
import { intlLocale } from '@common/locales';

const CODES: Readonly<Record<string, string>> = {
  Afrikaans: 'af', Albanian: 'sq', Amharic: 'am', Arabic: 'ar', Armenian: 'hy', Basque: 'eu', Bengali: 'bn',
  Bulgarian: 'bg', Burmese: 'my', Catalan: 'ca', Chinese: 'zh', Croatian: 'hr', Czech: 'cs', Danish: 'da',
  Dutch: 'nl', English: 'en', Esperanto: 'eo', Estonian: 'et', Filipino: 'fil', Finnish: 'fi', French: 'fr',
  Georgian: 'ka', German: 'de', Greek: 'el', Gujarati: 'gu', Hausa: 'ha', Hawaiian: 'haw', Hebrew: 'he',
  Hindi: 'hi', Hungarian: 'hu', Icelandic: 'is', Indonesian: 'id', Irish: 'ga', Italian: 'it', Japanese: 'ja',
  Kannada: 'kn', Kazakh: 'kk', Khmer: 'km', Korean: 'ko', Kurdish: 'ku', Lao: 'lo', Latin: 'la', Latvian: 'lv',
  Lithuanian: 'lt', Malay: 'ms', Malayalam: 'ml', Mandarin: 'cmn', Maori: 'mi', Marathi: 'mr', Mongolian: 'mn',
  Nepali: 'ne', Norwegian: 'no', Persian: 'fa', Polish: 'pl', Portuguese: 'pt', Punjabi: 'pa', Romanian: 'ro',
  Russian: 'ru', Serbian: 'sr', Sinhala: 'si', Slovak: 'sk', Slovenian: 'sl', Somali: 'so', Spanish: 'es',
  Swahili: 'sw', Swedish: 'sv', Tagalog: 'tl', Tamil: 'ta', Telugu: 'te', Thai: 'th', Turkish: 'tr',
  Ukrainian: 'uk', Urdu: 'ur', Uzbek: 'uz', Vietnamese: 'vi', Welsh: 'cy', Xhosa: 'xh', Yiddish: 'yi',
  Yoruba: 'yo', Zulu: 'zu',
};

const names = new Map<string, Intl.DisplayNames | null>();

/** `name` (the API's English name) as the locale in force writes it. */
export function languageName(name: string): string {
  const { locale } = getI18n();
  const code = CODES[name];
  if (!code || locale.startsWith('en')) return name;
  if (!names.has(locale)) {
    let made: Intl.DisplayNames | null = null;
    try {
      made = new Intl.DisplayNames([intlLocale(locale)], { type: 'language', fallback: 'none' });
    } catch {
      made = null;
    }
    names.set(locale, made);
  }
  const shown = names.get(locale)?.of(code);
  return shown ?? name;
}

/** The name standing alone (a heading, an option): its first letter a capital ('Espagnol', not 'espagnol'). */
export function languageTitle(name: string): string {
  const shown = languageName(name);
  return shown.charAt(0).toLocaleUpperCase(intlLocale(getI18n().locale)) + shown.slice(1);
}
