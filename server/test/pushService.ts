/**
 * A push service of our own for the tests (no internet): an HTTPS server on 127.0.0.1 with a
 * certificate made here by openssl, that checks each request's VAPID JWT (ES256, signed with the
 * server's public key, `aud` the origin the request was sent to, `exp` within a day) and decrypts the aes128gcm payload
 * with the device's private key (http_ece, the library web-push itself uses), then answers what
 * the test asks for that device (201, or 410 for a dead subscription). The app under test trusts
 * the certificate through its `push.ca` option (the sender's https agent); `origin` goes in its
 * `push.endpointOrigins`, since 127.0.0.1 is otherwise refused.
 */
import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

export type Arrival = { device: string; payload: { title: string; body: string; url: string }; ttl: number; audience: string };

export type Device = { name: string; endpoint: string; keys: { p256dh: string; auth: string }; ecdh: ECDH; auth: string };

function selfSigned(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'push-cert-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function checkVapid(authorization: string | undefined, publicKeys: ReadonlySet<string>, origin: string, nowSeconds: number): string {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${authorization}`);
  const [, jwt, publicKey] = match;
  if (!publicKeys.has(publicKey)) throw new Error('VAPID k is not the server key');
  const [header, claims, signature] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) throw new Error('bad VAPID signature');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (body.aud !== origin) throw new Error(`VAPID aud ${body.aud} is not ${origin}`);
  if (!(body.exp > nowSeconds && body.exp <= nowSeconds + 24 * 3600 + 60)) throw new Error('VAPID exp out of range');
  if (!/^(mailto:|https:)/.test(body.sub)) throw new Error('VAPID sub is not mailto: or https:');
  return body.aud;
}

export async function startPushService(): Promise<{
  origin: string;
  ca: string;
  arrivals: Arrival[];
  /** A new device of this service: its subscription JSON as a browser gives it. */
  device(name?: string): Device;
  /** What the service answers for a device from now on (default 201), with a Location for a redirect. */
  answer(device: Device, status: number, location?: string): void;
  /** Requests that reached the service, decrypted or not, by device name. */
  requests: string[];
  /** A server VAPID public key requests may be signed with (one per database). */
  expectKey(publicKey: string): void;
  errors: string[];
  close(): Promise<void>;
}> {
  const { key, cert } = selfSigned();
  const devices = new Map<string, Device>();
  const statuses = new Map<string, { status: number; location?: string }>();
  const requests: string[] = [];
  const arrivals: Arrival[] = [];
  const errors: string[] = [];
  const serverKeys = new Set<string>();
  let origin = '';
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = (req.url ?? '').replace(/^\/push\//, '');
      const device = devices.get(name);
      requests.push(name);
      try {
        if (!device) throw new Error(`unknown device ${req.url}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const audience = checkVapid(req.headers.authorization, serverKeys, `https://${req.headers.host}`, Math.floor(Date.now() / 1000));
        const { status, location } = statuses.get(name) ?? { status: 201 };
        if (status === 201) {
          const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth });
          arrivals.push({ device: name, payload: JSON.parse(plain.toString('utf8')) as Arrival['payload'], ttl: Number(req.headers.ttl), audience });
        }
        res.writeHead(status, location ? { location } : {}).end();
      } catch (err) {
        errors.push((err as Error).message);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let counter = 0;
  return {
    origin,
    ca: cert,
    arrivals,
    errors,
    requests,
    device(name = `d${++counter}-${randomBytes(4).toString('hex')}`) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      const device = { name, endpoint: `${origin}/push/${name}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth }, ecdh, auth };
      devices.set(name, device);
      return device;
    },
    answer(device, status, location) {
      statuses.set(device.name, { status, location });
    },
    expectKey(publicKey) {
      serverKeys.add(publicKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
