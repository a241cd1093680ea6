/**
 * Outgoing mail through nodemailer from SMTP_URL (smtp:// or smtps://, user and password in the
 * URL). A message is sent in the background: the request that asked for it never waits for the
 * mail server, so its answer and its timing say nothing about whether anything was sent. Without
 * SMTP_URL nothing is sent and the server says so once, in its log when it starts.
 *
 * A reset link is the account, so mail never leaves the machine in clear: to any host but
 * loopback, `smtp://` requires STARTTLS (nodemailer's requireTLS) and a valid certificate, and
 * `smtps://` is TLS from the first byte. A mail server that does not offer STARTTLS gets no
 * message: the send fails with a log line saying so, and nothing is sent in clear. A relay on this
 * very machine (a local Postfix, a test receiver) is reached without crossing a network, so it may
 * be plain.
 */
import type { FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailOptions {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465; unset: no mail is sent. */
  smtpUrl?: string;
  /** The From of every message; default `LinguaLog <no-reply@<PUBLIC_URL's host>>`. */
  from?: string;
  /** The address learners use, for links in messages; default http://localhost:3000. */
  publicUrl?: string;
  /** Hosts mail may reach without TLS (default: localhost, 127.0.0.1 and ::1; tests narrow it). */
  loopbackHosts?: ReadonlySet<string>;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly publicUrl: string;
  /** Whether SMTP_URL is set. */
  readonly configured: boolean;
  /** Starts sending and returns at once; a failure is logged, never thrown. */
  send(message: OutgoingMail): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

const CLOSE_WAIT_MS = 5_000;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** nodemailer's options for SMTP_URL: TLS required off loopback (smtps:// is TLS already). */
export function transportOptions(smtpUrl: string, loopbackHosts: ReadonlySet<string> = LOOPBACK) {
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, not "${url.protocol}//"`);
  const loopback = loopbackHosts.has(url.hostname);
  // On loopback a self-signed certificate is accepted for an offered STARTTLS; any other host must present a valid one.
  const tls = loopback ? { rejectUnauthorized: false } : undefined;
  return { url: smtpUrl, tls, requireTLS: !loopback && url.protocol === 'smtp:', connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
}

function transportFor(smtpUrl: string, loopbackHosts?: ReadonlySet<string>): Transporter {
  return nodemailer.createTransport(transportOptions(smtpUrl, loopbackHosts));
}

/** The log line of a failed send; a refused or failed TLS says that nothing went in clear. */
function failure(err: unknown, subject: string, smtpUrl: string): string {
  const code = (err as { code?: string }).code;
  const message = err instanceof Error ? err.message : String(err);
  if (code === 'ETLS' || /STARTTLS|TLS|certificate/i.test(message)) {
    return `could not send "${subject}": the mail server ${new URL(smtpUrl).host} gave no usable TLS (${message}); nothing was sent in clear`;
  }
  return `could not send "${subject}": ${message}`;
}

export function registerMail(app: FastifyInstance, options: MailOptions = {}): void {
  const publicUrl = (options.publicUrl || DEFAULT_PUBLIC_URL).replace(/\/+$/, '');
  const from = options.from || `LinguaLog <no-reply@${new URL(publicUrl).hostname}>`;
  const transport = options.smtpUrl ? transportFor(options.smtpUrl, options.loopbackHosts) : null;
  const sending = new Set<Promise<unknown>>();
  if (!transport) {
    app.addHook('onReady', async () => {
      app.log.warn('Mail is not set up (SMTP_URL is unset): password-reset emails are not sent; an operator gives a learner a link with `npm run admin -- reset-password <email>`.');
    });
  }

  app.decorate('mail', {
    publicUrl,
    configured: transport !== null,
    send(message: OutgoingMail): void {
      if (!transport) return;
      const sent = transport
        .sendMail({ from, ...message })
        .catch((err: unknown) => app.log.error({ err: err instanceof Error ? err.message : String(err) }, failure(err, message.subject, options.smtpUrl!)))
        .finally(() => sending.delete(sent));
      sending.add(sent);
    },
  });
  // Messages already handed over get a few seconds to finish before the app closes; a mail server
  // that does not answer does not hold a restart up for longer.
  app.addHook('onClose', async () => {
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)));
    await Promise.race([Promise.allSettled([...sending]), patience]);
    clearTimeout(timer);
    transport?.close();
  });
}
