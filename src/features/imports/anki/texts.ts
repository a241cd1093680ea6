/**
 * The texts of the Anki import, from the learner's catalogue (`imports.json`): the worker answers
 * codes (protocol.ts), this names them. `useAnkiTexts()` inside a component.
 */
import { SKILL_NAMES } from '@/lib/skills';
import { useMemo } from 'react';
import { useI18n } from '@/i18n/I18nProvider';
import type { I18n } from '@/i18n/i18n';
import type { AnkiErrorCode } from './protocol';
import type { ReadStep } from './readCollection';

export type AnkiTexts = ReturnType<typeof ankiTexts>;

export function ankiTexts(i18n: I18n) {
  const { t } = i18n;
  /** A calendar day ('2026-03-01') in the locale's words, its order given by the catalogue. */
  const date = (isoDate: string) => {
    const parts = i18n
      .dateFormat({ day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
      .formatToParts(new Date(`${isoDate}T00:00:00Z`));
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return t('imports.anki.date', { day: part('day'), month: part('month'), year: part('year') });
  };
  /** A time of day; English writes "2 am", as Anki's own "4 am". */
  const clockTime = (minutesAfterMidnight: number) => {
    if (minutesAfterMidnight === 0) return t('imports.anki.midnight');
    const twelveHour = /^en\b/.test(i18n.locale);
    const time = i18n.formatDate(Date.UTC(1970, 0, 1, 0, minutesAfterMidnight), {
      hour: 'numeric',
      minute: twelveHour && minutesAfterMidnight % 60 === 0 ? undefined : '2-digit',
      hour12: twelveHour ? true : undefined,
      timeZone: 'UTC',
    });
    return twelveHour ? time.toLowerCase() : time;
  };
  const megabytes = (bytes: number) => i18n.formatNumber(bytes / 1e6, { maximumFractionDigits: 1 });
  const minutes = (n: number) =>
    n < 60 ? t('imports.anki.minutes', { minutes: n }) : t('imports.anki.hoursMinutes', { hours: Math.floor(n / 60), minutes: n % 60 });

  return {
    // The skills as every screen names them (src/lib/skills.ts).
    skills: { ...SKILL_NAMES },
    title: t('imports.anki.title'),
    intro: t('imports.anki.intro'),
    fileLabel: t('imports.anki.fileLabel'),
    fileHint: t('imports.anki.fileHint'),
    progressLabel: t('imports.anki.progressLabel'),
    progressBytes: (done: number, total: number) => t('imports.anki.progressBytes', { done: megabytes(done), total: megabytes(total) }),
    steps: {
      unpacking: t('imports.anki.stepUnpacking'),
      opening: t('imports.anki.stepOpening'),
      summing: t('imports.anki.stepSumming'),
    } satisfies Record<ReadStep, string>,
    errors: {
      notAnki: t('imports.anki.errorNotAnki'),
      encrypted: t('imports.anki.errorEncrypted'),
      damaged: t('imports.anki.errorDamaged'),
      unknownVersion: t('imports.anki.errorUnknownVersion'),
      noScheduling: t('imports.anki.errorNoScheduling'),
      noReviews: t('imports.anki.errorNoReviews'),
      unknownZone: t('imports.anki.errorUnknownZone'),
      unreadable: t('imports.anki.errorUnreadable'),
    } satisfies Record<AnkiErrorCode, string>,
    previewTitle: t('imports.anki.previewTitle'),
    days: t('imports.anki.days'),
    totalTime: t('imports.anki.totalTime'),
    firstDay: t('imports.anki.firstDay'),
    lastDay: t('imports.anki.lastDay'),
    date,
    minutes,
    dayCount: (days: number) => t('imports.anki.dayCount', { days }),
    reviewCount: (reviews: number) => t('imports.anki.reviewCount', { reviews }),
    dayBoundary: (boundaryMinutes: number, timeZone: string) => t('imports.anki.dayBoundary', { time: clockTime(boundaryMinutes), timeZone }),
    roundingNote: t('imports.anki.roundingNote'),
    topDecks: t('imports.anki.topDecks'),
    decksLegend: t('imports.anki.decksLegend'),
    allDecks: t('imports.anki.allDecks'),
    noDecks: t('imports.anki.noDecks'),
    deletedCards: t('imports.anki.deletedCards'),
    unnamedDeck: (id: number) => t('imports.anki.unnamedDeck', { id: String(id) }),
    deckTime: (name: string, n: number) => (n < 1 ? t('imports.anki.deckTimeUnderMinute', { name }) : t('imports.anki.deckTime', { name, minutes: n })),
    skillLegend: t('imports.anki.skillLegend'),
    nothingToImport: t('imports.anki.nothingToImport'),
    confirm: (days: number) => t('imports.anki.confirm', { days }),
    sending: t('imports.anki.sending'),
    sendFailed: t('imports.anki.sendFailed'),
    chooseAnother: t('imports.anki.chooseAnother'),
  };
}

/** The Anki import's texts in the learner's locale. */
export function useAnkiTexts(): AnkiTexts {
  const i18n = useI18n();
  return useMemo(() => ankiTexts(i18n), [i18n]);
}
