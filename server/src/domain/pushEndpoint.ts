/**
 * Which push endpoints the server may send to. The server makes requests to an endpoint a
 * learner gave it, so without this guard anyone could make it call into the host's own network
 * (SSRF): only https on the default port, and never a loopback, private, link-local, shared
 * (CGNAT), multicast, reserved or other internal address, whether written as a name, a dotted,
 * numeric, octal or hex IPv4 (the URL parser turns those into dotted form), an IPv6, or an
 * IPv4-mapped (::ffff:0:0/96) or IPv4-compatible (::/96) IPv6 address, read as the IPv4 it holds.
 *
 * The host is checked as the sender will connect to it: `web-push` reads the URL with the legacy
 * `url.parse`, which cuts a host at `%` where the WHATWG parser does not, so an endpoint whose two
 * parsers disagree on host or port is refused, and so is an authority holding anything but
 * letters, digits, `.`, `-` (and an IPv6 literal in brackets): no `%`, `@`, `\`, spaces, tabs or
 * newlines, which the WHATWG parser would otherwise strip or decode silently. One trailing dot is
 * the same name; two are refused.
 * PUSH_ENDPOINT_ORIGINS lists origins allowed anyway, any port and address (a self-hosted push
 * service, tests). The same rule holds at send time, for the URL and for every address a name
 * resolves to (pushSender.ts).
 */
import { createPublicKey } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { parse as legacyParse } from 'node:url';

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

/** The eight 16-bit groups of an IPv6 address (no brackets, no zone), a trailing dotted IPv4 included; null if malformed. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1].split('.').map(Number);
    if (parts.some((n) => n > 255)) return null;
    text = text.slice(0, -dotted[1].length) + `${((parts[0] << 8) | parts[1]).toString(16)}:${((parts[2] << 8) | parts[3]).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const read = (part: string) => (part === '' ? [] : part.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = read(halves[0]);
  const tail = halves.length === 2 ? read(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.some(Number.isNaN) ? null : groups;
}

/** The IPv4 address an IPv4-mapped (::ffff:a.b.c.d) or IPv4-compatible (::a.b.c.d) IPv6 address holds, else null. */
export function embeddedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (!groups || groups.slice(0, 5).some((g) => g !== 0) || (groups[5] !== 0 && groups[5] !== 0xffff)) return null;
  return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.');
}

/** True for an address (IPv4 or IPv6, no brackets) no learner's push service may have. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return internal.check(address, 'ipv4');
  if (family === 6) {
    // ::/96 and ::ffff:0:0/96 are read as the IPv4 they hold (:: and ::1 become 0.0.0.0 and 0.0.0.1, "this network").
    const v4 = embeddedIpv4(address);
    return v4 !== null ? internal.check(v4, 'ipv4') : internal.check(address, 'ipv6');
  }
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

/** The authority as written: letters, digits, dots and hyphens, or an IPv6 literal in brackets, then an optional port. */
const AUTHORITY = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

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
  // The WHATWG parser strips tabs and newlines and turns `\` into `/`: read the authority as written.
  const written = /^https:\/\/([^/?#]*)/i.exec(endpoint);
  if (!written || !AUTHORITY.test(written[1]) || /[\s\\]/.test(endpoint)) return 'The endpoint host may hold only letters, digits, "." and "-".';
  const legacy = legacyParse(endpoint);
  const host = url.hostname;
  const legacyHost = legacy.hostname?.includes(':') ? `[${legacy.hostname}]` : legacy.hostname;
  if (legacyHost?.toLowerCase() !== host || (legacy.port ?? '') !== (url.port === '' ? (legacy.port === '443' ? '443' : '') : url.port)) {
    return 'The endpoint host is read differently by different URL parsers.';
  }
  if (/\.\.$/.test(host)) return 'The endpoint host must not end in more than one dot.';
  if (allowedOrigins.includes(url.origin)) return null;
  if (url.port !== '') return 'The endpoint must use the default https port.';
  const bare = host.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (isIP(bare) !== 0) return isInternalAddress(bare) ? 'The endpoint names a private or internal address.' : null;
  if (!/^[a-z0-9.-]+$/.test(bare)) return 'The endpoint host may hold only letters, digits, "." and "-".';
  if (!bare.includes('.') || INTERNAL_NAME.test(bare)) return 'The endpoint names a local or internal host.';
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
