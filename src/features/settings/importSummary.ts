import type { ImportAnswer } from '@common/schemas/data';
import { plural } from '@/lib/time';

/** '2 hours 5 minutes', '2 hours', '30 minutes': no '0 hours' before the minutes, none after the hours. */
function duration(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return plural(minutes, 'minute');
  return minutes === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(minutes, 'minute')}`;
}

const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/**
 * What an import did or would do, in words (issue #44): counts singular or plural as they are,
 * and a part that would say 0 ('0 days already logged change') left out.
 */
export function importSummary({ days, minutes, languages, replacedDays, skippedEntries }: ImportAnswer): string {
  const where = languages.length > 0 ? ` in ${languages.join(', ')}` : '';
  const parts = [days === 0 ? `No days${where}` : `${plural(days, 'day')} (${duration(minutes)})${where}`];
  if (replacedDays > 0) parts.push(`${plural(replacedDays, 'day')} already logged ${replacedDays === 1 ? 'changes' : 'change'}`);
  if (skippedEntries) parts.push(`${entries(skippedEntries)} naming no skill ${skippedEntries === 1 ? 'is' : 'are'} left out`);
  return `${parts.join('; ')}.`;
}
