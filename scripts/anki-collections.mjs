/**
 * Anki's collection files for the fixtures (scripts/make-anki-fixtures.mjs) and the bench
 * (scripts/bench/anki.mjs): the schemas (rslib/src/storage/schema11.sql and
 * upgrades/schema15_upgrade.sql in ankitects/anki, cut to the tables the reader and a realistic
 * package need) and the zstd compression of collection.anki21b.
 *
 * Node 20 has no zstd encoder, and npm's (e.g. @bokuweb/zstd-wasm) would be a dependency for test
 * files only: `zstd` compresses with the `zstd` command when it is on the PATH, and otherwise writes
 * a zstd frame of raw (stored) blocks, which is valid zstd that every decoder reads.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

/** The SQLite driver for this Node.js (server/src/db/sqliteDriver.ts). */
export const SQLite = createRequire(import.meta.url)(Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20');

export const SCHEMA11 = `
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
  ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
  models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
  flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
  ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL,
  odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
  ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
`;

// Schema 18 (Anki 2.1.50+): the same four tables plus the ones that replaced col's JSON. Names are
// declared with Anki's own `unicase` collation; better-sqlite3 cannot declare one, so the tables are
// made with NOCASE and the declaration is then written as Anki writes it (see withUnicase).
export const SCHEMA18 = `${SCHEMA11.replace('CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);', '')}
CREATE TABLE graves (oid integer NOT NULL, type integer NOT NULL, usn integer NOT NULL, PRIMARY KEY (oid, type)) WITHOUT ROWID;
CREATE TABLE deck_config (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE NOCASE, mtime_secs integer NOT NULL,
  usn integer NOT NULL, config blob NOT NULL);
CREATE TABLE config (KEY text NOT NULL PRIMARY KEY, usn integer NOT NULL, mtime_secs integer NOT NULL, val blob NOT NULL) WITHOUT ROWID;
CREATE TABLE notetypes (id integer NOT NULL PRIMARY KEY, name text NOT NULL COLLATE NOCASE, mtime_secs integer NOT NULL,
  usn integer NOT NULL, config blob NOT NULL);
CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE NOCASE, mtime_secs integer NOT NULL,
  usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL);
CREATE UNIQUE INDEX idx_decks_name ON decks (name);
CREATE TABLE tags (tag text NOT NULL PRIMARY KEY COLLATE NOCASE, usn integer NOT NULL, collapsed boolean NOT NULL, config blob NULL) WITHOUT ROWID;
`;

/** Writes Anki's `unicase` collation into the schema, as real schema-18 collections declare it. */
export function withUnicase(db) {
  db.unsafeMode(true);
  db.pragma('writable_schema = ON');
  db.prepare("UPDATE sqlite_master SET sql = replace(sql, 'COLLATE NOCASE', 'COLLATE unicase') WHERE type = 'table'").run();
  db.pragma('writable_schema = OFF');
}

/** A zstd frame of raw blocks: valid zstd without compression (RFC 8878 3.1.1). */
function zstdRawFrame(data) {
  const BLOCK = 128 * 1024;
  const blocks = Math.max(1, Math.ceil(data.length / BLOCK));
  const out = new Uint8Array(4 + 1 + 8 + blocks * 3 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0xfd2fb528, true);
  out[4] = 0xe0; // single segment, 8-byte content size, no checksum, no dictionary
  view.setBigUint64(5, BigInt(data.length), true);
  let at = 13;
  for (let i = 0; i < blocks; i++) {
    const chunk = data.subarray(i * BLOCK, (i + 1) * BLOCK);
    const header = (chunk.length << 3) | (0 << 1) | (i === blocks - 1 ? 1 : 0);
    out[at] = header & 0xff;
    out[at + 1] = (header >> 8) & 0xff;
    out[at + 2] = (header >> 16) & 0xff;
    out.set(chunk, at + 3);
    at += 3 + chunk.length;
  }
  return out;
}

export function zstd(data) {
  const cli = spawnSync('zstd', ['-q', '-c'], { input: data, maxBuffer: 1 << 30 });
  if (cli.status === 0 && cli.stdout.length > 0) return { bytes: new Uint8Array(cli.stdout), how: 'zstd at its default level' };
  return { bytes: zstdRawFrame(data), how: 'raw zstd blocks' };
}

