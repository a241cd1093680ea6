/**
 * A token sent anywhere but the Authorization header is never used and never written to a log
 * (contract, fifth edition): the request log redacts `access_token` and `token` query values and
 * anything shaped like our tokens in the URL.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeDb, type TestApp } from './helper';

const lines: string[] = [];
let h: TestApp;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  h = await buildTestApp({ logger: { level: 'info', stream } });
});
afterAll(async () => {
  await h?.close();
});

const TOKEN = 'lingualog_pat_Zx81kQm2vB7nR4tY9wE3uI6oP0aS5dF_-g';

describeDb('The request log holds no token', () => {
  it('redacts ?access_token= on a refused call, and keeps the rest of the URL', async () => {
    lines.length = 0;
    const res = await h.app.inject({ method: 'GET', url: `/api/user/progress?access_token=${TOKEN}&from=2026-01-01` });
    expect(res.statusCode).toBe(401);
    const logged = lines.map((line) => JSON.parse(line) as { req?: { url?: string } });
    const urls = logged.map((entry) => entry.req?.url).filter(Boolean);
    expect(urls).toContain('/api/user/progress?access_token=[redacted]&from=2026-01-01');
    expect(lines.join('\n')).not.toContain(TOKEN.slice('lingualog_pat_'.length));
  });

  it('redacts ?token= and a token-shaped value under any name or in the path', async () => {
    lines.length = 0;
    await h.app.inject({ method: 'GET', url: `/api/user/progress?token=secret-value-1` });
    await h.app.inject({ method: 'GET', url: `/api/user/progress?key=${TOKEN}` });
    await h.app.inject({ method: 'GET', url: `/api/nowhere/${TOKEN}` });
    const text = lines.join('\n');
    expect(text).not.toContain('secret-value-1');
    expect(text).not.toContain(TOKEN.slice('lingualog_pat_'.length));
    expect(text).toContain('token=[redacted]');
    expect(text).toContain('lingualog_pat_[redacted]');
  });
});
