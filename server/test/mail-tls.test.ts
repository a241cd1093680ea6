/**
 * A reset link is the account: mail to any host but loopback requires TLS (STARTTLS for smtp://,
 * smtps:// as it is), and a mail server that offers no TLS gets nothing, with a clear log line.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transportOptions } from '../src/plugins/mail';
import { buildTestApp, describeDb, signUp, type TestApp } from './helper';
import { startMailReceiver, type MailReceiver } from './mailReceiver';

describe('SMTP_URL: the transport built for it', () => {
  it('requires STARTTLS for smtp:// to any host but loopback, with a valid certificate', () => {
    for (const url of ['smtp://user:pw@mail.example.org:587', 'smtp://10.0.0.5:25', 'smtp://[2001:db8::5]:587']) {
      const options = transportOptions(url);
      expect(options.requireTLS, url).toBe(true);
      expect(options.tls, url).toBeUndefined();
    }
  });

  it('takes smtps:// as it is (TLS from the first byte) and lets a loopback relay be plain', () => {
    expect(transportOptions('smtps://user:pw@mail.example.org:465').requireTLS).toBe(false);
    for (const url of ['smtp://127.0.0.1:25', 'smtp://localhost:25', 'smtp://[::1]:25']) expect(transportOptions(url).requireTLS, url).toBe(false);
  });
});

let receiver: MailReceiver;
let h: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  receiver = await startMailReceiver(); // offers no STARTTLS
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  // No host counts as loopback here, so the receiver on 127.0.0.1 stands for a mail server elsewhere.
  h = await buildTestApp({ logger: { level: 'warn', stream }, mail: { smtpUrl: receiver.url, publicUrl: 'https://lingualog.test', loopbackHosts: new Set() } });
});
afterAll(async () => {
  await h?.close();
  await receiver?.close();
});

describeDb('Mail to a server without TLS', () => {
  it('sends no reset link in clear and logs that the mail server gave no TLS', async () => {
    const { email } = await signUp(h.app);
    const res = await h.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    expect(res.statusCode).toBe(202);
    const until = Date.now() + 5_000;
    while (!lines.some((l) => l.includes('could not send')) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    const line = lines.find((l) => l.includes('could not send'));
    expect(line).toMatch(/gave no usable TLS/);
    expect(line).toMatch(/nothing was sent in clear/);
    expect(receiver.messages).toHaveLength(0);
  });
});
