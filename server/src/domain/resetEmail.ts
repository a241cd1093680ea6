/** The password-reset email, in plain text and HTML: what it is for, the link, when it expires, and what to do if unasked. */
import { RESET_VALID_MINUTES } from './passwordReset';

export const RESET_EMAIL_SUBJECT = 'Reset your LinguaLog password';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function resetEmail(to: string, link: string): { to: string; subject: string; text: string; html: string } {
  const text = [
    'Hello,',
    '',
    `Someone asked to reset the password of the LinguaLog account for ${to}. To choose a new password, open this link:`,
    '',
    link,
    '',
    `The link works for ${RESET_VALID_MINUTES} minutes and only once. When you use it, every device signed in to your account is signed out, every access token your tools use stops working and reminders stop coming to every device (turn them on again where you want them).`,
    '',
    'If you did not ask for this, you can ignore this email: your password stays as it is, and nobody can use this link without access to your inbox.',
    '',
    '— LinguaLog',
  ].join('\n');
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2933;">
<p>Hello,</p>
<p>Someone asked to reset the password of the LinguaLog account for ${escapeHtml(to)}. To choose a new password, open this link:</p>
<p><a href="${href}">Choose a new password</a></p>
<p>Or copy this address into your browser:<br><span style="word-break: break-all;">${href}</span></p>
<p>The link works for ${RESET_VALID_MINUTES} minutes and only once. When you use it, every device signed in to your account is signed out, every access token your tools use stops working and reminders stop coming to every device (turn them on again where you want them).</p>
<p>If you did not ask for this, you can ignore this email: your password stays as it is, and nobody can use this link without access to your inbox.</p>
<p>— LinguaLog</p>
</body></html>
`;
  return { to, subject: RESET_EMAIL_SUBJECT, text, html };
}
