import type { TokenExpiryDays, TokenScope } from '@common/schemas/tokens';

/** The scopes as the learner reads them. */
export const SCOPE_LABELS: Record<TokenScope, string> = { log: 'Log time', read: 'Read only' };

export const TOKEN_WARNING = 'Copy it now: you will not see it again. Anyone with it can log time for you.';

const instant = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export const formatCreated = (iso: string) => day.format(new Date(iso));
export const formatLastUsed = (iso: string | null) => (iso === null ? 'Never used' : `Last used ${instant.format(new Date(iso))}`);

/** The lifetimes offered when making a token; `never` is sent as null. */
export const EXPIRY_LABEL = 'Expires';
export const EXPIRY_LABELS: Record<`${TokenExpiryDays}` | 'never', string> = {
  '30': 'After 30 days',
  '90': 'After 90 days',
  '365': 'After 365 days',
  never: 'Never',
};
export const EXPIRY_HELP = 'An expired token stops working, as a revoked one.';
export const formatExpiry = (iso: string | null, now = Date.now()) =>
  iso === null ? 'Never expires' : `${Date.parse(iso) <= now ? 'Expired' : 'Expires'} ${day.format(new Date(iso))}`;
