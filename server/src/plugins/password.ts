/**
 * scrypt password hashes in the self-describing form scrypt$<log2 N>$<r>$<p>$<salt>$<hash>, so
 * verification always uses the parameters a hash was made with (tests may hash cheaply).
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface HashCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's recommended scrypt parameters. */
export const PRODUCTION_HASH_COST: HashCost = { N: 2 ** 17, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const MAX_MEMORY = 256 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, cost: HashCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string, cost: HashCost): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, cost);
  return ['scrypt', Math.log2(cost.N), cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export function parseHash(stored: string): { cost: HashCost; salt: Buffer; key: Buffer } | null {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return null;
  return { cost: { N: 2 ** Number(logN), r: Number(r), p: Number(p) }, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.cost);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}
