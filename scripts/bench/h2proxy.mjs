// An HTTP/2 (TLS) front for the app, inside the bench process, for the round-trip count of issue #18.
// Over HTTP/1.1 Chromium opens at most 6 connections per host, so a wave of more than 6 requests
// is sent in two halves; the second half answers a round trip later, and a read that waits for it
// can then find an unrelated request of another branch ended before it and be counted one wave
// too deep, or not, from one load to the next. Over HTTP/2 (as a TLS front would serve the app)
// every request of a wave goes out at once, and the waves counted are the page's own.
// The certificate is self-signed, made with openssl in a temp directory removed at cleanup.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createSecureServer } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onCleanup } from './processes.mjs';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'host', 'http2-settings', 'te']);

function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'tracker-h2-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr || made.error}`);
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/** Starts https://127.0.0.1:<port> (HTTP/2 only) passing every request to `targetUrl` as it is; resolves with its URL. */
export async function startHttp2Proxy(targetUrl) {
  const target = new URL(targetUrl);
  const agent = new Agent({ keepAlive: true });
  const sessions = new Set();
  const server = createSecureServer({ ...selfSignedCertificate(), allowHTTP1: false }, (req, res) => {
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)));
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...headers, host: target.host }, agent },
      (answer) => {
        const out = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
        res.writeHead(answer.statusCode, out);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(String(err));
    });
    req.pipe(upstream);
  });
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const session of sessions) session.destroy();
    agent.destroy();
    await new Promise((resolve) => server.close(() => resolve()));
  };
  onCleanup(stop);
  return { url: `https://127.0.0.1:${server.address().port}`, stop };
}
