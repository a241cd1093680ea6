import type { TokenExpiryDays, TokenScope } from '@common/schemas/tokens';
import type { I18n } from '@/i18n/i18n';

/** The scopes as the learner reads them. */
export const scopeLabel = (i18n: I18n, scope: TokenScope): string =>
  scope === 'log' ? i18n.t('tokens.scope.log') : i18n.t('tokens.scope.read');

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const INSTANT: Intl.DateTimeFormatOptions = { ...DAY, hour: '2-digit', minute: '2-digit' };

export const formatCreated = (i18n: I18n, iso: string) => i18n.t('tokens.list.created', { date: i18n.formatDate(new Date(iso), DAY) });
export const formatLastUsed = (i18n: I18n, iso: string | null) =>
  iso === null ? i18n.t('tokens.list.neverUsed') : i18n.t('tokens.list.lastUsed', { date: i18n.formatDate(new Date(iso), INSTANT) });

/** The lifetimes offered when making a token; `never` is sent as null. */
export const expiryLabel = (i18n: I18n, days: `${TokenExpiryDays}` | 'never'): string =>
  days === 'never' ? i18n.t('tokens.expiry.never') : i18n.t('tokens.expiry.after', { days: Number(days) });

export const formatExpiry = (i18n: I18n, iso: string | null, now = Date.now()) => {
  if (iso === null) return i18n.t('tokens.list.neverExpires');
  const date = i18n.formatDate(new Date(iso), DAY);
  return Date.parse(iso) <= now ? i18n.t('tokens.list.expired', { date }) : i18n.t('tokens.list.expires', { date });
};
