/**
 * Answers a process computed at one data version of a language (db/dataVersion.ts), given again
 * while the version has not moved (issue #29): the calendar summary and a month of days are read
 * on every dashboard load and after every add, and cost several statements to compute, while the
 * version is one primary-key read. Every write that could change them moves the version in its
 * own transaction, so a remembered answer is never staler than the database, whichever process
 * wrote; an answer computed while a write committed is filed under the older version it read
 * first, and only costs one more computation. Bounded per kind (oldest first out), per database.
 * A cache of what the database holds, so it lives beside the data: callers ask `remembered`.
 */
import type { Kysely } from 'kysely';
import type { Database } from './database';
import { dataVersion } from './dataVersion';

/** Entries kept per kind: a summary is a few numbers; a range at most RECORDS_PER_CHUNK records (about 10 KB). */
const LIMITS = { summary: 20_000, range: 2_000 } as const;
export type AnswerKind = keyof typeof LIMITS;

class AnswerMemory {
  private readonly kinds = new Map<AnswerKind, Map<string, unknown>>();

  get<T>(kind: AnswerKind, version: string, detail: string): T | undefined {
    return this.entries(kind).get(`${version}\u0000${detail}`) as T | undefined;
  }

  set<T>(kind: AnswerKind, version: string, detail: string, answer: T): void {
    const entries = this.entries(kind);
    if (entries.size >= LIMITS[kind]) entries.delete(entries.keys().next().value as string);
    entries.set(`${version}\u0000${detail}`, answer);
  }

  private entries(kind: AnswerKind): Map<string, unknown> {
    let entries = this.kinds.get(kind);
    if (!entries) this.kinds.set(kind, (entries = new Map()));
    return entries;
  }
}

const memories = new WeakMap<Kysely<Database>, AnswerMemory>();

/** The memory of one database's answers (tests run many apps, on both dialects, in one process). */
function answerMemory(db: Kysely<Database>): AnswerMemory {
  let memory = memories.get(db);
  if (!memory) memories.set(db, (memory = new AnswerMemory()));
  return memory;
}

/**
 * The answer given at the language's current data version for `detail`, else `compute`'s,
 * remembered when `keep` says so (an answer too long to hold, such as a stream, is not). Without
 * the language's row (no version) nothing is remembered.
 */
export async function remembered<T>(
  db: Kysely<Database>,
  kind: AnswerKind,
  key: { userId: number; language: string },
  detail: string,
  compute: () => Promise<T>,
  keep: (answer: T) => boolean = () => true,
): Promise<T> {
  const version = await dataVersion(db, key);
  const memory = answerMemory(db);
  const known = version === null ? undefined : memory.get<T>(kind, version, detail);
  if (known) return known;
  const answer = await compute();
  if (version !== null && keep(answer)) memory.set(kind, version, detail, answer);
  return answer;
}
