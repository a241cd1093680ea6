/**
 * #30: on SQLite the write-ahead log is copied into the database file by a thread of its own
 * (db/checkpoints.ts), not in the step of the COMMIT that fills it: a large import's COMMIT no
 * longer holds every other request for the copy. The log still never grows without bound, and what
 * was committed is what every connection reads.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/index';
import type { Database } from '../src/db/database';

const onSqlite = process.env.TEST_DB === 'postgres' ? describe.skip : describe;
const size = (file: string) => statSync(file).size;
/** One commit of about 5 MB: over the 1,000 pages at which SQLite's own connection would copy the log at the COMMIT. */
const ROWS = 5000;
const ROW_BYTES = 1000;

/** Waits until the database file holds at least `bytes` and has stopped growing: the thread's checkpoint has ended. */
async function fileSettledOver(file: string, bytes: number, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  let last = -1;
  let sameSince = Date.now();
  while (Date.now() < end) {
    const now = size(file);
    if (now !== last) [last, sameSince] = [now, Date.now()];
    else if (now > bytes && Date.now() - sameSince > 1200) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

onSqlite('the SQLite log copied into the database file off the server connection', () => {
  let dir = '';
  let db: Kysely<Database> | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it("a large commit leaves the copy to the checkpoint thread: the server's connection does not checkpoint, yet the file takes the rows and the log is reused", async () => {
    dir = mkdtempSync(join(tmpdir(), 'lingualog-checkpoint-'));
    const file = join(dir, 'db.sqlite');
    db = createDatabase(file);
    const autocheckpoint = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(autocheckpoint.rows[0]?.wal_autocheckpoint).toBe(0);

    await sql`create table filler (n integer primary key, text text not null)`.execute(db);
    const fileBefore = size(file);
    const commitRows = (from: number) =>
      db!.transaction().execute(async (tx) => {
        for (let n = from; n < from + ROWS; n++) await sql`insert into filler values (${n}, ${'x'.repeat(ROW_BYTES)})`.execute(tx);
      });
    await commitRows(0);
    // Over 1,000 pages in the log: SQLite's own connection would have copied them at this COMMIT.
    expect(size(`${file}-wal`)).toBeGreaterThan(1000 * 4096);
    expect(await fileSettledOver(file, fileBefore + ROWS * ROW_BYTES), 'the thread copied the log into the file').toBe(true);

    // The next transactions start the log over once it is copied: it stays at the size of one commit.
    const logAfterOne = size(`${file}-wal`);
    for (let round = 1; round <= 3; round++) {
      await commitRows(round * ROWS);
      expect(await fileSettledOver(file, fileBefore + (round + 1) * ROWS * ROW_BYTES)).toBe(true);
    }
    expect(size(`${file}-wal`)).toBeLessThanOrEqual(logAfterOne * 1.1);
    const count = await sql<{ n: number }>`select count(*) as n from filler`.execute(db);
    expect(Number(count.rows[0]?.n)).toBe(4 * ROWS);
  });
});
