/**
 * The password-reset email, in plain text and HTML, in the account's stored locale (there is no
 * Accept-Language at send time): what it is for, the link, when it expires, what a reset ends,
 * and what to do if unasked. The texts are server.json's `server.resetEmail.*`.
 */
import { localeDir } from '@common/locales';
import { sendingLocale, serverText } from './serverTexts';

export const RESET_VALID_MINUTES = 30;
export const RESET_VALID_MS = RESET_VALID_MINUTES * 60 * 1000;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The email for `to`, in `locale` (a stored uiLocale; none or an unknown one is English). */
export function resetEmail(to: string, link: string, locale?: string | null): { to: string; subject: string; text: string; html: string } {
  const tag = sendingLocale(locale);
  const say = (key: string, values?: Record<string, string | number>) => serverText(tag, key, values);
  const greeting = say('server.resetEmail.greeting');
  const asked = say('server.resetEmail.asked', { email: to });
  const validity = `${say('server.resetEmail.validity', { minutes: RESET_VALID_MINUTES })} ${say('server.resetEmail.ends')}`;
  const ignore = say('server.resetEmail.ignore');
  const signature = say('server.resetEmail.signature');
  const text = [greeting, '', asked, '', link, '', validity, '', ignore, '', signature].join('\n');
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="${tag}" dir="${localeDir(tag)}"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2933;">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(asked)}</p>
<p><a href="${href}">${escapeHtml(say('server.resetEmail.button'))}</a></p>
<p>${escapeHtml(say('server.resetEmail.copy'))}<br><span style="word-break: break-all;">${href}</span></p>
<p>${escapeHtml(validity)}</p>
<p>${escapeHtml(ignore)}</p>
<p>${escapeHtml(signature)}</p>
</body></html>
`;
  return { to, subject: say('server.resetEmail.subject'), text, html };
}
