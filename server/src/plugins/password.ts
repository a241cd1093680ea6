/**
 * scrypt password hashes in the self-describing form scrypt$<log2 N>$<r>$<p>$<salt>$<hash>, so
 * verification always uses the parameters a hash was made with (tests may hash cheaply), and the
 * list of common passwords that sign-up refuses.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH, passwordLength } from '@common/domain';

export interface HashCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's recommended scrypt parameters. */
export const PRODUCTION_HASH_COST: HashCost = { N: 2 ** 17, r: 8, p: 1 };

export const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
export const MAX_MEMORY = 256 * 1024 * 1024;

/** Runs one scrypt; the server passes its hash queue's, which keeps hashing off libuv's threads. */
export type ScryptRunner = (password: string, salt: Buffer, options: ScryptOptions & HashCost) => Promise<Buffer>;

/** node:crypto's async scrypt, on libuv's thread pool: fine for one hash at start-up and in tests. */
export const libuvScrypt: ScryptRunner = (password, salt, options) =>
  new Promise((resolve, reject) => scryptCallback(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))));

const scrypt = (run: ScryptRunner, password: string, salt: Buffer, cost: HashCost) =>
  run(password.normalize('NFC'), salt, { ...cost, maxmem: MAX_MEMORY });

export async function hashPassword(password: string, cost: HashCost, run: ScryptRunner = libuvScrypt): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(run, password, salt, cost);
  return ['scrypt', Math.log2(cost.N), cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export function parseHash(stored: string): { cost: HashCost; salt: Buffer; key: Buffer } | null {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return null;
  return { cost: { N: 2 ** Number(logN), r: Number(r), p: Number(p) }, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

export async function verifyPassword(password: string, stored: string, run: ScryptRunner = libuvScrypt): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scrypt(run, password, parsed.salt, parsed.cost);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/**
 * The maintained zxcvbn-ts list of the most common passwords (about 49,000, lower case), kept
 * when at least as long as sign-up allows: about 18,000 candidates an attacker tries first.
 */
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].filter((p) => passwordLength(p) >= PASSWORD_MIN_LENGTH));

/**
 * The list leaves sequences, repeats and keyboard walks to zxcvbn's pattern matchers, which we run
 * here with the keyboard layouts and no dictionary (the list above is the dictionary check): a
 * password made of nothing but such patterns (`987654321`, `abcdefgh`, `aaaaaaaa`, `12341234`,
 * `qwertyui`, `1qaz2wsx`) is tried by a guesser as early as a common one.
 */
const patternMatcher = new ZxcvbnFactory({ graphs: adjacencyGraphs });
const GUESSABLE_PATTERNS = new Set(['sequence', 'repeat', 'spatial']);
const isOnlyPatterns = (password: string): boolean => patternMatcher.check(password).sequence.every((match) => GUESSABLE_PATTERNS.has(match.pattern));

/** Case does not make a common password less guessable: `Password1` is tried as early as `password1`. */
export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(password.toLowerCase()) || isOnlyPatterns(password);

export const commonPasswordCount = (): number => COMMON_PASSWORDS.size;
