import type { ImportAnswer } from '@common/schemas/data';
import { t } from '@/i18n/i18n';
import { languageName } from '@/lib/languageNames';

/** '2 hours 5 minutes', '2 hours', '30 minutes': no '0 hours' before the minutes, none after the hours. */
function duration(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return t('settings.importSummary.minutes', { minutes });
  if (minutes === 0) return t('settings.importSummary.hours', { hours });
  return t('settings.importSummary.hoursMinutes', {
    hours: t('settings.importSummary.hours', { hours }),
    minutes: t('settings.importSummary.minutes', { minutes }),
  });
}

/**
 * What an import did or would do, in words (issue #44): counts singular or plural as they are,
 * and a part that would say 0 ('0 days already logged change') left out.
 */
export function importSummary({ days, minutes, languages, replacedDays, skippedEntries }: ImportAnswer): string {
  const names = languages.map(languageName).join(t('settings.importSummary.languageSeparator'));
  const where = languages.length > 0;
  const parts = [
    days === 0
      ? where ? t('settings.importSummary.noDaysIn', { languages: names }) : t('settings.importSummary.noDays')
      : t(where ? 'settings.importSummary.daysIn' : 'settings.importSummary.days', { days, duration: duration(minutes), languages: names }),
  ];
  if (replacedDays > 0) parts.push(t('settings.importSummary.replaced', { days: replacedDays }));
  if (skippedEntries) parts.push(t('settings.importSummary.skipped', { entries: skippedEntries }));
  return t('settings.importSummary.sentence', { parts: parts.join(t('settings.importSummary.partSeparator')) });
}
