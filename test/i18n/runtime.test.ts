/** The i18n runtime (src/i18n) and the one negotiation rule (common/locales.ts). */
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { intlLocale, negotiateLocale, parseAcceptLanguage } from '@common/locales';
import { loadCatalogue } from '@/i18n/catalogue';
import { createI18n } from '@/i18n/i18n';

const compiled = (messages: Record<string, string>) => Object.fromEntries(Object.entries(messages).map(([k, m]) => [k, parse(m)]));

describe('negotiateLocale', () => {
  it("the account's (or device's) choice wins; else the browser's best match; else English", () => {
    expect(negotiateLocale({ stored: 'ar', requested: 'de' })).toBe('ar');
    expect(negotiateLocale({ stored: null, requested: 'de-AT,de;q=0.9' })).toBe('de');
    expect(negotiateLocale({ stored: 'tlh', requested: ['ja-JP'] })).toBe('ja');
    expect(negotiateLocale({ requested: 'ko, tlh' })).toBe('en');
    expect(negotiateLocale({})).toBe('en');
  });

  it('a pt request gets pt-BR; zh-CN and zh get zh-Hans', () => {
    expect(negotiateLocale({ requested: 'pt' })).toBe('pt-BR');
    expect(negotiateLocale({ requested: 'pt-PT' })).toBe('pt-BR');
    expect(negotiateLocale({ requested: 'zh-CN' })).toBe('zh-Hans');
    expect(negotiateLocale({ requested: ['zh'] })).toBe('zh-Hans');
  });

  it('reads Accept-Language by its q-values, leaving out q=0, * and malformed tags', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-CH, *;q=0.1, en;q=0')).toEqual(['de-CH', 'fr']);
    expect(negotiateLocale({ requested: '!!bad, it;q=0.4, es;q=0.8' })).toBe('es');
  });
});

describe('messages', () => {
  const plural = '{n, plural, zero {zero} one {one} two {two} few {few} many {many} other {other}}';

  it("Arabic's six plural forms", () => {
    const { t } = createI18n({ locale: 'ar', messages: compiled({ m: plural }) });
    expect([0, 1, 2, 3, 11, 100].map((n) => t('m', { n }))).toEqual(['zero', 'one', 'two', 'few', 'many', 'other']);
  });

  it('French puts 0 with 1; English does not', () => {
    const message = { m: '{n, plural, one {# minute} other {# minutes}}' };
    expect(createI18n({ locale: 'fr', messages: compiled(message) }).t('m', { n: 0 })).toBe('0 minute');
    expect(createI18n({ locale: 'en', messages: compiled(message) }).t('m', { n: 0 })).toBe('0 minutes');
  });

  it("a shipped catalogue's message with its values (German)", async () => {
    const { t } = createI18n({ locale: 'de', messages: await loadCatalogue('de') });
    expect(t('auth.forgot.sent', { minutes: 30 })).toBe('Falls es zu dieser Adresse ein Konto gibt, haben wir einen Link dorthin geschickt; er gilt 30 Minuten.');
    expect(t('errors.INVALID_MILESTONES', { min: 1, max: 100000 })).toContain('100.000');
  });
});

describe('formatters', () => {
  it('name the locale: Arabic with Latin digits (as Node and Chromium both write them), German its own separators', () => {
    expect(intlLocale('ar')).toBe('ar-u-nu-latn');
    const ar = createI18n({ locale: 'ar', messages: {}, timeZone: 'UTC' });
    expect(ar.formatNumber(1234.5)).toMatch(/^1[,٬]234[.٫]5$/);
    expect(ar.formatNumber(1234.5)).not.toMatch(/[٠-٩]/);
    expect(createI18n({ locale: 'de', messages: {} }).formatNumber(1234.5)).toBe('1.234,5');
  });

  it("dates in the learner's zone, in the locale's order", () => {
    const instant = Date.UTC(2026, 10, 28, 23, 30);
    const ja = createI18n({ locale: 'ja', messages: {}, timeZone: 'Asia/Tokyo' });
    expect(ja.formatDate(instant, { year: 'numeric', month: 'numeric', day: 'numeric' })).toBe('2026/11/29');
    // English keeps the spec's British dates ('28 November 2026'), in the learner's zone.
    const en = createI18n({ locale: 'en', messages: {}, timeZone: 'America/New_York' });
    expect(en.formatDate(instant, { year: 'numeric', month: 'long', day: 'numeric' })).toBe('28 November 2026');
  });

  it('durations and lists in the locale’s words', () => {
    const de = createI18n({ locale: 'de', messages: {} });
    expect(de.formatDuration(90)).toMatch(/^1 Std\.?,? 30 Min\.?$/);
    expect(de.formatList(['a', 'b', 'c'])).toBe('a, b und c');
    expect(createI18n({ locale: 'en', messages: {} }).formatDuration(45, 'long')).toBe('45 minutes');
  });
});

describe('the catalogue chunks', () => {
  it("a reader's messages come with its code: the first chunk holds none of them and no server text, the later one adds them", async () => {
    const { compiledCatalogue } = await import('../../scripts/i18n/catalogues.mjs');
    const localesDir = `${process.cwd()}/common/locales`;
    const first = compiledCatalogue(localesDir, 'de', 'first') as Record<string, unknown>;
    const later = compiledCatalogue(localesDir, 'de', 'later') as Record<string, unknown>;
    const all = compiledCatalogue(localesDir, 'de') as Record<string, unknown>;
    expect(Object.keys(first).some((key) => key.startsWith('imports.sheet.') || key.startsWith('server.'))).toBe(false);
    expect(Object.keys(later).length).toBeGreaterThan(0);
    expect(Object.keys(later).every((key) => /^(imports\.(sheet|anki)\.|dashboard\.level\d\.)/.test(key))).toBe(true);
    expect(later['dashboard.level3.general']).toBeDefined();
    expect(first['dashboard.level3.title']).toBeDefined();
    expect(Object.keys(all).length).toBe(Object.keys(first).length + Object.keys(later).length + Object.keys(all).filter((k) => k.startsWith('server.')).length);
    // Plain text travels as text, a message with a placeholder as its precompiled form.
    expect(typeof first['dashboard.tab.daily']).toBe('string');
    expect(Array.isArray(first['dashboard.time.hm'])).toBe(true);
  });
});
