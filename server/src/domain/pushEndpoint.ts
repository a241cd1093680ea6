/**
 * Which push endpoints the server may send to. The server makes requests to an endpoint a
 * learner gave it, so without this guard anyone could make it call into the host's own network
 * (SSRF): only https, and never a loopback, private, link-local, shared (CGNAT), multicast,
 * reserved or other internal address, whether written as a name, a dotted, numeric, octal or hex
 * IPv4 (the URL parser turns those into dotted form), an IPv6 or an IPv4-mapped IPv6 address.
 * PUSH_ENDPOINT_ORIGINS lists origins allowed anyway (a self-hosted push service, tests).
 * The same rule holds for every address a name resolves to when a push is sent (pushSender.ts).
 */
import { createPublicKey } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** Names that only mean something inside a network. */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|localdomain)$/i;

/** True for an address (IPv4 or IPv6, no brackets) no learner's push service may have. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return internal.check(address, 'ipv4');
  // IPv4-mapped (::ffff:a.b.c.d): never a push service's own address. Tested apart, since
  // BlockList matches IPv4 addresses against an IPv6 rule for that range.
  if (family === 6) return /^(0{0,4}:){0,5}:?ffff:/i.test(address) || internal.check(address, 'ipv6');
  return true;
}

/** The comma-separated PUSH_ENDPOINT_ORIGINS as origins (https://host[:port]; a bare host[:port] is https); malformed entries are an error. */
export function parseEndpointOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL;
      try {
        // A bare host[:port] means https, the only scheme an endpoint may have.
        url = new URL(entry.includes('://') ? entry : `https://${entry}`);
      } catch {
        throw new Error(`PUSH_ENDPOINT_ORIGINS must list origins such as https://push.example.org:8443, not "${entry}"`);
      }
      return url.origin;
    });
}

/** Why the endpoint is refused, or null when the server may send to it. */
export function endpointProblem(endpoint: string, allowedOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The endpoint is not a URL.';
  }
  if (url.protocol !== 'https:') return 'The endpoint must be an https: URL.';
  if (url.username !== '' || url.password !== '') return 'The endpoint must not hold a user name or password.';
  if (allowedOrigins.includes(url.origin)) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (isIP(host) !== 0) return isInternalAddress(host) ? 'The endpoint names a private or internal address.' : null;
  if (!host.includes('.') || INTERNAL_NAME.test(host)) return 'The endpoint names a local or internal host.';
  return null;
}

/** Whether the endpoint's origin is one PUSH_ENDPOINT_ORIGINS allows whatever its address. */
export function isAllowedOrigin(endpoint: string, allowedOrigins: readonly string[]): boolean {
  try {
    return allowedOrigins.includes(new URL(endpoint).origin);
  } catch {
    return false;
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function base64url(text: string): Buffer | null {
  return BASE64URL.test(text) ? Buffer.from(text.replace(/=+$/, ''), 'base64url') : null;
}

/**
 * Why a subscription's keys cannot encrypt a push, or null: p256dh must be an uncompressed P-256
 * point (65 bytes, 0x04 first) that lies on the curve, auth 16 bytes, both base64url.
 */
export function subscriptionKeysProblem(keys: { p256dh: string; auth: string }): string | null {
  const point = base64url(keys.p256dh);
  if (!point || point.length !== 65 || point[0] !== 0x04) return 'keys.p256dh must be a P-256 public key: 65 bytes, uncompressed, base64url.';
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  } catch {
    return 'keys.p256dh is not a point on the P-256 curve.';
  }
  const auth = base64url(keys.auth);
  if (!auth || auth.length !== 16) return 'keys.auth must be 16 bytes, base64url.';
  return null;
}
