/**
 * A real SMTP receiver on 127.0.0.1 (smtp-server) that keeps every message it is given, for
 * tests of the mail the server sends. No TLS and no sign-in: it only ever listens on loopback.
 */
import { SMTPServer } from 'smtp-server';
import { freePort } from './freePort';

export interface ReceivedMail {
  to: string[];
  /** The whole message as sent (headers, text and HTML parts), soft line breaks joined. */
  raw: string;
}

export interface MailReceiver {
  url: string;
  messages: ReceivedMail[];
  /** Waits until `count` messages have arrived in all, or throws after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** Undoes quoted-printable's soft line breaks and escapes, enough to read links and sentences. */
const unfold = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export async function startMailReceiver(): Promise<MailReceiver> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: unfold(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(count, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} messages, received ${messages.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset token in a received message's link. */
export function tokenIn(mail: ReceivedMail): string {
  const match = /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(mail.raw);
  if (!match?.[1]) throw new Error('no reset link in the message');
  return match[1];
}
