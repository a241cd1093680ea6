/**
 * Outgoing mail through nodemailer from SMTP_URL (smtp:// or smtps://, user and password in the
 * URL). A message is sent in the background: the request that asked for it never waits for the
 * mail server, so its answer and its timing say nothing about whether anything was sent. Without
 * SMTP_URL nothing is sent and the server says so once, in its log when it starts.
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

function transportFor(smtpUrl: string): Transporter {
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, not "${url.protocol}//"`);
  // A relay on this very machine (a local Postfix, a test receiver) is reached without leaving it,
  // so its self-signed certificate is accepted for STARTTLS; any other host must present a valid one.
  const tls = LOOPBACK.has(url.hostname) ? { rejectUnauthorized: false } : undefined;
  return nodemailer.createTransport({ url: smtpUrl, tls, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
}

export function registerMail(app: FastifyInstance, options: MailOptions = {}): void {
  const publicUrl = (options.publicUrl || DEFAULT_PUBLIC_URL).replace(/\/+$/, '');
  const from = options.from || `LinguaLog <no-reply@${new URL(publicUrl).hostname}>`;
  const transport = options.smtpUrl ? transportFor(options.smtpUrl) : null;
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
        .catch((err: unknown) => app.log.error({ err: err instanceof Error ? err.message : String(err) }, `could not send "${message.subject}"`))
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
